import { z } from 'zod';

/** Earn (beta): lending providers and the approval of their terms of service. */

const ProviderId = z
  .string({ error: 'providerId is required' })
  .min(1, { error: 'providerId is required' })
  .max(50, { error: 'providerId must be at most 50 characters' })
  .meta({ description: 'e.g. AAVE or MORPHO' });

/** The most chain ids a provider may list: the bound of the public API's EarnProvider model. */
export const EARN_MAX_CHAIN_IDS = 10;

export const EarnProvider = z.object({
  providerId: z.string(),
  displayName: z.string(),
  logoUrl: z.string(),
  supportedChainIds: z
    .array(z.number().int())
    .max(EARN_MAX_CHAIN_IDS)
    .meta({ description: `EVM chain ids (EIP-155), at most ${EARN_MAX_CHAIN_IDS}.` }),
  isTermsApprovalRequired: z.boolean(),
  termsOfServiceUrl: z.string(),
  isTermsOfServiceApproved: z.boolean(),
});
export type EarnProvider = z.infer<typeof EarnProvider>;

/** The fields a list can be sorted by: every field of a provider. */
export const EARN_SORT_FIELDS = [
  'providerId',
  'displayName',
  'logoUrl',
  'supportedChainIds',
  'isTermsApprovalRequired',
  'termsOfServiceUrl',
  'isTermsOfServiceApproved',
] as const;
export type EarnSortField = (typeof EARN_SORT_FIELDS)[number];

export const EARN_PAGE_SIZE = { min: 1, max: 100, default: 100 } as const;

export const EarnProvidersQuery = z.object({
  pageCursor: z.string().max(1024, { error: 'pageCursor is too long' }).optional(),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int({ error: 'pageSize must be a whole number' })
    .min(EARN_PAGE_SIZE.min, { error: 'pageSize must be between 1 and 100' })
    .max(EARN_PAGE_SIZE.max, { error: 'pageSize must be between 1 and 100' })
    .default(EARN_PAGE_SIZE.default),
  sortBy: z.enum(EARN_SORT_FIELDS, { error: `sortBy must be a provider field: ${EARN_SORT_FIELDS.join(', ')}` }).default('providerId'),
  order: z.enum(['ASC', 'DESC'], { error: 'order must be ASC or DESC' }).default('DESC'),
});
export type EarnProvidersQuery = z.input<typeof EarnProvidersQuery>;

export const EarnProvidersResponse = z.object({
  data: z.array(EarnProvider),
  total: z.number().int().meta({ description: 'How many providers match.' }),
  next: z.string().meta({ description: 'Cursor of the next page; empty on the last page.' }),
  prev: z.string().meta({ description: 'Cursor of the previous page; empty on the first page.' }),
});
export type EarnProvidersResponse = z.infer<typeof EarnProvidersResponse>;

export const ApproveTermsRequest = z.strictObject({ providerId: ProviderId });
export const EarnProviderParam = z.object({ providerId: ProviderId });

/** Names of the EVM chains earn providers support, so people read "Base" rather than 8453. */
export const EVM_CHAIN_NAMES: Record<number, string> = {
  1: 'Ethereum',
  10: 'OP Mainnet',
  56: 'BNB Smart Chain',
  100: 'Gnosis',
  130: 'Unichain',
  137: 'Polygon',
  146: 'Sonic',
  324: 'zkSync Era',
  480: 'World Chain',
  5000: 'Mantle',
  8453: 'Base',
  42161: 'Arbitrum One',
  42220: 'Celo',
  43114: 'Avalanche C-Chain',
  59144: 'Linea',
  534352: 'Scroll',
};
