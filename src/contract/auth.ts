import { z } from 'zod';
import { Role } from './roles';

/** Console sign-in (extension; not part of the spec's paths). */
export const SignInRequest = z.strictObject({
  email: z.email({ error: 'email must be an email address' }).max(254),
  password: z.string().min(1, { error: 'password is required' }).max(1024),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

export const SessionUser = z.object({
  id: z.string(),
  kind: z.enum(['CONSOLE', 'API']),
  name: z.string(),
  email: z.string().nullable(),
  role: Role,
  workspaceId: z.string(),
  workspaceName: z.string(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionResponse = z.object({
  accessToken: z.string().meta({ description: 'Short-lived bearer token; keep it in memory only.' }),
  expiresAt: z.number().int().meta({ description: 'Expiry of the access token, epoch milliseconds.' }),
  user: SessionUser,
});
export type SessionResponse = z.infer<typeof SessionResponse>;
