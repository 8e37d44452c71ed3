import { z } from 'zod';
import { Role } from './roles';

export const USER_STATUSES = ['PENDING_ACTIVATION', 'PENDING_DEVICE_PAIRING', 'PENDING_DEVICE_SETUP', 'READY'] as const;
export const UserStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatus>;

export const ApiUser = z.object({
  id: z.string().meta({ description: 'The API user id, which is also its API key.' }),
  name: z.string(),
  role: Role,
  enabled: z.boolean(),
  status: UserStatus,
  userType: z.enum(['API', 'CONSOLE']),
});
export type ApiUser = z.infer<typeof ApiUser>;

export const ApiUsersResponse = z.object({ users: z.array(ApiUser) });
export type ApiUsersResponse = z.infer<typeof ApiUsersResponse>;

/**
 * Who acted, as the console names them: a console user or an API user of the caller's workspace,
 * with the role they hold now. Events and records keep ids (and some a name as it was); the
 * console looks each id up here, so a name and a role are read from one place.
 */
export const Person = z.object({
  id: z.string().meta({ description: 'The user id, or the API user id (its API key), as events and records carry it.' }),
  name: z.string(),
  kind: z.enum(['user', 'apiUser']).meta({ description: 'user: a console user; apiUser: an API user.' }),
  role: Role,
});
export type Person = z.infer<typeof Person>;
export const PeopleResponse = z.object({ people: z.array(Person).meta({ description: 'Every console user and API user of the workspace, by name.' }) });
export type PeopleResponse = z.infer<typeof PeopleResponse>;

/** The `userId` of a path: an API user's (its API key) or a console user's. */
export const UserIdParam = z.object({ userId: z.uuid({ error: 'userId must be a UUID' }) });

/**
 * One console user of the caller's workspace, for the page a name links to. What a role may not
 * read elsewhere is left out (null) for it: the last sign-in comes from the audit log, the passkey
 * count is what the passkey policy's readers weigh.
 */
export const ConsoleUser = Person.omit({ kind: true }).extend({
  enabled: z.boolean().meta({ description: 'A disabled console user can no longer sign in.' }),
  createdAt: z.number().int().meta({ description: 'Epoch milliseconds.' }),
  lastSignedInAt: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Epoch milliseconds of the latest sign-in the audit log records; null if none, or for a role that may not read the audit log.' }),
  passkeys: z.number().int().nullable().meta({ description: 'How many passkeys the user has; null for a role that may not read the passkey policy.' }),
});
export type ConsoleUser = z.infer<typeof ConsoleUser>;

export const SetApiUserEnabledRequest = z.strictObject({ enabled: z.boolean() });

/** Roles whose holders are "admins who count" for the admin quorum. */
export const QUORUM_ROLES = ['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN'] as const;

export const AdminQuorumRequest = z.strictObject({
  adminQuorumThreshold: z
    .number({ error: 'adminQuorumThreshold must be a number' })
    .int({ error: 'adminQuorumThreshold must be a whole number' })
    .min(1, { error: 'adminQuorumThreshold must be at least 1' }),
});
export type AdminQuorumRequest = z.infer<typeof AdminQuorumRequest>;

export const AdminQuorumResponse = z.object({ message: z.string() });

export const QuorumAdmin = z.object({ id: z.string(), name: z.string(), email: z.string(), role: Role });
export const AdminQuorumState = z.object({
  adminQuorumThreshold: z.number().int(),
  admins: z.array(QuorumAdmin).meta({ description: 'Enabled admins whose approvals count.' }),
  pendingRequestId: z.string().nullable(),
});
export type AdminQuorumState = z.infer<typeof AdminQuorumState>;

export const APPROVAL_KINDS = ['ADMIN_QUORUM_THRESHOLD', 'API_USER_CREATION', 'PASSKEY_POLICY'] as const;
export const APPROVAL_STATUSES = ['PENDING', 'EXECUTED', 'REJECTED', 'CANCELED'] as const;

export const ApprovalDecision = z.object({
  userId: z.string(),
  userName: z.string(),
  decision: z.enum(['APPROVE', 'REJECT']),
  decidedAt: z.number().int(),
  passkey: z
    .object({ credentialId: z.string(), name: z.string() })
    .nullable()
    .meta({ description: 'The passkey whose assertion, bound to this request, confirmed the decision; null when none was given.' }),
});

export const ApprovalRequest = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  summary: z.string().meta({ description: 'What the request changes, in words.' }),
  change: z.record(z.string(), z.unknown()).meta({ description: 'The change itself (no secrets).' }),
  requestedBy: z.object({ id: z.string(), name: z.string() }),
  requiredApprovals: z.number().int().meta({ description: 'The threshold in force when the request was raised.' }),
  approvals: z.number().int(),
  decisions: z.array(ApprovalDecision),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequest>;

export const ApprovalListQuery = z.object({
  status: z.enum(['PENDING', 'DECIDED'], { error: 'status must be PENDING or DECIDED' }).optional(),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int({ error: 'pageSize must be a whole number' })
    .min(1, { error: 'pageSize must be between 1 and 100' })
    .max(100, { error: 'pageSize must be between 1 and 100' })
    .default(20),
  pageCursor: z.string().max(1024).optional(),
});
export const ApprovalList = z.object({ data: z.array(ApprovalRequest), next: z.string().nullable(), pendingCount: z.number().int() });
export type ApprovalList = z.infer<typeof ApprovalList>;
export const ApprovalIdParam = z.object({ requestId: z.uuid({ error: 'requestId must be a UUID' }) });

export const CreateApiUserRequest = z.strictObject({
  role: Role,
  name: z.string({ error: 'name is required' }).trim().min(1, { error: 'name must not be empty' }).max(30, { error: 'name must be at most 30 characters' }),
  csrPem: z.string({ error: 'csrPem is required' }).min(1, { error: 'csrPem is required' }).max(20_000, { error: 'csrPem is too long' }),
  coSignerSetupType: z.string().min(1).max(50).optional(),
  coSignerSetupIsFirstUser: z.boolean().optional(),
});
export type CreateApiUserRequest = z.infer<typeof CreateApiUserRequest>;

export const PairingTokenResponse = ApiUser.extend({ pairingToken: z.string().meta({ description: 'Single-use, expires after 24 hours; shown once.' }) });
export type PairingTokenResponse = z.infer<typeof PairingTokenResponse>;

export const RedeemPairingRequest = z.strictObject({ pairingToken: z.string().min(1).max(4096) });
export const RedeemPairingResponse = z.object({
  userId: z.string(),
  status: UserStatus,
  setupToken: z.string().meta({ description: 'Completes the device setup; single use.' }),
});
export const CompleteSetupRequest = z.strictObject({ setupToken: z.string().min(1).max(4096) });
export const CompleteSetupResponse = z.object({ userId: z.string(), status: UserStatus });
