import { Dec } from '../../../contract/decimal-arithmetic';
import type { TransactionStatus, TransactionSubStatus } from '../../../contract/transactions';
import type { WebhookEvent } from '../../../contract/webhooks';
import type { Db } from '../../db/client';
import { StepFailures, takeDueSteps, byHand, type DueWork } from '../../workers/failures';
import { startPoller, type Poller, type WorkerContext } from '../../workers/poller';
import { CHANNELS } from '../../db/notify';
import { appendAudit, type AuditActor } from '../audit/record';
import * as vaults from '../vault/store';
import { enqueueEvent } from '../webhooks/outbox';
import { simulatedNetworkFee } from '../vault/chain-sim';
import { transactions } from './schema';
import { announce, TX_STEP_MS } from './service';
import { recordChange } from '../live/record';
import * as store from './store';
import type { TimelineEntry, TransactionRow } from './view';

/**
 * The transaction engine. A transaction's whole state is in its row; each step locks it, moves it
 * one status (or one block while confirming) and commits with its webhook notifications, audit
 * event and balance changes, so a restart loses nothing and applies nothing twice.
 *
 *   SUBMITTED → PENDING_AML_SCREENING → PENDING_AUTHORIZATION → QUEUED → PENDING_SIGNATURE
 *     → BROADCASTING → CONFIRMING (one confirmation per block up to the threshold) → COMPLETED/CONFIRMED
 *   PENDING_AML_SCREENING → REJECTED/REJECTED_AML_SCREENING      (simulated outcome)
 *   PENDING_AUTHORIZATION → BLOCKED/BLOCKED_BY_POLICY            (simulated outcome)
 *   QUEUED or CONFIRMING → FAILED/INSUFFICIENT_FUNDS             (the source cannot pay)
 *   CONFIRMING → FAILED/DROPPED_BY_BLOCKCHAIN                    (simulated outcome, or a stuck one given up)
 *
 * A STUCK transaction (too low a fee) gets no confirmations; past the configured blocks or seconds
 * in CONFIRMING on an EVM chain it raises transaction.alert.stuck once for its account and base
 * asset, and after three times that long the chain drops it, which ends the episode.
 */

/** The simulated chains make one block per engine step. */
export const BLOCK_MS = TX_STEP_MS;
/** A transfer marked to be dropped leaves the mempool after this many blocks. */
const DROP_AFTER_BLOCKS = 2;

export const transactionEngineActor = (workspaceId: string): AuditActor => ({
  workspaceId,
  userId: 'transaction-engine',
  userName: 'Transaction engine',
  requestId: null,
  sourceAddress: null,
});

const FINAL_EVENTS: Partial<Record<TransactionStatus, string>> = { COMPLETED: 'Completed', FAILED: 'Failed', REJECTED: 'Rejected', BLOCKED: 'Blocked' };

export interface StuckPolicy {
  seconds: number;
  blocks: number;
}

/** How long an EVM transaction may stay in CONFIRMING before it counts as stuck: the lesser of the two limits. */
export const stuckLimitMs = (stuck: StuckPolicy) => Math.min(stuck.seconds * 1000, stuck.blocks * BLOCK_MS);

async function move(
  db: Db,
  row: TransactionRow,
  status: TransactionStatus,
  subStatus: TransactionSubStatus | null,
  now: Date,
  patch: Partial<TransactionRow> = {},
  extraEvents: WebhookEvent[] = [],
): Promise<TransactionRow> {
  const final = FINAL_EVENTS[status] !== undefined;
  const timeline: TimelineEntry[] = [...(row.timeline as TimelineEntry[]), { status, ...(subStatus ? { subStatus } : {}), at: now.getTime() }];
  const next: TransactionRow = {
    ...row,
    ...patch,
    status,
    subStatus,
    timeline,
    updatedAt: now,
    nextStepAt: final ? null : (patch.nextStepAt ?? new Date(now.getTime() + TX_STEP_MS)),
  };
  await store.updateTransaction(db, row.id, { ...patch, status, subStatus, timeline, updatedAt: now, nextStepAt: next.nextStepAt });
  await recordChange(db, { workspaceId: row.workspaceId, kind: 'transaction', id: row.id, status });
  await announce(db, next, ['transaction.status.updated', ...extraEvents], now);
  if (final) {
    await appendAudit(
      db,
      transactionEngineActor(row.workspaceId),
      [
        {
          category: 'Transactions',
          subject: 'Transaction',
          event: FINAL_EVENTS[status]!,
          detail: { txId: row.id, assetId: row.assetId, amount: row.amount, before: { status: row.status }, after: { status, subStatus } },
        },
      ],
      now,
    );
  }
  return next;
}

const vaultId = (peer: unknown) => {
  const p = peer as { type: string; id?: string | null };
  return p.type === 'VAULT_ACCOUNT' && p.id ? p.id : undefined;
};

async function sourceCanPay(db: Db, row: TransactionRow) {
  const source = vaultId(row.source);
  if (row.balancesMoved || !source) return true;
  return new Dec(await vaults.balanceOf(db, row.workspaceId, source, row.assetId)).gte(row.amount);
}

/** Moves one locked transaction a step. */
export async function advance(db: Db, row: TransactionRow, now: Date, stuck: StuckPolicy): Promise<void> {
  switch (row.status as TransactionStatus) {
    case 'SUBMITTED':
      await move(db, row, 'PENDING_AML_SCREENING', null, now);
      return;
    case 'PENDING_AML_SCREENING':
      if (row.outcome === 'REJECTED_AML_SCREENING') await move(db, row, 'REJECTED', 'REJECTED_AML_SCREENING', now);
      else await move(db, row, 'PENDING_AUTHORIZATION', null, now);
      return;
    case 'PENDING_AUTHORIZATION':
      if (row.outcome === 'BLOCKED_BY_POLICY') await move(db, row, 'BLOCKED', 'BLOCKED_BY_POLICY', now);
      else await move(db, row, 'QUEUED', null, now, {}, ['transaction.approval_status.updated']);
      return;
    case 'QUEUED':
      if (!(await sourceCanPay(db, row))) await move(db, row, 'FAILED', 'INSUFFICIENT_FUNDS', now);
      else await move(db, row, 'PENDING_SIGNATURE', null, now);
      return;
    case 'PENDING_SIGNATURE': {
      const source = vaultId(row.source);
      const nonce = source && row.protocol === 'EVM' ? await store.nextNonce(db, row.workspaceId, source, row.blockchainId) : null;
      await move(db, row, 'BROADCASTING', null, now, { nonce });
      return;
    }
    case 'BROADCASTING':
      await move(db, row, 'CONFIRMING', 'PENDING_BLOCKCHAIN_CONFIRMATIONS', now, {
        confirmingSince: now,
        networkFee: simulatedNetworkFee(row.protocol),
        blockHeight: Math.floor(now.getTime() / BLOCK_MS) % 100_000_000,
      });
      return;
    case 'CONFIRMING':
      await confirm(db, row, now, stuck);
      return;
    default:
      await store.updateTransaction(db, row.id, { nextStepAt: null });
  }
}

async function confirm(db: Db, row: TransactionRow, now: Date, stuck: StuckPolicy) {
  const elapsedMs = now.getTime() - (row.confirmingSince ?? now).getTime();
  const blocks = Math.floor(elapsedMs / BLOCK_MS);
  if (row.outcome === 'DROPPED_BY_BLOCKCHAIN' && blocks >= DROP_AFTER_BLOCKS) {
    await move(db, row, 'FAILED', 'DROPPED_BY_BLOCKCHAIN', now);
    return;
  }
  if (row.outcome === 'STUCK') {
    const limitMs = stuckLimitMs(stuck);
    if (elapsedMs >= 3 * limitMs) {
      await move(db, row, 'FAILED', 'DROPPED_BY_BLOCKCHAIN', now);
      await endEpisodeIfClear(db, row);
    } else {
      if (elapsedMs > limitMs && row.protocol === 'EVM') await raiseStuckAlert(db, row, now);
      await store.updateTransaction(db, row.id, { nextStepAt: new Date(now.getTime() + TX_STEP_MS) });
    }
    return;
  }
  const confirmations = row.confirmations + 1;
  if (confirmations < row.confirmationsRequired) {
    await move(db, row, 'CONFIRMING', 'PENDING_BLOCKCHAIN_CONFIRMATIONS', now, { confirmations });
    return;
  }
  // Final confirmation: the funds move in this same database transaction.
  const source = vaultId(row.source);
  const destination = vaultId(row.destination);
  if (!row.balancesMoved) {
    if (source && !(await vaults.debit(db, row.workspaceId, source, row.assetId, row.amount))) {
      await move(db, row, 'FAILED', 'INSUFFICIENT_FUNDS', now, { confirmations });
      return;
    }
    if (destination) await vaults.credit(db, row.workspaceId, destination, row.assetId, row.amount);
  }
  await move(db, row, 'COMPLETED', 'CONFIRMED', now, { confirmations, balancesMoved: true }, ['transaction.network_records.processing_completed']);
}

async function raiseStuckAlert(db: Db, row: TransactionRow, now: Date) {
  const source = vaultId(row.source);
  // The base asset is the chain's native asset, which the transaction already names as its fee currency.
  const baseAsset = row.feeCurrency;
  if (!source || !row.blockchainId) return;
  const stuckOnes = (await store.confirmingOf(db, row.workspaceId, source, row.blockchainId)).filter((t) => t.outcome === 'STUCK');
  const oldest = stuckOnes[0] ?? row;
  const opened = await store.openEpisode(db, { workspaceId: row.workspaceId, vaultAccountId: source, baseAsset, openedAt: now, stuckTxId: oldest.id });
  if (!opened) return;
  const since = oldest.confirmingSince ?? now;
  const blocked = Math.max(0, (await store.pendingBehind(db, row.workspaceId, source, row.blockchainId, oldest.createdAt)) - 1);
  const data = {
    issueType: 'LOW_FEE_TRANSACTION_DETECTED',
    // Critical once later transactions of the account are held up behind the stuck one.
    severity: blocked > 0 ? 'CRITICAL' : 'WARNING',
    description: `${stuckOnes.length || 1} transaction(s) of vault account ${source} on ${baseAsset} are stuck in CONFIRMING: the fee is too low for the network.`,
    vaultAccountId: source,
    baseAsset,
    recommendedAction: { action: 'BOOST_TRANSACTION', description: `Replace transaction ${oldest.id} with one paying a higher fee.`, stuckTxId: oldest.id },
    stuckTransactionDetails: { txId: oldest.id, txHash: oldest.txHash ?? null, status: 'CONFIRMING' },
    stuckAccountDetails: {
      blockedTransactionCount: blocked,
      lastCompletedNonce: await store.lastCompletedNonce(db, row.workspaceId, source, row.blockchainId),
      blocksElapsed: Math.floor((now.getTime() - since.getTime()) / BLOCK_MS),
      stuckDurationSeconds: Math.floor((now.getTime() - since.getTime()) / 1000),
    },
  };
  await enqueueEvent(db, { workspaceId: row.workspaceId, eventType: 'transaction.alert.stuck', resourceId: oldest.id, data }, now);
}

/** A stuck episode ends when none of its account's transactions on that chain is stuck any more. */
async function endEpisodeIfClear(db: Db, row: TransactionRow) {
  const source = vaultId(row.source);
  if (!source || !row.blockchainId) return;
  const still = (await store.confirmingOf(db, row.workspaceId, source, row.blockchainId)).some((t) => t.outcome === 'STUCK' && t.id !== row.id);
  if (!still) await store.closeEpisode(db, row.workspaceId, source, row.feeCurrency);
}

const transactionSteps = (stuck: StuckPolicy): DueWork<TransactionRow> => ({
  table: transactions,
  claim: store.claimDue,
  advance: (db, row, now) => advance(db, row, now, stuck),
});

/**
 * Advances every due transaction by one step (at most `max` tried); answers how many steps were
 * taken. A transaction whose step fails is retried later, with a growing delay, while the others go on.
 */
export async function runOnce(db: Db, now: Date, stuck: StuckPolicy, max = 200, failures = byHand(), signal?: AbortSignal): Promise<number> {
  return takeDueSteps(db, transactionSteps(stuck), now, max, failures, signal);
}

/**
 * The running worker: a round of due steps whenever a transaction is created (a notice), when the
 * next step is due, and at least every safety period. Answers the poller.
 */
export function startTransactionEngine(worker: WorkerContext, stuck: StuckPolicy, busyMs = 250): Poller {
  const { db, logger, now } = worker;
  const failures = new StepFailures(logger, 'transaction engine step failed');
  const round = async (signal: AbortSignal) => {
    await runOnce(db, now(), stuck, 200, failures, signal);
    return store.nextStepDue(db);
  };
  return startPoller('transaction engine', round, logger, { ...worker, channel: CHANNELS.transactions, busyMs });
}
