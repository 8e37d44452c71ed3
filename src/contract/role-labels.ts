import type { Role } from './roles';

/** How each wire role is named to people (the spec's names), apart from roles.ts so the sign-in chunk does not carry zod. */
export const ROLE_LABELS: Record<Role, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  SIGNER: 'Signer',
  COLLATERALS_SIGNER: 'Collaterals Signer',
  EDITOR: 'Editor',
  APPROVER: 'Approver',
  VIEWER: 'Viewer',
  NON_SIGNING_ADMIN: 'Non-Signing Admin',
  AUDITOR: 'Auditor',
  NCW_ADMIN: 'NCW Admin',
  NCW_SIGNER: 'NCW Signer',
  SECURITY_ADMIN: 'Security Admin',
  SECURITY_AUDITOR: 'Security Auditor',
};
