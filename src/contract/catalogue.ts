import { z } from 'zod';
import { booleanParam } from './query';

export const ASSET_CLASSES = ['NATIVE', 'FT', 'FIAT', 'NFT', 'SFT', 'VIRTUAL'] as const;
export const ASSET_SCOPES = ['GLOBAL', 'LOCAL'] as const;
/**
 * The SDKs spell a registration answer's scope (their AssetMetadata) `Global | Local`, while an
 * asset's own (AssetDetailsMetadata) and the list filter are `GLOBAL | LOCAL`.
 */
export const REGISTERED_ASSET_SCOPES = ['Global', 'Local'] as const;

export const ASSET_PAGE_SIZE = { min: 100, max: 1000, default: 500 } as const;
export const BLOCKCHAIN_PAGE_SIZE = { min: 1, max: 500, default: 500 } as const;
export const MAX_IDS = 100;
export const MAX_NOTE_LENGTH = 512;

/** Catalogue error codes of the spec (register asset, get asset/blockchain, set price). */
export const CATALOGUE_ERRORS = {
  listingUnsupported: 1000,
  alreadyGlobal: 1001,
  alreadyInWorkspace: 1002,
  invalidAddress: 1003,
  selfServeUnsupported: 1004,
  quotaReached: 1005,
  blockchainDeprecated: 1006,
  standardUnsupported: 1007,
  testnetNotAllowed: 1008,
  mainnetNotAllowed: 1009,
  metadataUnavailable: 1010,
  assetNotFound: 1504,
  blockchainNotFound: 1505,
  // Set asset price uses its own meaning for these two codes.
  priceNotAllowed: 1002,
  currencyNotFound: 1001,
} as const;

const pageSize = (name: string, range: { min: number; max: number; default: number }) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(range.min, { error: `${name} must be between ${range.min} and ${range.max}` })
    .max(range.max, { error: `${name} must be between ${range.min} and ${range.max}` })
    .default(range.default);

/** Repeated `ids` (or one value); at most 100 entries. */
const idsParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter(Boolean)))
  .pipe(
    z
      .array(z.string().max(200))
      .max(MAX_IDS, { error: `ids may list at most ${MAX_IDS} entries` })
      .optional(),
  );

/** The orders the asset list may be asked for (extension). */
export const ASSET_SORTS = ['symbol', '-symbol', 'name', '-name'] as const;
export type AssetSort = (typeof ASSET_SORTS)[number];

export const AssetListQuery = z.object({
  blockchainId: z.string().min(1, { error: 'blockchainId must not be empty' }).max(200).optional(),
  assetClass: z.enum(ASSET_CLASSES, { error: `assetClass must be one of ${ASSET_CLASSES.join(', ')}` }).optional(),
  symbol: z.string().min(1, { error: 'symbol must be at least 1 character' }).max(100).optional(),
  // Both SDKs send GLOBAL | LOCAL; the Global | Local of a registration answer is taken too, so a
  // client can filter by the scope it was given.
  scope: z
    .enum([...ASSET_SCOPES, ...REGISTERED_ASSET_SCOPES], { error: 'scope must be GLOBAL or LOCAL' })
    .transform((v) => v.toUpperCase() as (typeof ASSET_SCOPES)[number])
    .optional(),
  deprecated: booleanParam('deprecated').optional(),
  ids: idsParam,
  q: z.string().trim().min(1, { error: 'q must not be empty' }).max(100, { error: 'q must be at most 100 characters' }).optional().meta({
    description:
      'Extension: search. Assets whose symbol, name or address contains this text, in any case; ranked: an exact symbol first, then symbols that start with it, then the rest.',
  }),
  sort: z
    .enum(ASSET_SORTS, { error: `sort must be one of ${ASSET_SORTS.join(', ')}` })
    .optional()
    .meta({
      description:
        'Extension: the order of the list, by symbol or name (case-insensitive), `-` for descending. Without it the list is in id order, or, with q, ranked and then by symbol.',
    }),
  pageCursor: z.string().max(1024).optional(),
  pageSize: pageSize('pageSize', ASSET_PAGE_SIZE),
});
export type AssetListQuery = z.infer<typeof AssetListQuery>;

export const BlockchainListQuery = z.object({
  protocol: z.string().min(1).max(50).optional(),
  deprecated: booleanParam('deprecated').optional(),
  test: booleanParam('test').optional(),
  ids: idsParam,
  pageCursor: z.string().max(1024).optional(),
  pageSize: pageSize('pageSize', BLOCKCHAIN_PAGE_SIZE),
});
export type BlockchainListQuery = z.infer<typeof BlockchainListQuery>;

export const AssetNote = z.object({
  text: z.string(),
  userId: z.string(),
  userName: z.string(),
  updatedAt: z.string().meta({ description: 'ISO 8601 UTC, milliseconds.' }),
});
export const AssetPrice = z
  .object({
    currency: z.string(),
    price: z.string().meta({ description: 'Decimal string.' }),
    lastUpdateAt: z.number().int().meta({ description: 'Epoch seconds.' }),
  })
  .meta({ description: 'The price this workspace set last (extension).' });

export const Asset = z.object({
  id: z.string(),
  legacyId: z.string(),
  // The SDKs' Asset declares its optional fields absent, never null (the typed conformance test checks it).
  blockchainId: z.string().optional().meta({ description: 'Absent for fiat.' }),
  displayName: z.string(),
  displaySymbol: z.string(),
  assetClass: z.enum(ASSET_CLASSES),
  decimals: z.number().int().optional().meta({ description: 'Fiat assets only.' }),
  onchain: z.object({
    symbol: z.string(),
    name: z.string(),
    address: z.string().optional().meta({ description: 'Absent for a native coin.' }),
    decimals: z.number().int(),
    standards: z.array(z.string()),
  }),
  metadata: z.object({
    scope: z.enum(ASSET_SCOPES),
    verified: z.boolean(),
    deprecated: z.boolean(),
    deprecationReferralId: z.string().optional(),
    website: z.string().optional(),
    media: z.array(z.object({ url: z.string(), type: z.string(), attributes: z.object({ monochrome: z.boolean() }).optional() })),
    note: AssetNote.optional().meta({ description: 'The calling user’s own note; absent when they have none.' }),
    features: z.array(z.string()),
  }),
  price: AssetPrice.optional(),
});
export type Asset = z.infer<typeof Asset>;

export const AssetList = z.object({ data: z.array(Asset), next: z.string().nullable() });
export type AssetList = z.infer<typeof AssetList>;

export const Blockchain = z.object({
  id: z.string(),
  legacyId: z.string(),
  displayName: z.string(),
  nativeAssetId: z.string(),
  onchain: z.object({
    protocol: z.string(),
    chainId: z.string().optional().meta({ description: 'EVM chains only.' }),
    test: z.boolean(),
    signingAlgo: z.enum(['ECDSA_SECP256K1', 'EDDSA_ED25519']),
  }),
  metadata: z.object({
    scope: z.enum(ASSET_SCOPES),
    deprecated: z.boolean(),
    media: z.array(z.object({ url: z.string(), type: z.string() })),
    explorer: z.object({ base: z.string(), address: z.string().optional(), tx: z.string().optional(), token: z.string().optional() }),
  }),
  registration: z
    .object({
      supported: z.boolean(),
      family: z.string().nullable(),
      addressHint: z.string().nullable(),
      standard: z.string().nullable(),
    })
    .meta({ description: 'Whether tokens on this chain can be registered by address (extension).' }),
});
export type Blockchain = z.infer<typeof Blockchain>;

export const BlockchainList = z.object({ data: z.array(Blockchain), next: z.string().nullable() });
export type BlockchainList = z.infer<typeof BlockchainList>;

export const AssetIdParam = z.object({ id: z.string().min(1).max(200) });

export const RegisterAssetRequest = z.strictObject({
  blockchainId: z.string({ error: 'blockchainId is required' }).min(1, { error: 'blockchainId is required' }).max(200),
  address: z.string({ error: 'address is required' }).trim().min(1, { error: 'address is required' }).max(200, { error: 'address is too long' }),
  symbol: z.string().trim().min(1).max(12, { error: 'symbol (a Stellar asset code) is at most 12 characters' }).optional(),
});
export type RegisterAssetRequest = z.infer<typeof RegisterAssetRequest>;

export const RegisteredAsset = z.object({
  legacyId: z.string(),
  assetClass: z.enum(ASSET_CLASSES),
  onchain: z.object({ symbol: z.string(), name: z.string(), address: z.string().nullable(), decimals: z.number().int(), standard: z.string() }),
  metadata: z.object({ scope: z.enum(REGISTERED_ASSET_SCOPES), deprecated: z.boolean() }),
});
export type RegisteredAsset = z.infer<typeof RegisteredAsset>;

export const NoteText = z.string({ error: 'note text must be a string' }).max(MAX_NOTE_LENGTH, { error: `note text is at most ${MAX_NOTE_LENGTH} characters` });

export const UpdateAssetMetadataRequest = z.strictObject({
  metadata: z.strictObject({
    // The legacy SDK declares text `string | null`, the TypeScript SDK optional: either clears the note.
    note: z.strictObject({ text: NoteText.nullish().transform((v) => v ?? '') }),
  }),
});

export const SetPriceRequest = z.strictObject({
  currency: z.string({ error: 'currency is required' }).regex(/^[A-Z]{3}$/, { error: 'currency must be an ISO 4217 code such as USD' }),
  price: z.number({ error: 'price must be a number' }).positive({ error: 'price must be greater than 0' }).finite(),
});
export type SetPriceRequest = z.infer<typeof SetPriceRequest>;

export const SetPriceResponse = z.object({
  legacyId: z.string(),
  lastUpdateAt: z.number().int(),
  currency: z.string(),
  price: z.number(),
  source: z.enum(['PUBLIC', 'PRIVATE']),
});

export const SupportedAsset = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  contractAddress: z.string(),
  nativeAsset: z.string(),
  decimals: z.number().int(),
});
export const SupportedAssets = z.array(SupportedAsset);
