import { z } from 'zod';

/** Vault accounts: the accounts orders settle from and to and transfers move between, with their balances. */

export const VaultAsset = z.object({
  id: z.string().meta({ description: 'Legacy asset id.' }),
  total: z.string(),
  balance: z.string(),
  available: z.string(),
  pending: z.string(),
  frozen: z.string(),
  lockedAmount: z.string(),
});
export const VaultAccount = z.object({ id: z.string(), name: z.string(), hiddenOnUI: z.boolean(), autoFuel: z.boolean(), assets: z.array(VaultAsset) });
export type VaultAccount = z.infer<typeof VaultAccount>;

export const VAULT_LISTING_LIMIT_PER_MINUTE = 400_000;

export const VaultAccountsPagedQuery = z.object({
  namePrefix: z.string().max(100).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, { error: 'limit must be between 1 and 500' })
    .max(500, { error: 'limit must be between 1 and 500' })
    .default(200),
  after: z.string().max(1024).optional(),
});
export const VaultAccountsPaged = z.object({ accounts: z.array(VaultAccount), paging: z.object({ after: z.string().optional() }) });
export const VaultAccountsLegacyQuery = z.object({ namePrefix: z.string().max(100).optional() });
