import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { Dec } from '../../../contract/decimal-arithmetic';
import type { PeerPath, TransactionDetails, TransactionStatus, TransactionWithTimeline } from '../../../contract/transactions';
import { hex, simulatedAddress } from '../vault/chain-sim';
import type { transactions } from './schema';

export type TransactionRow = typeof transactions.$inferSelect;
export interface TimelineEntry {
  status: TransactionStatus;
  subStatus?: string;
  at: number;
}

/** Statuses from which the transaction has been sent to the chain, so its hash is public. */
const HASH_VISIBLE: readonly TransactionStatus[] = ['BROADCASTING', 'CONFIRMING', 'COMPLETED'];

/** The spec's rule: one source address once CONFIRMING (or after it, on FAILED or REJECTED); empty otherwise. */
function wasConfirming(row: TransactionRow) {
  return (row.timeline as TimelineEntry[]).some((t) => t.status === 'CONFIRMING');
}

/** The deprecated numeric duplicates: a number only where old clients expect one, never used for arithmetic. */
const legacyNumber = (value: string | null) => (value === null ? -1 : Number(value));

export function toDetails(row: TransactionRow, amountUSD?: string): TransactionDetails {
  const status = row.status as TransactionStatus;
  const confirming = wasConfirming(row);
  const broadcast = HASH_VISIBLE.includes(status) || confirming;
  const fee = row.networkFee ?? '-1';
  return {
    id: row.id,
    ...(row.externalTxId ? { externalTxId: row.externalTxId } : {}),
    status,
    ...(row.subStatus ? { subStatus: row.subStatus } : {}),
    ...(broadcast && row.txHash ? { txHash: row.txHash } : {}),
    operation: row.operation as TransactionDetails['operation'],
    ...(row.note ? { note: row.note } : {}),
    assetId: row.assetId,
    assetType: row.assetType,
    source: row.source as PeerPath,
    sourceAddress: confirming ? row.sourceAddress : '',
    destination: row.destination as PeerPath,
    destinationAddress: row.destinationAddress,
    ...(row.destinationTag ? { destinationTag: row.destinationTag } : {}),
    amountInfo: { amount: row.amount, requestedAmount: row.amount, netAmount: row.amount, ...(amountUSD ? { amountUSD } : {}) },
    treatAsGrossAmount: row.treatAsGrossAmount,
    feeInfo: { fee, networkFee: fee },
    feeCurrency: row.feeCurrency,
    networkRecords: [],
    createdAt: row.createdAt.getTime(),
    lastUpdated: row.updatedAt.getTime(),
    createdBy: row.createdBy,
    signedBy: broadcast ? [row.createdBy] : [],
    ...(row.orderId ? { orderId: row.orderId } : {}),
    numOfConfirmations: row.confirmations,
    blockInfo:
      row.blockHeight !== null ? { blockHeight: String(row.blockHeight), blockHash: `0x${hex(`${row.blockchainId}:block:${row.blockHeight}`, 64)}` } : {},
    ...(row.nonce !== null ? { nonce: String(row.nonce) } : {}),
    requestedAmount: legacyNumber(row.amount),
    amount: legacyNumber(row.amount),
    netAmount: legacyNumber(row.amount),
    networkFee: legacyNumber(row.networkFee),
  };
}

export const withTimeline = (row: TransactionRow, amountUSD?: string): TransactionWithTimeline => ({
  ...toDetails(row, amountUSD),
  timeline: row.timeline as TimelineEntry[],
});

/** Webhook payloads carry balance values with at most 17 decimal places (the spec's rule 3). */
const MAX_PAYLOAD_DECIMALS = 17;
const cap = (value: string) => (value === '-1' ? value : new Dec(value).toDecimalPlaces(MAX_PAYLOAD_DECIMALS, Decimal.ROUND_DOWN).toFixed());

export function forPayload(details: TransactionDetails): Record<string, unknown> {
  const { amountInfo, feeInfo } = details;
  return {
    ...details,
    amountInfo: { ...amountInfo, amount: cap(amountInfo.amount), requestedAmount: cap(amountInfo.requestedAmount), netAmount: cap(amountInfo.netAmount) },
    feeInfo: { ...feeInfo, ...(feeInfo.fee ? { fee: cap(feeInfo.fee) } : {}), ...(feeInfo.networkFee ? { networkFee: cap(feeInfo.networkFee) } : {}) },
  };
}

/** The data of a webhook's test event: a made-up transfer, marked as such in its id and note. */
export function sampleTransaction(now: Date): Record<string, unknown> & { id: string } {
  const id = `test-${randomUUID()}`;
  const details: TransactionDetails = {
    id,
    status: 'SUBMITTED',
    operation: 'TRANSFER',
    note: 'Test event: not a real transaction',
    assetId: 'ETH_TEST5',
    assetType: 'BASE_ASSET',
    source: { type: 'VAULT_ACCOUNT', id: '0', name: 'Test source' },
    sourceAddress: '',
    destination: { type: 'ONE_TIME_ADDRESS' },
    destinationAddress: simulatedAddress('EVM', id),
    amountInfo: { amount: '0.01', requestedAmount: '0.01', netAmount: '-1' },
    treatAsGrossAmount: false,
    feeInfo: { fee: '-1', networkFee: '-1' },
    feeCurrency: 'ETH_TEST5',
    networkRecords: [],
    createdAt: now.getTime(),
    lastUpdated: now.getTime(),
    createdBy: 'test',
    signedBy: [],
    numOfConfirmations: 0,
    blockInfo: {},
    requestedAmount: 0.01,
    amount: 0.01,
    netAmount: -1,
    networkFee: -1,
  };
  return { ...forPayload(details), id };
}
