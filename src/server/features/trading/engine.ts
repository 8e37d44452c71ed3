import { Dec } from '../../../contract/decimal-arithmetic';
import { mayMoveOrder, nextOrderStatus, ORDER_STATUS_LABELS } from '../../../contract/order-states';
import type { AccountReference, ExecutionStep, OrderStatus } from '../../../contract/trading';
import type { Db } from '../../db/client';
import { StepFailures, takeDueSteps, byHand, type DueWork } from '../../workers/failures';
import { startPoller, type Poller, type WorkerContext } from '../../workers/poller';
import { CHANNELS } from '../../db/notify';
import { appendAudit, type AuditActor } from '../audit/record';
import { findBlockchain } from '../catalogue/store';
import { hex, simulatedAddress, simulatedTag, usesTag } from '../vault/chain-sim';
import { submitTransfer } from '../transactions/service';
import { chainAsset, vaultAddress } from '../vault/chain-asset';
import * as vaults from '../vault/store';
import { findProvider } from './providers';
import { marketPrice, resolveAsset } from './market';
import { tradingOrders } from './schema';
import { recordChange } from '../live/record';
import * as store from './store';
import type { OrderRow } from './store';
import type { SettlementPlan } from './view';

/**
 * The order engine. All of an order's state is in its row; each step locks the row, moves it one
 * step and commits, together with its audit event and any balance change. A crash between steps
 * loses nothing and a step is never applied twice: the next run finds the row where it was left.
 * The transitions it may take are the contract's (contract/order-states.ts); `cancel` is the one
 * a caller asks for, the others the engine takes as time passes.
 */

export const STEP_MS = 1_000;
/** The simulated provider sees a PREFUNDED deposit this long after it asked for it (config.depositSeenMs). */
export const DEPOSIT_SEEN_MS = 3_000;
export const PAYMENT_WINDOW_MS = 15 * 60_000;

export const engineActor = (workspaceId: string): AuditActor => ({
  workspaceId,
  userId: 'order-engine',
  userName: 'Order engine',
  requestId: null,
  sourceAddress: null,
});

/** A deposit address of the simulated provider on the pay asset's chain, with a tag where the chain uses one. */
export async function depositInstruction(db: Db, workspaceId: string, assetId: string, orderId: string) {
  const asset = await resolveAsset(db, workspaceId, assetId);
  const chain = asset?.blockchainId ? await findBlockchain(db, asset.blockchainId) : undefined;
  const protocol = chain?.protocol ?? 'EVM';
  const seed = `${orderId}:${assetId}`;
  const address = simulatedAddress(protocol, seed);
  return { type: 'BLOCKCHAIN' as const, address: usesTag(protocol) ? { blockchainAddress: address, tag: simulatedTag(seed) } : { blockchainAddress: address } };
}

export function stepsFor(settlementType: string, networkFee: { assetId: string; amount: string }): ExecutionStep[] {
  const execute: ExecutionStep = {
    type: 'EXECUTE',
    status: 'WAITING',
    fee: { feeType: 'NETWORK', assetId: networkFee.assetId, amountType: 'FIXED', amount: networkFee.amount },
  };
  const last: ExecutionStep = { type: settlementType === 'PREFUNDED' ? 'DELIVERY' : 'SETTLEMENT', status: 'WAITING' };
  return [execute, last];
}

/** Moves the order to `status` along one of the contract's transitions, with its timeline entry. */
async function moveTo(db: Db, row: OrderRow, status: OrderStatus, now: Date, patch: Partial<OrderRow>) {
  if (!mayMoveOrder(row.status as OrderStatus, status)) throw new Error(`Order ${row.id} cannot move from ${row.status} to ${status}`);
  const timeline = [...(row.timeline as { status: string; at: string }[]), { status, at: now.toISOString() }];
  await store.updateOrder(db, row.id, { ...patch, status, timeline, updatedAt: now });
  await recordChange(db, { workspaceId: row.workspaceId, kind: 'order', id: row.id, status });
}

async function setStatus(db: Db, row: OrderRow, status: OrderStatus, now: Date, patch: Partial<OrderRow>, detail: Record<string, unknown> = {}) {
  await moveTo(db, row, status, now, patch);
  await appendAudit(
    db,
    engineActor(row.workspaceId),
    [
      {
        category: 'Trading',
        subject: 'Order',
        event: ORDER_STATUS_LABELS[status],
        detail: { orderId: row.id, providerId: row.providerId, before: { status: row.status }, after: { status }, ...detail },
      },
    ],
    now,
  );
}

/** Cancels a locked order in a cancellable status, for `actor`: every step is called off. */
export async function cancel(db: Db, row: OrderRow, actor: AuditActor, now: Date) {
  const steps = (row.executionSteps as ExecutionStep[]).map((s) => ({ ...s, status: 'CANCELLED' as const }));
  await moveTo(db, row, 'CANCELED', now, { executionSteps: steps, nextStepAt: null });
  await appendAudit(
    db,
    actor,
    [
      {
        category: 'Trading',
        subject: 'Order',
        event: ORDER_STATUS_LABELS.CANCELED,
        detail: { orderId: row.id, before: { status: row.status }, after: { status: 'CANCELED' } },
      },
    ],
    now,
  );
}

const fail = (db: Db, row: OrderRow, reason: string, now: Date, steps?: ExecutionStep[]) =>
  setStatus(
    db,
    row,
    'FAILED',
    now,
    {
      failureReason: reason,
      nextStepAt: null,
      executionSteps: (steps ?? (row.executionSteps as ExecutionStep[])).map((s) =>
        s.status === 'COMPLETED' || s.status === 'FAILED' ? s : { ...s, status: 'CANCELLED' as const },
      ),
    },
    { failure: reason },
  );

const vaultSource = (row: OrderRow) => {
  const s = row.settlement as { type: string; sourceAccount?: { type: string; accountId?: string } };
  return s.type === 'DVP' && s.sourceAccount?.type === 'VAULT_ACCOUNT' ? s.sourceAccount.accountId : undefined;
};
const vaultDestination = (row: OrderRow) => {
  const s = row.settlement as { destinationAccount?: { type: string; accountId?: string } };
  return s.destinationAccount?.type === 'VAULT_ACCOUNT' ? s.destinationAccount.accountId : undefined;
};

/**
 * The transactions of a settlement, created with it: the pay leg from a DVP vault source to the
 * provider, and the delivery from the provider to the destination. Balances have just moved, so
 * the transaction engine only takes them through the chain's statuses (and their webhooks).
 * Answers the delivery, whose hash is the order's receipt.
 */
async function settlementTransactions(db: Db, row: OrderRow, plan: SettlementPlan, source: string | undefined, now: Date) {
  // One after the other: `db` is the step's transaction, one connection that runs one statement at a time.
  const payAsset = await chainAsset(db, row.workspaceId, plan.payAsset);
  const receiveAsset = await chainAsset(db, row.workspaceId, plan.receiveAsset);
  const provider = { type: 'EXCHANGE_ACCOUNT' as const, id: row.providerId, name: findProvider(row.providerId)?.name ?? row.providerId };
  const common = {
    workspaceId: row.workspaceId,
    outcome: 'COMPLETED',
    balancesMoved: true,
    orderId: row.id,
    createdBy: row.createdBy,
    note: `Order ${row.id}`,
  };
  if (source && payAsset) {
    await submitTransfer(
      db,
      {
        ...common,
        asset: payAsset,
        source: { type: 'VAULT_ACCOUNT', id: source },
        destination: provider,
        destinationAddress: simulatedAddress(payAsset.protocol, `${row.id}:provider:${plan.payAsset}`),
        amount: plan.payAmount,
      },
      now,
    );
  }
  if (!receiveAsset) return undefined;
  const target = (row.settlement as { destinationAccount?: AccountReference }).destinationAccount;
  const destination =
    target?.type === 'ONE_TIME_ADDRESS'
      ? { peer: { type: 'ONE_TIME_ADDRESS' as const }, address: target.address, tag: target.tag }
      : target
        ? {
            peer: { type: target.type, id: target.accountId },
            address:
              target.type === 'VAULT_ACCOUNT'
                ? vaultAddress(row.workspaceId, target.accountId, receiveAsset)
                : simulatedAddress(receiveAsset.protocol, `${row.workspaceId}:${target.type}:${target.accountId}`),
          }
        : undefined;
  if (!destination) return undefined;
  return submitTransfer(
    db,
    {
      ...common,
      asset: receiveAsset,
      source: provider,
      destination: destination.peer,
      destinationAddress: destination.address,
      ...(destination.tag ? { destinationTag: destination.tag } : {}),
      amount: plan.receiveAmount,
    },
    now,
  );
}

/** The steps with the one at `index` moved to `status`. */
const withStepStatus = <S extends { status: string }>(steps: S[], index: number, status: S['status']): S[] =>
  steps.map((s, i) => (i === index ? { ...s, status } : s));

/** Moves one locked order a step. */
export async function advance(db: Db, row: OrderRow, now: Date, depositSeenMs = DEPOSIT_SEEN_MS): Promise<void> {
  const plan = row.plan as SettlementPlan;
  const steps = row.executionSteps as ExecutionStep[];
  switch (row.status as OrderStatus) {
    case 'CREATED': {
      if (row.expiresAt && row.expiresAt <= now) return fail(db, row, 'ORDER_EXPIRED', now);
      const source = vaultSource(row);
      if (source && new Dec(await vaults.balanceOf(db, row.workspaceId, source, plan.payAsset)).lt(plan.payAmount))
        return fail(db, row, 'INSUFFICIENT_FUNDS', now);
      if (nextOrderStatus('CREATED', row.settlementType) === 'AWAITING_PAYMENT') {
        const instruction = await depositInstruction(db, row.workspaceId, plan.payAsset, row.id);
        const seen = new Date(now.getTime() + depositSeenMs);
        return setStatus(db, row, 'AWAITING_PAYMENT', now, {
          paymentInstructions: [instruction],
          expiresAt: new Date(now.getTime() + PAYMENT_WINDOW_MS),
          paymentSeenAt: seen,
          nextStepAt: seen,
        });
      }
      return setStatus(db, row, 'PROCESSING', now, {
        executionSteps: withStepStatus(steps, 0, 'PROCESSING'),
        nextStepAt: new Date(now.getTime() + STEP_MS),
      });
    }
    case 'AWAITING_PAYMENT': {
      const seen = row.paymentSeenAt !== null && row.paymentSeenAt <= now && (!row.expiresAt || row.paymentSeenAt <= row.expiresAt);
      if (seen)
        return setStatus(db, row, 'PROCESSING', now, {
          executionSteps: withStepStatus(steps, 0, 'PROCESSING'),
          nextStepAt: new Date(now.getTime() + STEP_MS),
        });
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
        const base = await resolveAsset(db, row.workspaceId, row.baseAssetId);
        const quote = await resolveAsset(db, row.workspaceId, row.quoteAssetId);
        const market = base && quote ? await marketPrice(db, row.workspaceId, base, quote) : undefined;
        const fills = market !== undefined && (row.side === 'BUY' ? new Dec(market).lte(limit) : new Dec(market).gte(limit));
        if (!fills) return fail(db, row, 'FAILED_BY_PROVIDER', now, withStepStatus(steps, index, 'FAILED'));
      }
      if (index < steps.length - 1) {
        const next = steps.map((s, i) =>
          i === index
            ? { ...s, status: 'COMPLETED' as const, txId: hex(`${row.id}:tx:${index}`, 32), txHash }
            : i === index + 1
              ? { ...s, status: 'PROCESSING' as const }
              : s,
        );
        await store.updateOrder(db, row.id, { executionSteps: next, updatedAt: now, nextStepAt: new Date(now.getTime() + STEP_MS) });
        // A step moved on without a new status: the order's page shows the steps.
        await recordChange(db, { workspaceId: row.workspaceId, kind: 'order', id: row.id, status: row.status });
        return;
      }
      // Settlement: the source pays, the destination receives, in this one transaction.
      const source = vaultSource(row);
      if (source && !(await vaults.debit(db, row.workspaceId, source, plan.payAsset, plan.payAmount))) {
        return fail(db, row, 'INSUFFICIENT_FUNDS', now, withStepStatus(steps, index, 'FAILED'));
      }
      const destination = vaultDestination(row);
      if (destination) await vaults.credit(db, row.workspaceId, destination, plan.receiveAsset, plan.receiveAmount);
      const delivery = await settlementTransactions(db, row, plan, source, now);
      const receiptHash = delivery?.txHash ?? txHash;
      const done = steps.map((s, i) =>
        i === index ? { ...s, status: 'COMPLETED' as const, txId: delivery?.id ?? hex(`${row.id}:tx:${index}`, 32), txHash: receiptHash } : s,
      );
      return setStatus(
        db,
        row,
        'COMPLETED',
        now,
        { executionSteps: done, receipt: { type: 'BLOCKCHAIN', txHash: receiptHash, amount: plan.receiveAmount }, nextStepAt: null },
        { receiptAmount: plan.receiveAmount, assetId: plan.receiveAsset },
      );
    }
    default:
      await store.updateOrder(db, row.id, { nextStepAt: null });
  }
}

const orderSteps = (depositSeenMs: number): DueWork<OrderRow> => ({
  table: tradingOrders,
  claim: store.claimDueOrder,
  advance: (db, row, now) => advance(db, row, now, depositSeenMs),
});

/**
 * Advances every due order by one step (at most `max` tried); answers how many steps were taken. An
 * order whose step fails is retried later, with a growing delay, while the others go on.
 */
export async function runOnce(db: Db, now: Date, max = 100, failures = byHand(), signal?: AbortSignal, depositSeenMs = DEPOSIT_SEEN_MS): Promise<number> {
  return takeDueSteps(db, orderSteps(depositSeenMs), now, max, failures, signal);
}

/**
 * The running worker: a round of due steps whenever an order is created (a notice), when the next
 * step is due, and at least every safety period. Answers the poller.
 */
export function startOrderEngine(worker: WorkerContext, { busyMs = 500, depositSeenMs = DEPOSIT_SEEN_MS } = {}): Poller {
  const { db, logger, now } = worker;
  const failures = new StepFailures(logger, 'order engine step failed');
  const round = async (signal: AbortSignal) => {
    await runOnce(db, now(), 100, failures, signal, depositSeenMs);
    return store.nextOrderStepDue(db);
  };
  return startPoller('order engine', round, logger, { ...worker, channel: CHANNELS.orders, busyMs });
}
