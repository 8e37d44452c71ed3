import type { Role } from './roles';

/**
 * The one table of operations: who may call each one, which rate-limit category it counts
 * against, and whether it honours Idempotency-Key. The server's role and rate-limit middleware
 * and the console's navigation both read it, so the two can never disagree.
 *
 * `roles: 'any'` means the spec states no role restriction: any signed-in role may call it.
 * Role lists copy the spec's per-operation lists literally (so Owner is not in "List API keys").
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
  decideApprovalRequest: op(['OWNER', ...ADMINS], 'write', true),
  setApiUserEnabled: op(['OWNER', ...ADMINS], 'write', true),
  // Audit (spec)
  getAuditLogs: op(AUDIT_READERS, 'query'),
  getAuditDimensions: op(AUDIT_READERS, 'query'),
  verifyAuditChain: op(AUDIT_READERS, 'query'),
  // Catalogue (spec): no role lists except where stated
  listAssets: op('any', 'external_query'),
  listBlockchains: op('any', 'external_query'),
  // Trading (spec)
  createOrder: op(['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN', 'SIGNER', 'EDITOR'], 'write', true),
  listOrders: op('any', 'query'),
  // Compliance and the rest: no stated roles
  listTravelRuleMessages: op('any', 'query'),
  updateScreeningConfiguration: op('any', 'write', true),
  listEarnProviders: op('any', 'query'),
  listTransactions: op('any', 'query'),
  listWebhooks: op('any', 'query'),
  // Quorum (spec states no roles; approvals belong to the admins who count)
  updateAdminQuorum: op(['OWNER', ...ADMINS], 'write', true),
  // Console session (extension): always allowed to the signed-in principal
  getSession: op('any', 'query'),
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof OPERATIONS;

export function mayPerform(role: Role, operationId: OperationId): boolean {
  const { roles } = OPERATIONS[operationId];
  return roles === 'any' || (roles as readonly Role[]).includes(role);
}
