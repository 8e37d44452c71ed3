import { createHash } from 'node:crypto';
import type { ExecutionStep, OrderStatus } from '../../../contract/trading';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { appendAudit, type AuditActor } from '../audit/record';
import { findBlockchain } from '../catalogue/store';
import { marketPrice, resolveAsset } from './market';
import { Dec } from './pricing';
import * as store from './store';
import type { OrderRow } from './store';
import type { SettlementPlan } from './view';

/**
 * The order engine. All of an order's state is in its row; each step locks the row, moves it one
 * step and commits, together with its audit event and any balance change. A crash between steps
 * loses nothing and a step is never applied twice: the next run finds the row where it was left.
 *
 *   CREATED ─PREFUNDED──▶ AWAITING_PAYMENT ─deposit seen──▶ PROCESSING
 *   CREATED ─DVP, POST_ORDER──────────────────────────────▶ PROCESSING
 *   PROCESSING: one execution step completes per tick; the last settles ─▶ COMPLETED (receipt)
 *   CREATED | AWAITING_PAYMENT ─cancel──▶ CANCELED
 *   any non-final ─▶ FAILED (INSUFFICIENT_FUNDS, ORDER_EXPIRED, FAILED_BY_PROVIDER)
 */

export const STEP_MS = 1_000;
/** The simulated provider sees a PREFUNDED deposit this long after it asked for it. */
export const DEPOSIT_SEEN_MS = 3_000;
export const PAYMENT_WINDOW_MS = 15 * 60_000;

export const engineActor = (workspaceId: string): AuditActor => ({ workspaceId, userId: 'order-engine', userName: 'Order engine', requestId: null, sourceAddress: null });

const STATUS_EVENTS: Record<OrderStatus, string> = {
  CREATED: 'Created',
  AWAITING_PAYMENT: 'Awaiting payment',
  AWAITING_INFORMATION: 'Awaiting information',
  PENDING_USER_ACTION: 'Pending user action',
  PROCESSING: 'Processing',
  CANCELED: 'Canceled',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
};

const hex = (seed: string, length: number) => createHash('sha256').update(seed).digest('hex').slice(0, length);
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const base58 = (seed: string, length: number) => [...createHash('sha512').update(seed).digest()].slice(0, length).map((b) => BASE58[b % 58]).join('');

/** A deposit address of the simulated provider on the pay asset's chain, with a tag where the chain uses one. */
export async function depositInstruction(db: Db, workspaceId: string, assetId: string, orderId: string) {
  const asset = await resolveAsset(db, workspaceId, assetId);
  const chain = asset?.blockchainId ? await findBlockchain(db, asset.blockchainId) : undefined;
  const protocol = chain?.protocol ?? 'EVM';
  const seed = `${orderId}:${assetId}`;
  const tag = String(parseInt(hex(seed, 8), 16) % 1_000_000_000);
  const address =
    protocol === 'UTXO' ? `bc1q${base58(seed, 38).toLowerCase().replace(/[^a-z0-9]/g, 'q')}`
    : protocol === 'SOL' ? base58(seed, 44)
    : protocol === 'XRP' ? `r${base58(seed, 33)}`
    : protocol === 'XLM' ? `G${base58(seed, 55).toUpperCase()}`
    : `0x${hex(seed, 40)}`;
  const withTag = protocol === 'XRP' || protocol === 'XLM';
  return { type: 'BLOCKCHAIN' as const, address: withTag ? { blockchainAddress: address, tag } : { blockchainAddress: address } };
}

export function stepsFor(settlementType: string, networkFee: { assetId: string; amount: string }): ExecutionStep[] {
  const execute: ExecutionStep = { type: 'EXECUTE', status: 'WAITING', fee: { feeType: 'NETWORK', assetId: networkFee.assetId, amountType: 'FIXED', amount: networkFee.amount } };
  const last: ExecutionStep = { type: settlementType === 'PREFUNDED' ? 'DELIVERY' : 'SETTLEMENT', status: 'WAITING' };
  return [execute, last];
}

async function setStatus(db: Db, row: OrderRow, status: OrderStatus, now: Date, patch: Partial<OrderRow>, detail: Record<string, unknown> = {}) {
  const timeline = [...(row.timeline as { status: string; at: string }[]), { status, at: now.toISOString() }];
  await store.updateOrder(db, row.id, { ...patch, status, timeline, updatedAt: now });
  await appendAudit(
    db,
    engineActor(row.workspaceId),
    [{ category: 'Trading', subject: 'Order', event: STATUS_EVENTS[status], detail: { orderId: row.id, providerId: row.providerId, before: { status: row.status }, after: { status }, ...detail } }],
    now,
  );
}

const fail = (db: Db, row: OrderRow, reason: string, now: Date, steps?: ExecutionStep[]) =>
  setStatus(db, row, 'FAILED', now, {
    failureReason: reason,
    nextStepAt: null,
    executionSteps: (steps ?? (row.executionSteps as ExecutionStep[])).map((s) => (s.status === 'COMPLETED' || s.status === 'FAILED' ? s : { ...s, status: 'CANCELLED' as const })),
  }, { failure: reason });

const vaultSource = (row: OrderRow) => {
  const s = row.settlement as { type: string; sourceAccount?: { type: string; accountId?: string } };
  return s.type === 'DVP' && s.sourceAccount?.type === 'VAULT_ACCOUNT' ? s.sourceAccount.accountId : undefined;
};
const vaultDestination = (row: OrderRow) => {
  const s = row.settlement as { destinationAccount?: { type: string; accountId?: string } };
  return s.destinationAccount?.type === 'VAULT_ACCOUNT' ? s.destinationAccount.accountId : undefined;
};

/** Moves one locked order a step. */
export async function advance(db: Db, row: OrderRow, now: Date): Promise<void> {
  const plan = row.plan as SettlementPlan;
  const steps = row.executionSteps as ExecutionStep[];
  switch (row.status as OrderStatus) {
    case 'CREATED': {
      if (row.expiresAt && row.expiresAt <= now) return fail(db, row, 'ORDER_EXPIRED', now);
      const source = vaultSource(row);
      if (source && new Dec(await store.balanceOf(db, row.workspaceId, source, plan.payAsset)).lt(plan.payAmount)) return fail(db, row, 'INSUFFICIENT_FUNDS', now);
      if (row.settlementType === 'PREFUNDED') {
        const instruction = await depositInstruction(db, row.workspaceId, plan.payAsset, row.id);
        const seen = new Date(now.getTime() + DEPOSIT_SEEN_MS);
        return setStatus(db, row, 'AWAITING_PAYMENT', now, { paymentInstructions: [instruction], expiresAt: new Date(now.getTime() + PAYMENT_WINDOW_MS), paymentSeenAt: seen, nextStepAt: seen });
      }
      return setStatus(db, row, 'PROCESSING', now, { executionSteps: steps.map((s, i) => (i === 0 ? { ...s, status: 'PROCESSING' as const } : s)), nextStepAt: new Date(now.getTime() + STEP_MS) });
    }
    case 'AWAITING_PAYMENT': {
      const seen = row.paymentSeenAt !== null && row.paymentSeenAt <= now && (!row.expiresAt || row.paymentSeenAt <= row.expiresAt);
      if (seen) return setStatus(db, row, 'PROCESSING', now, { executionSteps: steps.map((s, i) => (i === 0 ? { ...s, status: 'PROCESSING' as const } : s)), nextStepAt: new Date(now.getTime() + STEP_MS) });
      if (row.expiresAt && row.expiresAt <= now) return fail(db, row, 'ORDER_EXPIRED', now);
      await store.updateOrder(db, row.id, { nextStepAt: row.paymentSeenAt ?? row.expiresAt });
      return;
    }
    case 'PROCESSING': {
      const index = steps.findIndex((s) => s.status !== 'COMPLETED');
      const step = steps[index];
      if (!step) return;
      const txHash = `0x${hex(`${row.id}:${index}`, 64)}`;
      if (step.type === 'EXECUTE' && row.executionType === 'LIMIT') {
        // Fill or kill: the market must be at the limit or better when the provider executes.
        const limit = (row.execution as { limitPrice: string }).limitPrice;
        const [base, quote] = await Promise.all([resolveAsset(db, row.workspaceId, row.baseAssetId), resolveAsset(db, row.workspaceId, row.quoteAssetId)]);
        const market = base && quote ? await marketPrice(db, row.workspaceId, base, quote) : undefined;
        const fills = market !== undefined && (row.side === 'BUY' ? new Dec(market).lte(limit) : new Dec(market).gte(limit));
        if (!fills) return fail(db, row, 'FAILED_BY_PROVIDER', now, steps.map((s, i) => (i === index ? { ...s, status: 'FAILED' as const } : s)));
      }
      if (index < steps.length - 1) {
        const next = steps.map((s, i) => (i === index ? { ...s, status: 'COMPLETED' as const, txId: hex(`${row.id}:tx:${index}`, 32), txHash } : i === index + 1 ? { ...s, status: 'PROCESSING' as const } : s));
        await store.updateOrder(db, row.id, { executionSteps: next, updatedAt: now, nextStepAt: new Date(now.getTime() + STEP_MS) });
        return;
      }
      // Settlement: the source pays, the destination receives, in this one transaction.
      const source = vaultSource(row);
      if (source && !(await store.debit(db, row.workspaceId, source, plan.payAsset, plan.payAmount))) {
        return fail(db, row, 'INSUFFICIENT_FUNDS', now, steps.map((s, i) => (i === index ? { ...s, status: 'FAILED' as const } : s)));
      }
      const destination = vaultDestination(row);
      if (destination) await store.credit(db, row.workspaceId, destination, plan.receiveAsset, plan.receiveAmount);
      const done = steps.map((s, i) => (i === index ? { ...s, status: 'COMPLETED' as const, txId: hex(`${row.id}:tx:${index}`, 32), txHash } : s));
      return setStatus(db, row, 'COMPLETED', now, { executionSteps: done, receipt: { type: 'BLOCKCHAIN', txHash, amount: plan.receiveAmount }, nextStepAt: null }, { receiptAmount: plan.receiveAmount, assetId: plan.receiveAsset });
    }
    default:
      await store.updateOrder(db, row.id, { nextStepAt: null });
  }
}

/** Advances every due order by one step (at most `max`); answers how many steps were taken. */
export async function runOnce(db: Db, now: Date, max = 100): Promise<number> {
  let taken = 0;
  while (taken < max) {
    const moved = await db.transaction(async (tx) => {
      const row = await store.claimDueOrder(tx, now);
      if (!row) return false;
      await advance(tx, row, now);
      return true;
    });
    if (!moved) break;
    taken += 1;
  }
  return taken;
}

/** The running worker: polls for due orders every `intervalMs`. Answers a stop function. */
export function startOrderEngine(db: Db, logger: Logger, now: () => Date, intervalMs = 500): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    running = runOnce(db, now())
      .then(() => undefined)
      .catch((err: unknown) => logger.error({ err }, 'order engine step failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
