import { z } from 'zod';

/** Wire role names (wire-facts "Roles on the wire"); the spec's names map onto these. */
export const ROLES = [
  'OWNER',
  'ADMIN',
  'SIGNER',
  'COLLATERALS_SIGNER',
  'EDITOR',
  'APPROVER',
  'VIEWER',
  'NON_SIGNING_ADMIN',
  'AUDITOR',
  'NCW_ADMIN',
  'NCW_SIGNER',
  'SECURITY_ADMIN',
  'SECURITY_AUDITOR',
] as const;

export const Role = z.enum(ROLES).meta({ description: 'A role, as named on the wire.' });
export type Role = z.infer<typeof Role>;

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
