import { count, eq, isNotNull, min, sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import type { Db } from './db/client';
import { sequencerLag } from './features/audit/sequencer';
import { tradingOrders } from './features/trading/schema';
import { stuckLimitMs, type StuckPolicy } from './features/transactions/engine';
import { transactions } from './features/transactions/schema';
import { isStuck } from './features/transactions/store';
import { webhookNotifications } from './features/webhooks/schema';
import type { Metrics } from './metrics/metrics';

/** A scrape must answer even when the database does not: past this, the last values stand and `asset_ops_database_up` says 0. */
const SCRAPE_QUERY_MS = 2000;

/**
 * What lives in the shared database, read at scrape time with a few indexed counts: the webhook
 * outbox (its backlog and how old its oldest notification is), the engines' queues (in flight and
 * due now), the stuck transfers (the engine's own rule) and the audit sequencer's backlog and lag. Every instance reports the same
 * values, so alert on their max.
 */
export function registerDatabaseGauges(metrics: Metrics, db: Db, stuck: StuckPolicy, now: () => Date) {
  const registers = [metrics.registry];
  const values = {
    up: 0,
    outboxBacklog: 0,
    outboxOldestSeconds: 0,
    transfersQueued: 0,
    transfersDue: 0,
    transfersStuck: 0,
    ordersQueued: 0,
    ordersDue: 0,
    auditPending: 0,
    auditPendingOldestSeconds: 0,
  };
  let reading: Promise<void> | undefined;
  // One read per scrape, shared by the gauges that collect it.
  const read = () =>
    (reading ??= (async () => {
      const at = now();
      const queued = <T extends typeof transactions | typeof tradingOrders>(table: T) =>
        db
          .select({ queued: count(), due: sql<number>`count(*) filter (where ${table.nextStepAt} <= ${at.toISOString()}::timestamptz)`.mapWith(Number) })
          .from(table as typeof transactions)
          .where(isNotNull(table.nextStepAt));
      const work = Promise.all([
        db
          .select({ backlog: count(), oldest: min(webhookNotifications.createdAt) })
          .from(webhookNotifications)
          .where(eq(webhookNotifications.status, 'IN_PROGRESS')),
        queued(transactions),
        queued(tradingOrders),
        db
          .select({ n: count() })
          .from(transactions)
          .where(isStuck(new Date(at.getTime() - stuckLimitMs(stuck)))),
        sequencerLag(db),
      ]);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), SCRAPE_QUERY_MS)));
      try {
        const answered = await Promise.race([work, timeout]);
        if (!answered) {
          values.up = 0;
          return;
        }
        const [[outbox], [transfers], [orders], [stuckOnes], lag] = answered;
        values.up = 1;
        values.outboxBacklog = outbox?.backlog ?? 0;
        values.outboxOldestSeconds = outbox?.oldest ? Math.max(0, (at.getTime() - outbox.oldest.getTime()) / 1000) : 0;
        values.transfersQueued = transfers?.queued ?? 0;
        values.transfersDue = transfers?.due ?? 0;
        values.ordersQueued = orders?.queued ?? 0;
        values.ordersDue = orders?.due ?? 0;
        values.transfersStuck = stuckOnes?.n ?? 0;
        values.auditPending = lag.pending;
        values.auditPendingOldestSeconds = lag.oldestSeconds;
      } catch {
        values.up = 0;
      } finally {
        clearTimeout(timer);
        reading = undefined;
      }
    })());
  const gauge = (name: string, help: string, value: () => number, labelNames: string[] = []) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        await read();
        this.set(value());
      },
    });
  gauge('asset_ops_database_up', 'Whether the database answered the scrape’s reads within 2 s (1) or not (0)', () => values.up);
  gauge('asset_ops_webhook_outbox_backlog', 'Webhook notifications not yet delivered nor failed for good', () => values.outboxBacklog);
  gauge(
    'asset_ops_webhook_outbox_oldest_age_seconds',
    'How long ago the oldest undelivered webhook notification was made (0 when none waits)',
    () => values.outboxOldestSeconds,
  );
  gauge('asset_ops_transfers_queued', 'Transfers the transaction engine has yet to move on (not in a final state)', () => values.transfersQueued);
  gauge('asset_ops_transfers_due', 'Transfers whose next engine step is due now: the engine’s backlog', () => values.transfersDue);
  gauge(
    'asset_ops_transfers_stuck',
    'EVM transfers in CONFIRMING longer than the stuck limit (STUCK_ALERT_SECONDS, STUCK_ALERT_BLOCKS)',
    () => values.transfersStuck,
  );
  gauge('asset_ops_orders_queued', 'Orders the order engine has yet to move on', () => values.ordersQueued);
  gauge(
    'asset_ops_audit_pending_events',
    'Audit events written and not yet sequenced into their chain and tree: the sequencer’s backlog',
    () => values.auditPending,
  );
  gauge(
    'asset_ops_audit_pending_oldest_age_seconds',
    'How long the oldest audit event not yet sequenced has waited (0 when none waits): the sequencer’s lag',
    () => values.auditPendingOldestSeconds,
  );
  gauge('asset_ops_orders_due', 'Orders whose next engine step is due now: the engine’s backlog', () => values.ordersDue);
}
