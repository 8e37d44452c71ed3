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
