import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { VERSION } from '../version';

/**
 * One running instance's Prometheus metrics. Each instance has a registry of its own (tests run
 * several in one process), served on the metrics port (serve.ts), never on the public one. Counts
 * of what happens on this instance are counters kept here; what lives in the shared database
 * (backlogs, stuck transfers) is read at scrape time (src/server/database-gauges.ts), so it is the same on
 * every instance and alerts take its max, not its sum.
 */
export function createMetrics() {
  const registry = new Registry();
  // The process's own: CPU, memory, heap, event-loop lag, handles, garbage collection.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const info = new Gauge({
    name: 'asset_ops_info',
    help: "The release's version and the kind of database this instance uses (always 1)",
    labelNames: ['version', 'database'],
    registers,
  });
  return {
    registry,
    requests: new Histogram({
      name: 'asset_ops_http_request_duration_seconds',
      help: 'Requests answered, by operation (the OpenAPI operationId, or the route for paths outside /v1) and status class, with how long they took',
      labelNames: ['operation', 'method', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    rateLimited: new Counter({
      name: 'asset_ops_rate_limited_total',
      help: 'Requests refused with 429 (a rate limit, the sign-in throttle or the refused-key throttle), by operation',
      labelNames: ['operation'],
      registers,
    }),
    authenticationRefused: new Counter({
      name: 'asset_ops_authentication_refused_total',
      help: 'Requests refused with 401 (no, a bad or an expired credential), by operation',
      labelNames: ['operation'],
      registers,
    }),
    statements: new Histogram({
      name: 'asset_ops_db_statement_duration_seconds',
      help: 'Database statements sent by this instance, with how long each took to answer',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    deliveries: new Counter({
      name: 'asset_ops_webhook_deliveries_total',
      help: 'Webhook delivery attempts made by this instance, by result: delivered (2xx), retrying (to be tried again) or failed (for good)',
      labelNames: ['result'],
      registers,
    }),
    auditSequencing: new Histogram({
      name: 'asset_ops_audit_sequencing_delay_seconds',
      help: 'Audit events sequenced by this instance, with how long each waited between its write and its place in the chain',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    auditVerifications: new Counter({
      name: 'asset_ops_audit_verifications_total',
      help: 'Audit chain verifications run on this instance (GET /v1/management/audit_logs/verify), by result: verified or broken',
      labelNames: ['result'],
      registers,
    }),
    /** Called once the instance knows its database. */
    describe(database: 'pglite' | 'postgres') {
      info.set({ version: VERSION, database }, 1);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The status class label of an HTTP status: 2xx, 3xx, 4xx or 5xx. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** What an instance tells of itself at scrape time (server.ts reads it from its readiness and its live hub). */
export interface InstanceState {
  /** Whether it takes traffic: what /readyz says, short of asking the database. */
  ready(): boolean;
  draining(): boolean;
  liveStreams(): number;
}

/**
 * The instance's own state: the live streams it holds, whether it takes traffic, whether it
 * drains, and on PostgreSQL its connection pool: connections in use, idle, and requests waiting
 * for one (a saturated pool shows as waiters before it shows as latency).
 */
export function registerInstanceGauges(metrics: Metrics, instance: InstanceState, pool: pg.Pool | undefined) {
  const registers = [metrics.registry];
  new Gauge({
    name: 'asset_ops_live_streams_open',
    help: 'Live update streams (/v1/events/stream) this instance holds open',
    registers,
    collect() {
      this.set(instance.liveStreams());
    },
  });
  new Gauge({
    name: 'asset_ops_ready',
    help: 'Whether this instance takes traffic: its workers run and it is not draining (1), or not (0)',
    registers,
    collect() {
      this.set(instance.ready() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'asset_ops_draining',
    help: 'Whether this instance is shutting down (SIGTERM): /readyz answers 503 while requests in flight finish',
    registers,
    collect() {
      this.set(instance.draining() ? 1 : 0);
    },
  });
  if (!pool) return;
  new Gauge({
    name: 'asset_ops_db_pool_connections',
    help: 'The PostgreSQL connection pool: connections in use and idle, and queries waiting for a connection',
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
}
