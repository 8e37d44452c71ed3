import { Dec } from '../../../contract/decimal-arithmetic';
import type { TransactionStatus, TransactionSubStatus } from '../../../contract/transactions';
import type { WebhookEvent } from '../../../contract/webhooks';
import type { Db } from '../../db/client';
import { StepFailures, takeDueBatch, byHand, type BatchedDueWork } from '../../workers/failures';
import { startPoller, type Poller, type WorkerContext } from '../../workers/poller';
import { CHANNELS } from '../../db/notify';
import { appendAuditAcross, type AuditActor, type AuditEntry } from '../audit/record';
import * as vaults from '../vault/store';
import { enqueueEvent, enqueueEvents, type OutboxEvent } from '../webhooks/outbox';
import { simulatedNetworkFee } from '../vault/chain-sim';
import { transactions } from './schema';
import { announcements, TX_STEP_MS } from './service';
import { recordChanges } from '../live/record';
import * as store from './store';
import type { TimelineEntry, TransactionRow } from './view';

/**
 * The transaction engine. A transaction's whole state is in its row; a round locks the due rows,
 * moves each one status (or one block while confirming) and commits them with their webhook
 * notifications, audit events and balance changes, so a restart loses nothing and applies nothing
 * twice. A round is one database transaction for all its steps; when a step fails, the round is
 * taken again step by step, each in its own transaction, and only the failing row is set aside.
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

/**
 * What a round's steps write, gathered and written together: the moved rows, their live notices,
 * their webhook notifications and the audit events of those that ended are four kinds of statement
 * for the whole round, not four for each step. What a step reads is either not written here (the
 * balances, which debit and credit change at once) or answered from what is gathered (the nonces);
 * the stuck steps, which read other transactions' statuses, write what is gathered first.
 */
class StepWrites {
  private moved: TransactionRow[] = [];
  private events: OutboxEvent[] = [];
  private ended: { actor: AuditActor; entry: AuditEntry }[] = [];
  /** The next nonce per source account and chain, once read in this round. */
  private readonly nonces = new Map<string, number>();

  constructor(
    readonly db: Db,
    readonly now: Date,
  ) {}

  add(row: TransactionRow, events: readonly WebhookEvent[], ended?: AuditEntry) {
    this.moved.push(row);
    this.events.push(...announcements(row, events));
    if (ended) this.ended.push({ actor: transactionEngineActor(row.workspaceId), entry: ended });
  }

  async nextNonce(row: TransactionRow, source: string): Promise<number> {
    const key = `${row.workspaceId}:${source}:${row.blockchainId}`;
    const nonce = this.nonces.get(key) ?? (await store.nextNonce(this.db, row.workspaceId, source, row.blockchainId));
    this.nonces.set(key, nonce + 1);
    return nonce;
  }

  async write() {
    const [moved, events, ended] = [this.moved, this.events, this.ended];
    [this.moved, this.events, this.ended] = [[], [], []];
    await store.saveSteps(this.db, moved);
    await recordChanges(
      this.db,
      moved.map((row) => ({ workspaceId: row.workspaceId, kind: 'transaction' as const, id: row.id, status: row.status })),
    );
    await enqueueEvents(this.db, events, this.now);
    await appendAuditAcross(this.db, ended, this.now);
  }
}

function move(
  w: StepWrites,
  row: TransactionRow,
  status: TransactionStatus,
  subStatus: TransactionSubStatus | null,
  patch: Partial<TransactionRow> = {},
  extraEvents: WebhookEvent[] = [],
): void {
  const { now } = w;
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
  const ended: AuditEntry | undefined = final
    ? {
        category: 'Transactions',
        subject: 'Transaction',
        event: FINAL_EVENTS[status]!,
        detail: { txId: row.id, assetId: row.assetId, amount: row.amount, before: { status: row.status }, after: { status, subStatus } },
      }
    : undefined;
  w.add(next, ['transaction.status.updated', ...extraEvents], ended);
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

/** Moves one locked transaction a step; what it writes to the transaction itself is gathered in `w`. */
async function advance(w: StepWrites, row: TransactionRow, stuck: StuckPolicy): Promise<void> {
  const { db } = w;
  switch (row.status as TransactionStatus) {
    case 'SUBMITTED':
      move(w, row, 'PENDING_AML_SCREENING', null);
      return;
    case 'PENDING_AML_SCREENING':
      if (row.outcome === 'REJECTED_AML_SCREENING') move(w, row, 'REJECTED', 'REJECTED_AML_SCREENING');
      else move(w, row, 'PENDING_AUTHORIZATION', null);
      return;
    case 'PENDING_AUTHORIZATION':
      if (row.outcome === 'BLOCKED_BY_POLICY') move(w, row, 'BLOCKED', 'BLOCKED_BY_POLICY');
      else move(w, row, 'QUEUED', null, {}, ['transaction.approval_status.updated']);
      return;
    case 'QUEUED':
      if (!(await sourceCanPay(db, row))) move(w, row, 'FAILED', 'INSUFFICIENT_FUNDS');
      else move(w, row, 'PENDING_SIGNATURE', null);
      return;
    case 'PENDING_SIGNATURE': {
      const source = vaultId(row.source);
      const nonce = source && row.protocol === 'EVM' ? await w.nextNonce(row, source) : null;
      move(w, row, 'BROADCASTING', null, { nonce });
      return;
    }
    case 'BROADCASTING':
      move(w, row, 'CONFIRMING', 'PENDING_BLOCKCHAIN_CONFIRMATIONS', {
        confirmingSince: w.now,
        networkFee: simulatedNetworkFee(row.protocol),
        blockHeight: Math.floor(w.now.getTime() / BLOCK_MS) % 100_000_000,
      });
      return;
    case 'CONFIRMING':
      await confirm(w, row, stuck);
      return;
    default:
      await store.updateTransaction(db, row.id, { nextStepAt: null });
  }
}

async function confirm(w: StepWrites, row: TransactionRow, stuck: StuckPolicy) {
  const { db, now } = w;
  const elapsedMs = now.getTime() - (row.confirmingSince ?? now).getTime();
  const blocks = Math.floor(elapsedMs / BLOCK_MS);
  if (row.outcome === 'DROPPED_BY_BLOCKCHAIN' && blocks >= DROP_AFTER_BLOCKS) {
    move(w, row, 'FAILED', 'DROPPED_BY_BLOCKCHAIN');
    return;
  }
  if (row.outcome === 'STUCK') {
    // The stuck alert and the episode read the other transactions of the account as they now are.
    await w.write();
    const limitMs = stuckLimitMs(stuck);
    if (elapsedMs >= 3 * limitMs) {
      move(w, row, 'FAILED', 'DROPPED_BY_BLOCKCHAIN');
      await endEpisodeIfClear(db, row);
    } else {
      if (elapsedMs > limitMs && row.protocol === 'EVM') await raiseStuckAlert(db, row, now);
      await store.updateTransaction(db, row.id, { nextStepAt: new Date(now.getTime() + TX_STEP_MS) });
    }
    return;
  }
  const confirmations = row.confirmations + 1;
  if (confirmations < row.confirmationsRequired) {
    move(w, row, 'CONFIRMING', 'PENDING_BLOCKCHAIN_CONFIRMATIONS', { confirmations });
    return;
  }
  // Final confirmation: the funds move in this same database transaction.
  const source = vaultId(row.source);
  const destination = vaultId(row.destination);
  if (!row.balancesMoved) {
    if (source && !(await vaults.debit(db, row.workspaceId, source, row.assetId, row.amount))) {
      move(w, row, 'FAILED', 'INSUFFICIENT_FUNDS', { confirmations });
      return;
    }
    if (destination) await vaults.credit(db, row.workspaceId, destination, row.assetId, row.amount);
  }
  move(w, row, 'COMPLETED', 'CONFIRMED', { confirmations, balancesMoved: true }, ['transaction.network_records.processing_completed']);
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

/** Moves the locked transactions one step each and writes what the steps gathered. */
async function advanceMany(db: Db, rows: TransactionRow[], now: Date, stuck: StuckPolicy) {
  const w = new StepWrites(db, now);
  for (const row of rows) await advance(w, row, stuck);
  await w.write();
}

const transactionSteps = (stuck: StuckPolicy): BatchedDueWork<TransactionRow> => ({
  table: transactions,
  claimMany: store.claimDue,
  advanceMany: (db, rows, now) => advanceMany(db, rows, now, stuck),
});

/**
 * Advances every due transaction by one step (at most `max`), in one database transaction, or one
 * by one when a step of the batch fails; answers how many steps were taken. A transaction whose step
 * fails is retried later, with a growing delay, while the others go on.
 */
export async function runOnce(db: Db, now: Date, stuck: StuckPolicy, max = 200, failures = byHand(), signal?: AbortSignal): Promise<number> {
  return takeDueBatch(db, transactionSteps(stuck), now, max, failures, signal);
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
