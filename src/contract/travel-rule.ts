import { z } from 'zod';
import { decimalString, positiveDecimal } from './decimal';
import { FIELD_PATH, IVMS101_VERSIONS, REQUIRED_FIELD_TYPES } from './ivms101';
import { nullAsAbsent } from './nullable';

/** Travel Rule (TRLink): messages, their required actions, the VASP directory (spec and wire-facts). */

export const TRM_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED', 'FAILED'] as const;
export const TrmStatus = z.enum(TRM_STATUSES);
export type TrmStatus = z.infer<typeof TrmStatus>;

export const TRM_DIRECTIONS = ['in', 'out'] as const;
export const TrmDirection = z.enum(TRM_DIRECTIONS).meta({ description: '`in` (inbound) or `out` (outbound).' });
export type TrmDirection = z.infer<typeof TrmDirection>;

/** DID syntax (W3C DID Core): `did:<method>:<method-specific id>`. */
export const DID_PATTERN = /^did:[a-z0-9]+:(?:[A-Za-z0-9._%-]*:)*[A-Za-z0-9._%-]+$/;
export const VaspId = z
  .string({ error: 'vaspId must be a DID' })
  .max(200, { error: 'vaspId must be at most 200 characters' })
  .regex(DID_PATTERN, { error: 'vaspId must be a DID such as did:web:example.com' });

export const TrmAsset = z.object({
  format: z.enum(['fireblocks', 'coinmarketcap']),
  data: z.object({
    network: z.string(),
    ticker: z.string().nullable().optional(),
    ucid: z.number().int().nullable().optional().meta({ description: 'CoinMarketCap id.' }),
    contractAddress: z.string().nullable().optional(),
    id: z.string().nullable().optional(),
  }),
});
export type TrmAsset = z.infer<typeof TrmAsset>;

export const Ivms101Data = z.object({
  version: z.string(),
  data: z.string().meta({ description: 'The IVMS101 payload, encrypted for the counterparty VASP (JWE, base64).' }),
  filledFields: z.array(z.string()).meta({ description: 'Dotted IVMS101 field paths that the payload fills.' }),
});

export const TravelRuleMessage = z.object({
  id: z.string(),
  externalId: z.string(),
  asset: TrmAsset,
  amount: z.string().meta({ description: 'In asset units (decimal string).' }),
  direction: TrmDirection,
  txnInfo: z.object({ originatorWalletAddress: z.string(), beneficiaryWalletAddress: z.string(), txHash: z.string() }),
  ivms101: Ivms101Data,
  version: z.string().nullable().optional(),
  status: TrmStatus.nullable().optional(),
  reason: z.string().nullable().optional(),
  fiatValue: z.object({ amount: z.string(), currency: z.string() }).optional(),
  originatorVaspId: z.string().nullable().optional(),
  beneficiaryVaspId: z.string().nullable().optional(),
  providerData: z.object({ provider: z.string().nullable().optional(), data: z.record(z.string(), z.unknown()).nullable().optional() }).optional(),
  createdAt: z.number().int().meta({ description: 'Epoch milliseconds (extension).' }),
  updatedAt: z.number().int().meta({ description: 'Epoch milliseconds (extension).' }),
});
export type TravelRuleMessage = z.infer<typeof TravelRuleMessage>;

export const RequiredField = z.object({
  type: z.enum(REQUIRED_FIELD_TYPES).meta({ description: 'How the field is filled: text, a YYYY-MM-DD date, an ISO 3166 country code, or a code.' }),
  path: z.string().meta({ description: 'IVMS101 dotted path, `[]` after arrays.' }),
});
export type RequiredField = z.infer<typeof RequiredField>;

export const RequiredAction = z.object({
  type: z.string().meta({ description: 'e.g. UPLOAD_BENEFICIARY_PII' }),
  description: z.string().nullable().optional(),
  data: z
    .object({
      beneficiaryRequiredFields: z.array(RequiredField).optional(),
      originatorRequiredFields: z.array(RequiredField).optional(),
    })
    .nullable()
    .optional(),
});
export type RequiredAction = z.infer<typeof RequiredAction>;

export const RequiredActionsResponse = z.object({ actions: z.array(RequiredAction) });
export type RequiredActionsResponse = z.infer<typeof RequiredActionsResponse>;

const filledFields = (min: number) =>
  z
    .array(
      z
        .string()
        .max(300, { error: 'filledFields entries must be at most 300 characters' })
        .regex(FIELD_PATH, { error: 'filledFields entries must be dotted IVMS101 paths' }),
      {
        error: 'filledFields must be a list of field paths',
      },
    )
    .min(min, { error: 'filledFields must name at least one field' })
    .max(100, { error: 'filledFields may name at most 100 fields' });

export const Ivms101Upload = z.strictObject({
  version: z.enum(IVMS101_VERSIONS, { error: `version must be ${IVMS101_VERSIONS.join(' or ')}` }),
  data: z
    .string({ error: 'data must be a string' })
    .min(1, { error: 'data must not be empty' })
    .max(65_536, { error: 'data must be at most 65536 characters' })
    .meta({
      description: 'A JWE (RSA-OAEP-256, A256GCM) of the IVMS101 JSON for the counterparty VASP’s public key: compact serialisation, or that string in base64.',
    }),
  filledFields: filledFields(1),
});
export type Ivms101Upload = z.infer<typeof Ivms101Upload>;

export const ResolveActionRequest = z.strictObject({
  type: z.string({ error: 'type is required' }).min(1, { error: 'type is required' }).max(100, { error: 'type must be at most 100 characters' }),
  data: z
    .strictObject({ beneficiaryPii: z.strictObject({ ivms101: Ivms101Upload }).optional() })
    .nullable()
    .optional()
    .meta({ description: 'Depends on the action type; for UPLOAD_BENEFICIARY_PII: `{ beneficiaryPii: { ivms101 } }`.' }),
});
export type ResolveActionRequest = z.infer<typeof ResolveActionRequest>;

const uuidParam = (name: string) => z.uuid({ error: `${name} must be a UUID` });
export const IntegrationParam = z.object({ customerIntegrationId: uuidParam('customerIntegrationId') });
export const TrmParams = z.object({ customerIntegrationId: uuidParam('customerIntegrationId'), trmId: uuidParam('trmId') });
export const VaspParams = z.object({ customerIntegrationId: uuidParam('customerIntegrationId'), vaspId: VaspId });

const pageSize = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'pageSize must be a number' })
    .int({ error: 'pageSize must be a whole number' })
    .min(1, { error: `pageSize must be between 1 and ${max}` })
    .max(max, { error: `pageSize must be between 1 and ${max}` })
    .default(fallback);

export const TRM_PAGE_SIZE = { max: 100, default: 20 } as const;
export const TrmListQuery = z.object({
  status: TrmStatus.optional().meta({ description: 'Only messages with this status.' }),
  direction: TrmDirection.optional(),
  pageSize: pageSize(TRM_PAGE_SIZE.max, TRM_PAGE_SIZE.default),
  pageCursor: z.string().max(1024, { error: 'pageCursor is too long' }).optional(),
});
export type TrmListQuery = z.input<typeof TrmListQuery>;

const Paging = z.object({ next: z.string() }).optional().meta({ description: 'Present when there is a next page.' });

export const TrmList = z.object({ data: z.array(TravelRuleMessage), paging: Paging });
export type TrmList = z.infer<typeof TrmList>;

export const Vasp = z.object({
  id: z.string().meta({ description: 'DID' }),
  name: z.string(),
  legalName: z.string().nullable().optional(),
  nationalIdentification: z.object({ identifier: z.string(), type: z.string().nullable().optional(), authority: z.string().nullable().optional() }).optional(),
  geographicAddress: z
    .object({
      formattedAddress: z.string().nullable().optional(),
      country: z.string().nullable().optional(),
      streetName: z.string().nullable().optional(),
      buildingNumber: z.string().nullable().optional(),
      city: z.string().nullable().optional(),
      postalCode: z.string().nullable().optional(),
    })
    .optional(),
  publicKey: z.string().nullable().optional().meta({ description: 'PEM (SPKI) RSA public key for encrypting PII to this VASP.' }),
  publicKeyFingerprint: z.string().nullable().optional().meta({ description: 'SHA-256 of the DER public key, hex pairs (extension).' }),
});
export type Vasp = z.infer<typeof Vasp>;

export const VASP_PAGE_SIZE = { max: 100, default: 100 } as const;
export const VaspListQuery = z.object({
  pageSize: pageSize(VASP_PAGE_SIZE.max, VASP_PAGE_SIZE.default),
  pageCursor: z.string().max(1024, { error: 'pageCursor is too long' }).optional(),
  q: z
    .string()
    .trim()
    .min(1, { error: 'q must not be empty' })
    .max(200, { error: 'q must be at most 200 characters' })
    .optional()
    .meta({ description: 'Search (extension): a DID, or words of the name or legal name.' }),
});
export type VaspListQuery = z.input<typeof VaspListQuery>;
export const VaspList = z.object({ data: z.array(Vasp.omit({ publicKey: true, publicKeyFingerprint: true })), paging: Paging });
export type VaspList = z.infer<typeof VaspList>;

export const TravelRuleIntegration = z.object({
  customerIntegrationId: z.string(),
  vaspId: z.string().meta({ description: 'The DID this workspace is known by in the Travel Rule network.' }),
  createdAt: z.number().int(),
});
export type TravelRuleIntegration = z.infer<typeof TravelRuleIntegration>;

export const CreateIntegrationRequest = z.strictObject({ vaspId: VaspId });

/**
 * Creating a TRM (extension stand-in for the transaction engine): the wire's create request
 * (TRLinkCreateTrmRequest), restricted to the fields this service uses.
 */
export const CreateTrmRequest = z.strictObject({
  direction: z.enum(['INBOUND', 'OUTBOUND'], { error: 'direction must be INBOUND or OUTBOUND' }),
  // The SDK declares every one of these `| null` (TRLinkCreateTrmRequest); null reads as absent, so
  // the ones this service needs answer "is required".
  assetId: z.string({ error: 'assetId is required' }).min(1, { error: 'assetId is required' }).max(64),
  amount: positiveDecimal('amount'),
  amountUSD: nullAsAbsent(decimalString('amountUSD', { integer: 21, fraction: 8 }, '1250.40')),
  srcAddress: z.string({ error: 'srcAddress is required' }).min(1, { error: 'srcAddress is required' }).max(200),
  destAddress: z.string({ error: 'destAddress is required' }).min(1, { error: 'destAddress is required' }).max(200),
  destTag: nullAsAbsent(z.string().max(100)),
  txId: nullAsAbsent(z.string().max(100)),
  txHash: nullAsAbsent(z.string().max(200)),
  originatorVaspId: nullAsAbsent(VaspId),
  beneficiaryVaspId: nullAsAbsent(VaspId),
  externalId: z.string().min(1).max(100).optional().meta({ description: 'Extension: the id the counterparty knows it by (default: a new one).' }),
  ivms101: Ivms101Upload.extend({ filledFields: filledFields(0) }),
});
export type CreateTrmRequest = z.infer<typeof CreateTrmRequest>;
