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

export const ApiUserIdParam = z.object({ userId: z.uuid({ error: 'userId must be a UUID' }) });

export const SetApiUserEnabledRequest = z.strictObject({ enabled: z.boolean() });
