import { z } from 'zod';
import { COUNTRY_CODES } from './country-codes';
import { epochMs, repeated } from './query';
import { positiveDecimal } from './decimal';

/**
 * Trading (beta): providers and their manifests, vault accounts, quotes and orders. Field names
 * follow the spec and wire-facts (and the official SDK's models), so the SDK's requests validate
 * and its responses read. Every amount is a decimal string; nothing here turns one into a number.
 */

export const TRADING_ERRORS = {
  /** The spec's code for a create-order validation failure. */
  orderValidation: 900,
} as const;

export const ORDER_STATUSES = [
  'CREATED',
  'AWAITING_PAYMENT',
  'AWAITING_INFORMATION',
  'PENDING_USER_ACTION',
  'PROCESSING',
  'CANCELED',
  'COMPLETED',
  'FAILED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const TERMINAL_ORDER_STATUSES: readonly OrderStatus[] = ['CANCELED', 'COMPLETED', 'FAILED'];

export const EXECUTION_TYPES = ['MARKET', 'QUOTE', 'LIMIT'] as const;
/** What a manifest may list in executionTypes: the SDKs' ExecutionRequestDetailsType has no LIMIT. */
export const MANIFEST_EXECUTION_TYPES = ['MARKET', 'QUOTE'] as const;
export const SETTLEMENT_TYPES = ['PREFUNDED', 'DVP', 'POST_ORDER'] as const;
/** What a provider manifest may list as order settlement types (the SDKs' SettlementTypeEnum); POST_ORDER is a flag beside it. */
export const MANIFEST_SETTLEMENT_TYPES = ['DVP', 'PREFUNDED'] as const;
export const SIDES = ['BUY', 'SELL'] as const;
/** The parties an order may identify (participantsIdentification), and a provider may require. */
export const PARTIES = ['originator', 'beneficiary'] as const;
export const RAILS = [
  'BLOCKCHAIN',
  'INTERNAL',
  'SWIFT',
  'IBAN',
  'US_WIRE',
  'ACH',
  'SEPA',
  'SPEI',
  'PIX',
  'LBT',
  'MOMO',
  'CHAPS',
  'PAYID',
  'INTERAC',
  'INTERNAL_TRANSFER',
] as const;
export const RELATIONSHIP_TYPES = ['FirstParty', 'SecondParty', 'ThirdParty'] as const;
export const ACCOUNT_TYPES = ['VAULT_ACCOUNT', 'EXCHANGE_ACCOUNT', 'INTERNAL_WALLET', 'EXTERNAL_WALLET', 'FIAT_ACCOUNT'] as const;
export const REASONS_FOR_PAYMENT = [
  'INVOICE_PAYMENT',
  'GOODS_PURCHASE',
  'SERVICES_PAYMENT',
  'SALARY',
  'INVESTMENT',
  'SAVINGS',
  'LOAN_REPAYMENT',
  'FAMILY_SUPPORT',
  'GIFT',
  'OTHER',
] as const;
export const FAILURE_REASONS = [
  'INSUFFICIENT_FUNDS',
  'ORDER_EXPIRED',
  'QUOTE_NOT_READY',
  'UNSUPPORTED_CONVERSION',
  'FAILED_BY_PROVIDER',
  'UNKNOWN_REASON',
] as const;
export const STEP_TYPES = ['APPROVE', 'PERMIT', 'CONTRACT_CALL', 'EXECUTE', 'SETTLEMENT', 'DELIVERY'] as const;
export const STEP_STATUSES = ['WAITING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export const FEE_TYPES = ['ORDER', 'NETWORK', 'SPREAD', 'REBATE'] as const;

export const MAX_ORDER_NOTE = 512;
const text = (name: string, max = 200) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} must not be empty` })
    .max(max, { error: `${name} must be at most ${max} characters` });

const COUNTRY_SET = new Set<string>(COUNTRY_CODES);
export const TRADING_COUNTRY_CODES: readonly string[] = COUNTRY_CODES;

/** A real calendar date written YYYY-MM-DD, in the past (a date of birth). */
export const pastDate = (name: string) =>
  z.string({ error: `${name} must be a date written YYYY-MM-DD` }).refine(
    (value) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (!m) return false;
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const date = new Date(Date.UTC(y, mo - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1900 && date.getTime() <= Date.now();
    },
    { error: `${name} must be a real date written YYYY-MM-DD, not in the future` },
  );

export const PHONE = /^\+[1-9]\d{6,14}$/;
const phone = z.string().regex(PHONE, { error: 'phone must be an international number such as +4930123456 (E.164)' });
const email = z.email({ error: 'email must be a valid email address' }).max(254);

export const PostalAddress = z.strictObject({
  streetName: text('streetName'),
  buildingNumber: text('buildingNumber', 50),
  postalCode: text('postalCode', 30),
  city: text('city'),
  subdivision: text('subdivision'),
  district: text('district'),
  country: z
    .string({ error: 'country is required' })
    .refine((v) => COUNTRY_SET.has(v), { error: 'country must be a two-letter ISO 3166 country code, e.g. DE' }),
});
export type PostalAddress = z.infer<typeof PostalAddress>;

export const IndividualParticipant = z.strictObject({
  entityType: z.literal('INDIVIDUAL'),
  externalReferenceId: text('externalReferenceId'),
  participantRelationshipType: z.enum(RELATIONSHIP_TYPES, { error: 'participantRelationshipType must be FirstParty, SecondParty or ThirdParty' }),
  fullName: z.strictObject({ firstName: text('firstName', 100), lastName: text('lastName', 100) }),
  dateOfBirth: pastDate('dateOfBirth'),
  postalAddress: PostalAddress,
  email: email.optional(),
  phone: phone.optional(),
  idNumber: text('idNumber', 100).optional(),
  idType: z.enum(['PASSPORT', 'NATIONAL_ID', 'ID_CARD', 'DRIVERS_LICENSE', 'RESIDENT_CARD']).optional(),
});

export const BusinessParticipant = z.strictObject({
  entityType: z.literal('BUSINESS'),
  externalReferenceId: text('externalReferenceId'),
  participantRelationshipType: z.enum(RELATIONSHIP_TYPES, { error: 'participantRelationshipType must be FirstParty, SecondParty or ThirdParty' }),
  businessName: text('businessName'),
  registrationNumber: text('registrationNumber', 100),
  postalAddress: PostalAddress,
  email: email.optional(),
  phone: phone.optional(),
});

export const Participant = z.discriminatedUnion('entityType', [IndividualParticipant, BusinessParticipant], {
  error: 'entityType must be INDIVIDUAL or BUSINESS',
});
export type Participant = z.infer<typeof Participant>;

export const ParticipantsIdentification = z.strictObject({ originator: Participant.optional(), beneficiary: Participant.optional() });
export type ParticipantsIdentification = z.infer<typeof ParticipantsIdentification>;

const baseExecution = {
  side: z.enum(SIDES, { error: 'side must be BUY or SELL' }),
  baseAmount: positiveDecimal('baseAmount'),
  baseAssetId: text('baseAssetId', 200),
  baseAssetRail: z.enum(RAILS).optional(),
  quoteAssetId: text('quoteAssetId', 200),
  quoteAssetRail: z.enum(RAILS).optional(),
};

export const ReQuote = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('MARKET') }),
    z.strictObject({
      type: z.literal('RETRY'),
      count: z.number({ error: 'count must be a whole number from 1 to 10' }).int().min(1).max(10),
      slippageBps: z.number().int().min(0).max(10_000).optional(),
    }),
  ],
  { error: 'reQuote.type must be MARKET or RETRY' },
);

export const ExecutionRequestDetails = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('MARKET'), ...baseExecution }),
    // The SDKs send { type, quoteId, reQuote? } (their QuoteExecutionWithRequoteRequestDetails): the
    // quote carries side, amount and pair. The full shape of wire-facts is taken too; what it gives
    // must match the quote.
    z.strictObject({
      type: z.literal('QUOTE'),
      quoteId: text('quoteId', 100),
      reQuote: ReQuote.optional(),
      side: baseExecution.side.optional(),
      baseAmount: baseExecution.baseAmount.optional(),
      baseAssetId: baseExecution.baseAssetId.optional(),
      baseAssetRail: baseExecution.baseAssetRail,
      quoteAssetId: baseExecution.quoteAssetId.optional(),
      quoteAssetRail: baseExecution.quoteAssetRail,
    }),
    z.strictObject({
      type: z.literal('LIMIT'),
      timeInForce: z.literal('FOK', { error: 'timeInForce must be FOK' }),
      limitPrice: positiveDecimal('limitPrice'),
      ...baseExecution,
    }),
  ],
  { error: 'executionRequestDetails.type must be MARKET, QUOTE or LIMIT' },
);
export type ExecutionRequestDetails = z.infer<typeof ExecutionRequestDetails>;
/** An execution with side, amount and pair known: a QUOTE order's filled in from its quote. */
export type ResolvedExecution = ExecutionRequestDetails & Required<Pick<ExecutionRequestDetails, 'side' | 'baseAmount' | 'baseAssetId' | 'quoteAssetId'>>;

const internalRef = <T extends (typeof ACCOUNT_TYPES)[number]>(type: T) => z.strictObject({ type: z.literal(type), accountId: text('accountId', 100) });
export const AccountReference = z.discriminatedUnion(
  'type',
  [
    internalRef('VAULT_ACCOUNT'),
    internalRef('EXCHANGE_ACCOUNT'),
    internalRef('INTERNAL_WALLET'),
    internalRef('EXTERNAL_WALLET'),
    internalRef('FIAT_ACCOUNT'),
    z.strictObject({ type: z.literal('ONE_TIME_ADDRESS'), address: text('address', 200), tag: z.string().max(100).optional() }),
  ],
  { error: `account type must be one of ${[...ACCOUNT_TYPES, 'ONE_TIME_ADDRESS'].join(', ')}` },
);
export type AccountReference = z.infer<typeof AccountReference>;

export const Settlement = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('PREFUNDED'), destinationAccount: AccountReference }),
    z.strictObject({ type: z.literal('DVP'), sourceAccount: AccountReference, destinationAccount: AccountReference }),
    z.strictObject({ type: z.literal('POST_ORDER') }),
  ],
  { error: 'settlement.type must be PREFUNDED, DVP or POST_ORDER' },
);
export type Settlement = z.infer<typeof Settlement>;

export const OrderVia = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('PROVIDER_ACCOUNT'), providerId: text('providerId', 100), accountId: text('accountId', 100) }),
    // subProviders appears only in responses: a strict object refuses it in a request.
    z.strictObject({ type: z.literal('PROVIDER'), providerId: text('providerId', 100) }),
  ],
  { error: 'via.type must be PROVIDER_ACCOUNT or PROVIDER' },
);
export type OrderVia = z.infer<typeof OrderVia>;

export const SourceOfFunds = z.strictObject({
  reasonForPayment: z.enum(REASONS_FOR_PAYMENT, { error: `reasonForPayment must be one of ${REASONS_FOR_PAYMENT.join(', ')}` }),
});

export const CreateOrderRequest = z
  .strictObject({
    via: OrderVia,
    executionRequestDetails: ExecutionRequestDetails,
    settlement: Settlement,
    participantsIdentification: ParticipantsIdentification.optional(),
    sourceOfFunds: SourceOfFunds.optional(),
    customerInternalReferenceId: text('customerInternalReferenceId', 200).optional(),
    note: z
      .string()
      .max(MAX_ORDER_NOTE, { error: `note must be at most ${MAX_ORDER_NOTE} characters` })
      .optional(),
  })
  .meta({ description: 'Create an order through a provider.' });
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>;

// ---- Responses ----

export const Fee = z.object({
  feeType: z.enum(FEE_TYPES),
  assetId: z.string(),
  amountType: z.enum(['FIXED', 'BPS']),
  amount: z.union([z.string(), z.number()]).meta({ description: 'A decimal string for FIXED, a number of basis points for BPS.' }),
});
export type Fee = z.infer<typeof Fee>;

export const ExecutionStep = z.object({
  type: z.enum(STEP_TYPES),
  status: z.enum(STEP_STATUSES),
  fee: Fee.optional(),
  txId: z.string().optional(),
  txHash: z.string().optional(),
});
export type ExecutionStep = z.infer<typeof ExecutionStep>;

export const PaymentInstruction = z.object({
  type: z.literal('BLOCKCHAIN'),
  address: z.object({ blockchainAddress: z.string(), tag: z.string().optional() }),
});

export const OrderDetails = z
  .object({
    id: z.string(),
    via: z.object({ type: z.enum(['PROVIDER_ACCOUNT', 'PROVIDER']), providerId: z.string(), accountId: z.string().optional() }),
    status: z.enum(ORDER_STATUSES),
    createdAt: z.string().meta({ description: 'ISO 8601 UTC, milliseconds.' }),
    updatedAt: z.string(),
    expiresAt: z.string().optional(),
    executionSteps: z.array(ExecutionStep),
    executionResponseDetails: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The execution request details, with quoteAmount (and the quote, limit or market price used) once known.' }),
    settlement: z.record(z.string(), z.unknown()),
    participantsIdentification: ParticipantsIdentification.optional(),
    sourceOfFunds: SourceOfFunds.optional(),
    paymentInstructions: z.array(PaymentInstruction).optional(),
    generalFees: z.array(Fee),
    receipt: z.object({ type: z.literal('BLOCKCHAIN'), txHash: z.string(), amount: z.string() }).optional(),
    failure: z.object({ reason: z.enum(FAILURE_REASONS) }).optional(),
    createdBy: z.string(),
    customerInternalReferenceId: z.string().optional(),
    note: z.string().optional(),
    timeline: z
      .array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string() }))
      .meta({ description: 'Every status the order has had, oldest first (extension).' }),
  })
  .meta({ description: 'Order details.' });
export type OrderDetails = z.infer<typeof OrderDetails>;

export const OrderSummary = z.object({
  id: z.string(),
  via: OrderDetails.shape.via,
  side: z.enum(SIDES),
  baseAmount: z.string(),
  baseAssetId: z.string(),
  quoteAssetId: z.string(),
  quoteAmount: z.string().optional(),
  status: z.enum(ORDER_STATUSES),
  destination: z.record(z.string(), z.unknown()).optional(),
  source: z.record(z.string(), z.unknown()).optional(),
  createdAt: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const ORDERS_PAGE_SIZE = { min: 1, max: 100, default: 25 } as const;

export const OrdersQuery = z.object({
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int({ error: 'pageSize must be a whole number' })
    .min(ORDERS_PAGE_SIZE.min, { error: 'pageSize must be between 1 and 100' })
    .max(ORDERS_PAGE_SIZE.max, { error: 'pageSize must be between 1 and 100' })
    .default(ORDERS_PAGE_SIZE.default),
  pageCursor: z.string().max(1024).optional(),
  order: z.enum(['ASC', 'DESC'], { error: 'order must be ASC or DESC' }).default('DESC'),
  accountId: repeated('accountId'),
  providerId: repeated('providerId'),
  statuses: repeated('statuses', ORDER_STATUSES),
  startTime: epochMs('startTime').optional(),
  endTime: epochMs('endTime').optional(),
});
export type OrdersQuery = z.infer<typeof OrdersQuery>;

export const OrdersResponse = z.object({ data: z.array(OrderSummary), total: z.number().int(), next: z.string().optional() });
export type OrdersResponse = z.infer<typeof OrdersResponse>;

export const OrderIdParam = z.object({ orderId: z.string().min(1).max(100) });

// ---- Providers ----

export const ProviderManifest = z.object({
  order: z.object({
    supported: z.boolean(),
    executionTypes: z.array(z.enum(MANIFEST_EXECUTION_TYPES)),
    limitSupported: z.boolean().meta({
      description: 'Whether LIMIT (FOK) orders are taken (extension): executionTypes holds only what the SDKs’ models allow there, MARKET and QUOTE.',
    }),
    settlementTypes: z.array(z.enum(MANIFEST_SETTLEMENT_TYPES)),
    postOrderSupported: z.boolean().meta({
      description: 'Whether POST_ORDER settlement is taken (extension): settlementTypes holds only what the SDKs’ models allow there, DVP and PREFUNDED.',
    }),
  }),
  // The SDKs' models allow only DVP for a quote's settlement.
  quote: z.object({ supported: z.boolean(), settlementTypes: z.array(z.enum(['DVP'])) }),
  rate: z.object({ supported: z.boolean() }),
  requiredFields: z
    .object({
      participantsIdentification: z.array(z.enum(PARTIES)),
      sourceOfFunds: z.boolean(),
    })
    .meta({ description: 'Order fields this provider requires (extension): which participants must be identified, and whether sourceOfFunds is required.' }),
  pairs: z.array(z.object({ baseAssetId: z.string(), quoteAssetId: z.string() })).meta({ description: 'Asset pairs the provider trades (legacy ids).' }),
  fees: z
    .object({ orderFeeBps: z.number().int(), networkFee: z.string() })
    .meta({ description: 'The provider’s order fee (basis points of the quote amount) and flat network fee in the quote asset (extension).' }),
});
export type ProviderManifest = z.infer<typeof ProviderManifest>;

/** Every execution type a provider takes: its manifest's executionTypes, and LIMIT where it says so. */
export const orderExecutionTypes = (order: ProviderManifest['order']): (typeof EXECUTION_TYPES)[number][] => [
  ...order.executionTypes,
  ...(order.limitSupported ? (['LIMIT'] as const) : []),
];

/** Every settlement type a provider's orders take: its manifest's settlementTypes, and POST_ORDER where it says so. */
export const orderSettlementTypes = (order: ProviderManifest['order']): (typeof SETTLEMENT_TYPES)[number][] => [
  ...order.settlementTypes,
  ...(order.postOrderSupported ? (['POST_ORDER'] as const) : []),
];

export const TradingProvider = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().optional(),
  accountBased: z.boolean(),
  manifest: ProviderManifest,
  connected: z.boolean().optional(),
  accounts: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
  hasTermsOfService: z.boolean().optional(),
});
export type TradingProvider = z.infer<typeof TradingProvider>;

/**
 * What a provider takes, read from its manifest: the one reading of it that the service's order
 * checks and the console's order builder both use, so the two cannot disagree.
 */
export function providerTerms(provider: TradingProvider) {
  const { order, pairs, requiredFields } = provider.manifest;
  const executionTypes = orderExecutionTypes(order);
  const settlementTypes = orderSettlementTypes(order);
  return {
    executionTypes,
    settlementTypes,
    /** Whether orders can go through it from this workspace: an account-based provider must be connected. */
    connected: !provider.accountBased || provider.connected !== false,
    takesExecution: (type: string) => (executionTypes as readonly string[]).includes(type),
    settles: (type: string) => (settlementTypes as readonly string[]).includes(type),
    tradesPair: (baseAssetId: string, quoteAssetId: string) => pairs.some((pair) => pair.baseAssetId === baseAssetId && pair.quoteAssetId === quoteAssetId),
    hasAccount: (accountId: string) => provider.accounts?.some((account) => account.id === accountId) ?? false,
    /** The participants an order must identify, and whether it must state its source of funds. */
    requiredParties: requiredFields.participantsIdentification,
    requiresSourceOfFunds: requiredFields.sourceOfFunds,
  };
}

export const ProvidersQuery = z.object({
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, { error: 'pageSize must be between 1 and 100' })
    .max(100, { error: 'pageSize must be between 1 and 100' })
    .default(20),
  pageCursor: z.string().max(1024).optional(),
});
export const ProvidersResponse = z.object({ data: z.array(TradingProvider), total: z.number().int(), next: z.string().optional() });
export const ProviderIdParam = z.object({ providerId: z.string().min(1).max(100) });

// ---- Quotes ----

export const CreateQuoteRequest = z.strictObject({
  scope: z
    .array(z.strictObject({ providerId: text('providerId', 100), accountId: text('accountId', 100).optional() }))
    .min(1, { error: 'scope must name at least one provider' })
    .max(10),
  baseAssetId: text('baseAssetId'),
  quoteAssetId: text('quoteAssetId'),
  baseAmount: positiveDecimal('baseAmount'),
  side: z.enum(SIDES, { error: 'side must be BUY or SELL' }),
  baseAssetRail: z.enum(RAILS).optional(),
  quoteAssetRail: z.enum(RAILS).optional(),
  slippageBps: z.number().int().min(0).max(10_000).optional(),
  settlement: Settlement.optional(),
  participantsIdentification: ParticipantsIdentification.optional(),
});
export type CreateQuoteRequest = z.infer<typeof CreateQuoteRequest>;

export const Quote = z.object({
  via: OrderDetails.shape.via,
  id: z.string(),
  baseAssetId: z.string(),
  quoteAssetId: z.string(),
  baseAmount: z.string(),
  quoteAmount: z.string(),
  side: z.enum(SIDES),
  expiresAt: z.string(),
  executionSteps: z.array(z.object({ type: z.enum(STEP_TYPES), fee: Fee.optional() })),
  generalFees: z.array(Fee),
});
export type Quote = z.infer<typeof Quote>;
export const QuotesResponse = z.object({
  quotes: z.array(Quote),
  quoteFailures: z.array(
    z.object({ providerId: z.string(), accountId: z.string().optional(), error: z.object({ message: z.string(), code: z.number().int() }) }),
  ),
});
export type QuotesResponse = z.infer<typeof QuotesResponse>;
