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

export const VaultAccountIdParam = z.object({ vaultAccountId: z.string().min(1).max(100) });
export const VaultAccountAssetParams = VaultAccountIdParam.extend({ assetId: z.string().min(1).max(100).meta({ description: 'Legacy asset id.' }) });

/** A deposit address of a vault account's asset wallet, in the public API's `VaultWalletAddress` shape. */
export const VaultWalletAddress = z.object({
  assetId: z.string(),
  address: z.string(),
  description: z.string(),
  /** The destination tag or memo, on the chains that use one. */
  tag: z.string(),
  type: z.literal('Permanent'),
  customerRefId: z.string(),
  addressFormat: z.enum(['SEGWIT', 'LEGACY', 'BASE', 'PAYMENT']),
  legacyAddress: z.string(),
  enterpriseAddress: z.string(),
  bip44AddressIndex: z.number().int(),
  userDefined: z.boolean(),
});
export type VaultWalletAddress = z.infer<typeof VaultWalletAddress>;
export const VaultAddressesQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, { error: 'limit must be between 1 and 1000' })
    .max(1000, { error: 'limit must be between 1 and 1000' })
    .default(200),
});
/** Each asset wallet of the simulated vault has one address, so a page is every address and `paging` stays empty. */
export const VaultAddressesPage = z.object({
  addresses: z.array(VaultWalletAddress),
  paging: z.object({ before: z.string().optional(), after: z.string().optional() }),
});
