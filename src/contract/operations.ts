import type { Role } from './roles';

/**
 * The one table of operations: who may call each one, which rate-limit category it counts
 * against, and whether it honours Idempotency-Key. The server's role and rate-limit middleware
 * and the console's navigation both read it, so the two can never disagree.
 *
 * `roles: 'any'` means the spec states no role restriction: any signed-in role may call it.
 * Role lists copy the spec's per-operation lists literally (so Owner is not in "List API keys").
 * Each key is the operationId of its one route in /v1/openapi.json, whose description, role and
 * rate extensions and Idempotency-Key header are generated from the entry (contract/routes/operation.ts).
 */
export type RateCategory = 'write' | 'query' | 'external_query' | 'high_compute';

export interface Operation {
  roles: readonly Role[] | 'any';
  category: RateCategory;
  idempotent: boolean;
}

const op = (roles: Operation['roles'], category: RateCategory, idempotent = false): Operation => ({
  roles,
  category,
  idempotent,
});

const ADMINS = ['ADMIN', 'NON_SIGNING_ADMIN'] as const;
const AUDIT_READERS = ['ADMIN', 'NON_SIGNING_ADMIN', 'AUDITOR', 'SECURITY_ADMIN', 'SECURITY_AUDITOR'] as const;

export const OPERATIONS = {
  // Administration (spec)
  listApiUsers: op(ADMINS, 'query'),
  createApiUser: op(ADMINS, 'write', true),
  issuePairingToken: op(['OWNER', ...ADMINS], 'write', true),
  // Extensions used by the console and operators
  getApiUser: op(ADMINS, 'query'),
  getAdminQuorum: op(['OWNER', ...ADMINS, 'AUDITOR'], 'query'),
  listApprovalRequests: op(['OWNER', ...ADMINS, 'AUDITOR'], 'query'),
  getApprovalRequest: op(['OWNER', ...ADMINS, 'AUDITOR'], 'query'),
  approveApprovalRequest: op(['OWNER', ...ADMINS], 'write', true),
  rejectApprovalRequest: op(['OWNER', ...ADMINS], 'write', true),
  cancelApprovalRequest: op(['OWNER', ...ADMINS], 'write', true),
  setApiUserEnabled: op(['OWNER', ...ADMINS], 'write', true),
  // Audit (spec)
  getAuditLogs: op(AUDIT_READERS, 'query'),
  getAuditDimensions: op(AUDIT_READERS, 'query'),
  getAuditHistogram: op(AUDIT_READERS, 'query'),
  // Re-hashes every event of the range: far heavier than a page of the log.
  verifyAuditChain: op(AUDIT_READERS, 'high_compute'),
  // Audit explorer (extensions): an event with its neighbours, and each reader's own saved views
  // and columns, for the roles that may read the log.
  getAuditEventContext: op(AUDIT_READERS, 'query'),
  listAuditViews: op(AUDIT_READERS, 'query'),
  createAuditView: op(AUDIT_READERS, 'write', true),
  renameAuditView: op(AUDIT_READERS, 'write', true),
  deleteAuditView: op(AUDIT_READERS, 'write', true),
  getAuditPreferences: op(AUDIT_READERS, 'query'),
  putAuditPreferences: op(AUDIT_READERS, 'write'),
  getDemoHistoryProgress: op(AUDIT_READERS, 'query'),
  // Catalogue (spec): no role lists except where stated
  listAssets: op('any', 'external_query'),
  getAsset: op('any', 'external_query'),
  registerAsset: op('any', 'high_compute', true),
  updateAssetMetadata: op(['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN', 'NCW_ADMIN', 'SIGNER', 'EDITOR'], 'write', true),
  setAssetPrice: op('any', 'write', true),
  listBlockchains: op('any', 'external_query'),
  getBlockchain: op('any', 'external_query'),
  listSupportedAssets: op(['ADMIN', 'NON_SIGNING_ADMIN', 'SIGNER', 'APPROVER', 'EDITOR'], 'external_query'),
  // Trading (spec)
  createOrder: op(['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN', 'SIGNER', 'EDITOR'], 'write', true),
  listOrders: op('any', 'query'),
  // Trading (wire-facts, beta): no stated roles
  getOrder: op('any', 'query'),
  cancelOrder: op(['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN', 'SIGNER', 'EDITOR'], 'write', true),
  listTradingProviders: op('any', 'query'),
  getTradingProvider: op('any', 'query'),
  createQuote: op('any', 'write', true),
  listVaultAccountsPaged: op('any', 'query'),
  listVaultAccounts: op('any', 'query'),
  // The public API's reads of one vault account, which the console's vault pages show (extensions here: no stated roles)
  getVaultAccount: op('any', 'query'),
  listVaultAccountAssetAddresses: op('any', 'query'),
  // Compliance (spec): no stated roles, so any role; the extensions that stand in for set-up and
  // the transaction engine belong to the admins who configure the workspace. The screening update
  // has no stated roles either, but it can switch off protections against sanctioned funds, so it
  // belongs to the same admins (a Viewer must not be able to unfreeze funds). Resolving a Travel
  // Rule action sends the beneficiary's personal data to the counterparty on the workspace's behalf:
  // a write the read-only roles (Viewer, Auditor, Security Auditor) do not make.
  resolveTravelRuleAction: op(
    ['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN', 'SIGNER', 'COLLATERALS_SIGNER', 'EDITOR', 'APPROVER', 'NCW_ADMIN', 'NCW_SIGNER', 'SECURITY_ADMIN'],
    'write',
    true,
  ),
  getTravelRuleMessage: op('any', 'query'),
  getTravelRuleRequiredActions: op('any', 'query'),
  listVasps: op('any', 'query'),
  getVasp: op('any', 'query'),
  updateScreeningConfiguration: op(['OWNER', ...ADMINS], 'write', true),
  // Compliance (extensions)
  listTravelRuleMessages: op('any', 'query'),
  getTravelRuleIntegration: op('any', 'query'),
  createTravelRuleIntegration: op(['OWNER', ...ADMINS], 'write', true),
  createTravelRuleMessage: op(['OWNER', ...ADMINS], 'write', true),
  getScreeningConfiguration: op('any', 'query'),
  // Earn (spec, beta): no stated roles
  listEarnProviders: op('any', 'query'),
  approveEarnTermsOfService: op('any', 'write', true),
  approveEarnProviderTermsOfService: op('any', 'write', true),
  // Transactions (public API): reads have no stated roles; a transfer moves funds, so it takes
  // the roles that may create an order.
  listTransactions: op('any', 'query'),
  getTransaction: op('any', 'query'),
  createTransaction: op(['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN', 'SIGNER', 'EDITOR'], 'write', true),
  // Webhooks (wire-facts states no roles): anyone may read them, as anyone may read transactions;
  // pointing the workspace's events at a URL, or re-sending them, belongs to its admins.
  listWebhooks: op('any', 'query'),
  getWebhook: op('any', 'query'),
  createWebhook: op(['OWNER', ...ADMINS], 'write', true),
  updateWebhook: op(['OWNER', ...ADMINS], 'write', true),
  deleteWebhook: op(['OWNER', ...ADMINS], 'write', true),
  listWebhookNotifications: op('any', 'query'),
  getWebhookNotification: op('any', 'query'),
  listNotificationAttempts: op('any', 'query'),
  resendNotification: op(['OWNER', ...ADMINS], 'write', true),
  resendFailedNotifications: op(['OWNER', ...ADMINS], 'write', true),
  sendWebhookTestEvent: op(['OWNER', ...ADMINS], 'write', true),
  // Quorum (spec states no roles; approvals belong to the admins who count)
  updateAdminQuorum: op(['OWNER', ...ADMINS], 'write', true),
  // Console session (extension): always allowed to the signed-in principal
  getSession: op('any', 'query'),
  // Console home (extension): any role; each part of the answer is left out (null) for a role
  // that may not read it, by the entries above.
  getHomeSummary: op('any', 'query'),
  // Console people (extension): every role sees who did something somewhere (a transfer's creator,
  // an approval's requester), so every role may read the names and roles behind those ids.
  listPeople: op('any', 'query'),
  // One console user, for the page a name links to: the roles of the list above; what a role may
  // not read elsewhere (the last sign-in, the passkey count) is left out for it.
  getConsoleUser: op('any', 'query'),
  // Live updates (extension): any role; each notice reaches only the roles that may perform the read
  // operation of its kind (LIVE_READS in server/features/live).
  streamEvents: op('any', 'query'),
  // Passkeys (extension, issue 20): console users only, whatever their role (an API user gets 403:
  // it signs every request already). Each manages their own passkeys; the workspace setting belongs
  // to the admins and changes through an approval request, as the quorum does.
  listPasskeys: op('any', 'query'),
  startPasskeyRegistration: op('any', 'write'),
  registerPasskey: op('any', 'write', true),
  renamePasskey: op('any', 'write', true),
  deletePasskey: op('any', 'write', true),
  startStepUp: op('any', 'write'),
  getPasskeyPolicy: op(['OWNER', ...ADMINS, 'AUDITOR'], 'query'),
  updatePasskeyPolicy: op(['OWNER', ...ADMINS], 'write', true),
  getApprovalSignatures: op(['OWNER', ...ADMINS, 'AUDITOR'], 'query'),
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof OPERATIONS;

/**
 * The operations outside the table: they establish who the caller is (a password, the refresh
 * cookie, a pairing token) rather than being authorised by role, so no role or rate entry applies.
 */
export const UNGUARDED_OPERATIONS = [
  'signIn',
  'refreshSession',
  'signOut',
  'redeemPairingToken',
  'completeDeviceSetup',
  'startPasskeySignIn',
  'passkeySignIn',
] as const;

export function mayPerform(role: Role, operationId: OperationId): boolean {
  const { roles } = OPERATIONS[operationId];
  return roles === 'any' || (roles as readonly Role[]).includes(role);
}
