import { randomUUID } from 'node:crypto';
import type { PeerPath, TransactionStatus } from '../../../contract/transactions';
import type { WebhookEvent } from '../../../contract/webhooks';
import type { Db } from '../../db/client';
import { CHANNELS } from '../../db/notify';
import { enqueueEvents, type OutboxEvent } from '../webhooks/outbox';
import { type ChainAsset, vaultAddress } from '../vault/chain-asset';
import { simulatedAddress, simulatedTxHash } from '../vault/chain-sim';
import { recordChanges } from '../live/record';
import type { transactions } from './schema';
import * as store from './store';
import { forPayload, toDetails, type TimelineEntry, type TransactionRow } from './view';

/** Confirmations a transaction needs before it is COMPLETED: the workspace threshold (every workspace uses the default for now). */
export const CONFIRMATION_THRESHOLD = 3;
/** The simulated chain moves a transaction one status (or one block) per step. */
export const TX_STEP_MS = 1_000;

/** The webhook notifications of a transaction change, for the outbox. */
export function announcements(row: TransactionRow, events: readonly WebhookEvent[]): OutboxEvent[] {
  const data = forPayload(toDetails(row));
  return events.map((eventType) => ({ workspaceId: row.workspaceId, eventType, resourceId: row.id, data }));
}

export interface NewTransfer {
  workspaceId: string;
  asset: ChainAsset;
  source: PeerPath;
  destination: PeerPath;
  destinationAddress: string;
  destinationTag?: string;
  amount: string;
  note?: string;
  externalTxId?: string;
  treatAsGrossAmount?: boolean;
  outcome: string;
  /** True when the creator has already moved the balances (an order's settlement). */
  balancesMoved: boolean;
  orderId?: string;
  createdBy: string;
}

/** The row of a new SUBMITTED transaction. */
function submittedRow(t: NewTransfer, now: Date): typeof transactions.$inferInsert {
  const id = randomUUID();
  const sourceAddress =
    t.source.type === 'VAULT_ACCOUNT' && t.source.id ? vaultAddress(t.workspaceId, t.source.id, t.asset) : simulatedAddress(t.asset.protocol, `${id}:source`);
  const timeline: TimelineEntry[] = [{ status: 'SUBMITTED', at: now.getTime() }];
  return {
    id,
    workspaceId: t.workspaceId,
    externalTxId: t.externalTxId ?? null,
    status: 'SUBMITTED' satisfies TransactionStatus,
    operation: 'TRANSFER',
    assetId: t.asset.legacyId,
    assetType: t.asset.assetType,
    blockchainId: t.asset.blockchainId,
    protocol: t.asset.protocol,
    source: t.source,
    destination: t.destination,
    sourceAddress,
    destinationAddress: t.destinationAddress,
    destinationTag: t.destinationTag ?? null,
    amount: t.amount,
    feeCurrency: t.asset.baseAsset,
    treatAsGrossAmount: t.treatAsGrossAmount ?? false,
    // Fixed now, shown only once the transaction is broadcast.
    txHash: simulatedTxHash(t.asset.protocol, id),
    confirmationsRequired: CONFIRMATION_THRESHOLD,
    note: t.note ?? null,
    outcome: t.outcome,
    balancesMoved: t.balancesMoved,
    orderId: t.orderId ?? null,
    createdBy: t.createdBy,
    timeline,
    createdAt: now,
    updatedAt: now,
    nextStepAt: new Date(now.getTime() + TX_STEP_MS),
  };
}

/**
 * Creates SUBMITTED transactions and announces them, in three statements however many there are
 * (a group commit submits many); the engines, woken when they commit, take them from there. The
 * answer is in the order given.
 */
export async function submitTransfers(db: Db, list: readonly NewTransfer[], now: Date): Promise<TransactionRow[]> {
  if (list.length === 0) return [];
  const rows = await store.insertTransactions(
    db,
    list.map((t) => submittedRow(t, now)),
  );
  await recordChanges(
    db,
    rows.map((row) => ({ workspaceId: row.workspaceId, kind: 'transaction' as const, id: row.id, status: row.status })),
    CHANNELS.transactions,
  );
  await enqueueEvents(
    db,
    rows.flatMap((row) => announcements(row, ['transaction.created'])),
    now,
  );
  return rows;
}

/** Creates one SUBMITTED transaction and announces it. */
export const submitTransfer = async (db: Db, t: NewTransfer, now: Date): Promise<TransactionRow> => (await submitTransfers(db, [t], now))[0]!;
