import { z } from 'zod';
import { booleanParam, epochMs, repeated } from './query';
import { positiveDecimal } from './decimal';

/**
 * Transactions: the spec's transaction details (the data of four webhook events) and the public
 * API's listing. Timestamps are epoch milliseconds; amounts are decimal strings, with the spec's
 * deprecated numeric duplicates alongside for old clients.
 */

export const TRANSACTION_STATUSES = [
  'SUBMITTED',
  'PENDING_AML_SCREENING',
  'PENDING_ENRICHMENT',
  'PENDING_AUTHORIZATION',
  'QUEUED',
  'PENDING_SIGNATURE',
  'PENDING_3RD_PARTY_MANUAL_APPROVAL',
  'PENDING_3RD_PARTY',
  'BROADCASTING',
  'CONFIRMING',
  'COMPLETED',
  'CANCELLING',
  'CANCELLED',
  'BLOCKED',
  'REJECTED',
  'FAILED',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const FINAL_TRANSACTION_STATUSES: readonly TransactionStatus[] = ['COMPLETED', 'CANCELLED', 'BLOCKED', 'REJECTED', 'FAILED'];

export const TRANSACTION_SUB_STATUSES = [
  'PENDING_BLOCKCHAIN_CONFIRMATIONS',
  'CONFIRMED',
  'BLOCKED_BY_POLICY',
  'CANCELLED_BY_USER',
  'REJECTED_BY_USER',
  'REJECTED_AML_SCREENING',
  'INSUFFICIENT_FUNDS',
  'INSUFFICIENT_FUNDS_FOR_FEE',
  'INVALID_ADDRESS',
  'TIMEOUT',
  'DROPPED_BY_BLOCKCHAIN',
  'INTERNAL_ERROR',
] as const;
export type TransactionSubStatus = (typeof TRANSACTION_SUB_STATUSES)[number];

export const PEER_TYPES = [
  'VAULT_ACCOUNT',
  'EXCHANGE_ACCOUNT',
  'INTERNAL_WALLET',
  'EXTERNAL_WALLET',
  'UNMANAGED_WALLET',
  'ONE_TIME_ADDRESS',
  'NETWORK_CONNECTION',
  'FIAT_ACCOUNT',
  'GAS_STATION',
  'UNKNOWN',
  'CONTRACT',
  'MULTI_DESTINATION',
] as const;

export const TRANSACTION_OPERATIONS = [
  'TRANSFER',
  'MINT',
  'BURN',
  'CONTRACT_CALL',
  'TYPED_MESSAGE',
  'RAW',
  'ENABLE_ASSET',
  'STAKE',
  'UNSTAKE',
  'APPROVE',
  'WITHDRAW',
] as const;

export const PeerPath = z.object({
  type: z.enum(PEER_TYPES),
  id: z.string().nullable().optional(),
  name: z.string().optional(),
  subType: z.string().optional(),
  walletId: z.string().optional(),
  tradingAccount: z.string().optional(),
});
export type PeerPath = z.infer<typeof PeerPath>;

/** -1 (as a string) means "not determined yet", as in the spec. */
const amountString = z.string().meta({ description: 'Decimal string; "-1" while not yet determined.' });

export const TransactionDetails = z
  .object({
    id: z.string(),
    externalTxId: z.string().optional(),
    status: z.enum(TRANSACTION_STATUSES),
    subStatus: z.string().optional(),
    txHash: z.string().optional(),
    operation: z.enum(TRANSACTION_OPERATIONS),
    note: z.string().optional(),
    assetId: z.string().optional(),
    assetType: z.string().optional(),
    source: PeerPath,
    sourceAddress: z.string(),
    destination: PeerPath,
    destinationAddress: z.string(),
    destinationAddressDescription: z.string().optional(),
    destinationTag: z.string().optional(),
    amountInfo: z.object({ amount: amountString, requestedAmount: amountString, netAmount: amountString, amountUSD: amountString.optional() }),
    treatAsGrossAmount: z.boolean(),
    feeInfo: z.object({
      fee: amountString.optional(),
      networkFee: amountString.optional(),
      serviceFee: amountString.optional(),
      gasPrice: z.string().optional(),
    }),
    feeCurrency: z.string().optional(),
    networkRecords: z.array(z.record(z.string(), z.unknown())),
    createdAt: z.number(),
    lastUpdated: z.number(),
    createdBy: z.string(),
    signedBy: z.array(z.string()),
    rejectedBy: z.string().optional(),
    exchangeTxId: z.string().optional(),
    customerRefId: z.string().optional(),
    numOfConfirmations: z.number().int(),
    blockInfo: z.object({ blockHeight: z.string().optional(), blockHash: z.string().nullable().optional() }),
    systemMessages: z.array(z.object({ type: z.enum(['WARN', 'BLOCK']), message: z.string() })).optional(),
    nonce: z.string().optional(),
    /** Extension: the trading order whose execution created this transaction. */
    orderId: z.string().optional().meta({ description: 'Extension: the trading order that created this transaction, if any.' }),
    // The spec's deprecated numeric duplicates, kept for old clients.
    requestedAmount: z.number(),
    amount: z.number(),
    netAmount: z.number(),
    serviceFee: z.number().optional(),
    networkFee: z.number(),
  })
  .meta({ id: 'TransactionDetails' });
export type TransactionDetails = z.infer<typeof TransactionDetails>;

/** Extension: what each status change looked like, for the console's timeline. */
export const TransactionTimelineEntry = z.object({ status: z.enum(TRANSACTION_STATUSES), subStatus: z.string().optional(), at: z.number() });
export const TransactionWithTimeline = TransactionDetails.extend({ timeline: z.array(TransactionTimelineEntry) }).meta({ id: 'TransactionWithTimeline' });
export type TransactionWithTimeline = z.infer<typeof TransactionWithTimeline>;

export const TRANSACTIONS_LIMIT = { min: 1, max: 500, default: 200 } as const;

export const TransactionsQuery = z.object({
  before: epochMs('before').optional().meta({ description: 'Only transactions created before this time (epoch ms).' }),
  after: epochMs('after').optional().meta({ description: 'Only transactions created after this time (epoch ms).' }),
  status: repeated('status', TRANSACTION_STATUSES).meta({ description: 'Comma-separated statuses.' }),
  orderBy: z.enum(['createdAt', 'lastUpdated'], { error: 'orderBy must be createdAt or lastUpdated' }).default('createdAt'),
  sort: z.enum(['ASC', 'DESC'], { error: 'sort must be ASC or DESC' }).default('DESC'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(TRANSACTIONS_LIMIT.min, { error: 'limit must be between 1 and 500' })
    .max(TRANSACTIONS_LIMIT.max, { error: 'limit must be between 1 and 500' })
    .default(TRANSACTIONS_LIMIT.default),
  sourceType: z.enum(PEER_TYPES, { error: `sourceType must be one of ${PEER_TYPES.join(', ')}` }).optional(),
  sourceId: z.string().max(200).optional(),
  destType: z.enum(PEER_TYPES, { error: `destType must be one of ${PEER_TYPES.join(', ')}` }).optional(),
  destId: z.string().max(200).optional(),
  assets: repeated('assets').meta({ description: 'Comma-separated asset ids.' }),
  txHash: z.string().max(200).optional(),
  orderId: z.string().max(100).optional().meta({ description: 'Extension: only the transactions of this trading order.' }),
  stuck: booleanParam('stuck').optional().meta({
    description:
      'Extension: true for only the stuck transactions (EVM, in CONFIRMING for longer than the stuck-alert limit: the ones the console home counts), false for only the others.',
  }),
  next: z.string().max(1024).optional().meta({ description: 'The cursor from the next-page header.' }),
  prev: z.string().max(1024).optional().meta({ description: 'The cursor from the prev-page header.' }),
});
export type TransactionsQuery = z.infer<typeof TransactionsQuery>;

/** The headers that carry the URLs of the next and the previous page, as in the public API. */
export const NEXT_PAGE_HEADER = 'next-page';
export const PREV_PAGE_HEADER = 'prev-page';

export const TransactionsResponse = z.array(TransactionDetails);
export const TransactionsPage = z.object({ data: z.array(TransactionDetails), next: z.string().nullable() });
export type TransactionsPage = z.infer<typeof TransactionsPage>;

export const TxIdParam = z.object({ txId: z.string().min(1).max(100) });

/** Simulated outcomes (extension) so demos and tests can see every path. */
export const SIMULATED_OUTCOMES = ['COMPLETED', 'REJECTED_AML_SCREENING', 'BLOCKED_BY_POLICY', 'DROPPED_BY_BLOCKCHAIN', 'STUCK'] as const;

export const TransferPeer = z.union([
  z.object({ type: z.literal('VAULT_ACCOUNT'), id: z.string({ error: 'the vault account id is required' }).min(1).max(100) }),
  z.object({
    type: z.literal('ONE_TIME_ADDRESS'),
    oneTimeAddress: z.object({
      address: z.string().trim().min(1, { error: 'oneTimeAddress.address must not be empty' }).max(200),
      tag: z.string().max(100).optional(),
    }),
  }),
]);

export const CreateTransactionRequest = z
  .strictObject({
    operation: z.literal('TRANSFER', { error: 'operation must be TRANSFER: this service simulates transfers only' }).default('TRANSFER'),
    assetId: z.string({ error: 'assetId is required' }).min(1, { error: 'assetId must not be empty' }).max(100),
    source: z.object({
      type: z.literal('VAULT_ACCOUNT', { error: 'source.type must be VAULT_ACCOUNT' }),
      id: z.string({ error: 'source.id is required' }).min(1).max(100),
    }),
    destination: TransferPeer,
    amount: positiveDecimal('amount'),
    note: z.string().max(512, { error: 'note must be at most 512 characters' }).optional(),
    externalTxId: z.string().min(1).max(255).optional(),
    treatAsGrossAmount: z.boolean().optional(),
    simulation: z
      .object({ outcome: z.enum(SIMULATED_OUTCOMES, { error: `simulation.outcome must be one of ${SIMULATED_OUTCOMES.join(', ')}` }) })
      .optional()
      .meta({ description: 'Extension: how the simulated chain treats this transfer (default COMPLETED). STUCK keeps an EVM transfer in CONFIRMING.' }),
  })
  .meta({ id: 'CreateTransactionRequest' });
export type CreateTransactionRequest = z.infer<typeof CreateTransactionRequest>;

export const CreateTransactionResponse = z.object({ id: z.string(), status: z.enum(TRANSACTION_STATUSES) });

export const TRANSACTION_ERRORS = {
  unknownAsset: 1504,
  unknownAccount: 11001,
  externalTxIdTaken: 1438,
  invalidAddress: 1439,
} as const;
