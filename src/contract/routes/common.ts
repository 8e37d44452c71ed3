import { z } from 'zod';

export const IdempotencyHeaders = z.object({
  'idempotency-key': z.string().optional().meta({ description: 'Repeat a request with the same key to get the first response again (24 hours).' }),
});

export const SECURITY: Record<string, string[]>[] = [{ ApiKey: [], ApiJwt: [] }, { ConsoleSession: [] }];

/** Trading and the vault accounts it settles with are one beta, behind one switch per workspace. */
export const BETA = 'Beta: a workspace without trading access gets 403 (access is arranged with the account manager).';
