import type { AddressInfo } from 'node:net';
import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createApp } from './app';
import type { Database } from './db/client';
import { openDatabase } from './database';
import { lockDataDir } from './db/data-dir-lock';
import type { Config } from './env';
import { loadSecrets } from './features/auth/tokens';
import { startRefusalSummaries } from './features/auth/authenticate';
import type { Readiness } from './http/readiness';
import type { AppDeps, AppEnv } from './http/types';
import type { Logger } from './logger';
import { startDemoHistoryFill } from './demo/history-fill';
import { startBackups, type Backups } from './workers/backups';
import { startHousekeeping } from './workers/housekeeping';
import { loadTreeHeadKey } from './features/audit/tree-keys';
import { startAuditTreeWorker } from './features/audit/tree-worker';
import { closeLiveHub, openLiveStreams, purgeOldNotices } from './features/live/hub';
import { purgeExpiredLeases } from './features/live/leases';
import { purgeChallenges } from './features/passkeys/store';
import { startOrderEngine } from './features/trading/engine';
import { startTransactionEngine } from './features/transactions/engine';
import { startDeliveryWorker } from './features/webhooks/delivery';
import { registerDatabaseGauges } from './database-gauges';
import { createMetrics, registerInstanceGauges, type Metrics } from './metrics/metrics';
import { serveMetrics } from './metrics/serve';
import { currentSigningKey } from './features/webhooks/signing';
import type { StatementHook } from './db/pglite-statements';
import { startTracing, type Tracing } from './tracing/tracing';

/** The metrics' names for a recorded attempt's outcome. */
const DELIVERY_RESULTS = { COMPLETED: 'delivered', IN_PROGRESS: 'retrying', FAILED: 'failed' } as const;

export interface RunningServer {
  url: string;
  /** Where the Prometheus metrics are served, when METRICS_PORT is set. */
  metricsUrl: string | undefined;
  app: OpenAPIHono<AppEnv>;
  deps: AppDeps;
  /** The scheduled backups of the embedded database, when BACKUP_DIR is set. */
  backups: Backups | undefined;
  /**
   * Stops accepting connections, lets requests in flight finish, stops the workers, then closes
   * the database. /readyz answers 503 from the first moment.
   */
  close(): Promise<void>;
  /**
   * Graceful drain (SIGTERM): /readyz answers 503 at once while requests are still served for
   * `config.drainDelayMs`, long enough for a balancer's health checks to take this instance out,
   * then `close()`.
   */
  drain(): Promise<void>;
}

/** How long the service keeps an idle client connection open (see startServer). */
const KEEP_ALIVE_MS = 65_000;

/**
 * A response sent before the request's body has fully arrived (413 for a body over the limit, 401
 * before the body was read) says `Connection: close`. Node then closes the connection after the
 * response, as it must (the rest of the body would otherwise be read as the next request, or be
 * cut off by the adapter's drain limit); the header tells the client so, and a well-behaved
 * client sends its next request on a new connection instead of losing it on this one.
 */
function answerAndCloseEarly(app: OpenAPIHono<AppEnv>) {
  return async (request: Request, env: HttpBindings | Http2Bindings) => {
    const response = await app.fetch(request, env);
    // Node parses body bytes that arrived with the headers only after this request's first
    // microtasks: one turn of the event loop tells a body already here from one still on its way.
    if (!env.incoming.complete) await new Promise((resolve) => setImmediate(resolve));
    if (!env.incoming.complete) response.headers.set('Connection', 'close');
    return response;
  };
}

/** What the database tells of each statement: its latency to the metrics, its span to the traces (none when both are off). */
function statementHook(metrics: Metrics | undefined, tracing: Tracing | undefined): StatementHook | undefined {
  if (!metrics && !tracing) return undefined;
  return (text) => {
    const started = performance.now();
    const traced = tracing?.statement(text);
    return (error) => {
      metrics?.statements.observe((performance.now() - started) / 1000);
      traced?.(error);
    };
  };
}

export async function openServices(config: Config, logger: Logger) {
  const releaseLock = 'dataDir' in config.database ? lockDataDir(config.database.dataDir, 'the Asset Ops service') : () => undefined;
  const metrics = config.metrics ? createMetrics() : undefined;
  const tracing = config.tracing ? await startTracing(config.tracing, config.instanceId, logger) : undefined;
  let database: Database;
  try {
    database = await openDatabase(config.database, logger, statementHook(metrics, tracing));
  } catch (error) {
    releaseLock();
    await tracing?.shutdown();
    throw error;
  }
  const now = () => new Date();
  metrics?.describe(database.kind);
  const deps: AppDeps = { db: database.db, config, logger, now, secrets: await loadSecrets(database.db), metrics, tracing };
  return { deps, database, releaseLock };
}

export async function startServer(
  config: Config,
  logger: Logger,
  services?: Awaited<ReturnType<typeof openServices>>,
  extend?: (app: OpenAPIHono<AppEnv>) => void,
): Promise<RunningServer> {
  const { deps, database, releaseLock } = services ?? (await openServices(config, logger));
  const readiness: Readiness = { workers: false, draining: false };
  const app = createApp(deps, extend, readiness);
  const stopHousekeeping = startHousekeeping(deps.db, database.kind, logger, deps.now, [purgeOldNotices, purgeExpiredLeases, purgeChallenges]);
  const worker = { db: deps.db, notices: database.notices, logger, now: deps.now, safetyMs: config.workerSafetyPollMs };
  const orderEngine = startOrderEngine(worker, { depositSeenMs: config.depositSeenMs });
  const transactionEngine = startTransactionEngine(worker, config.stuckAlert);
  const auditTree = startAuditTreeWorker(
    worker,
    config.auditTreeHeadIntervalMs,
    deps.metrics && ((delays) => delays.forEach((delay) => deps.metrics!.auditSequencing.observe(delay))),
  );
  const stopRefusalSummaries = startRefusalSummaries(deps.db, logger, deps.now);
  const signingKey = currentSigningKey(deps.db, deps.now);
  await signingKey(); // the JWKS has a key before the first delivery
  await loadTreeHeadKey(deps.db, deps.now()); // and the audit log's before its first signed tree head
  const { metrics } = deps;
  const delivery = startDeliveryWorker(worker, signingKey, {
    policy: { allowLocal: config.webhooks.allowLocal },
    ...config.webhooks,
    onOutcome: metrics && ((status) => metrics.deliveries.inc({ result: DELIVERY_RESULTS[status] })),
    tracing: deps.tracing,
  });
  const backups = config.backups ? startBackups(database, config.backups, logger, deps.now) : undefined;
  // The demo's long audit history, when a first start left some of it to write (see history-fill.ts).
  const demoHistory = config.demo ? startDemoHistoryFill(deps.db, logger) : undefined;
  readiness.workers = true;
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  if (metrics && config.metrics) {
    const instance = {
      ready: () => readiness.workers && !readiness.draining,
      draining: () => readiness.draining,
      liveStreams: () => openLiveStreams(deps.db),
    };
    registerInstanceGauges(metrics, instance, database.pool);
    registerDatabaseGauges(metrics, deps.db, config.stuckAlert, deps.now);
    metricsServer = await serveMetrics(config.metrics, metrics, logger);
  }
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: answerAndCloseEarly(app), port: config.port, hostname: config.host }, () => resolve(s));
  });
  // An idle connection is kept 65 s, not Node's 5 s. A client that sends on a connection at the
  // moment the service closes it gets a reset (ECONNRESET) for a request that never arrived; Node's
  // agents keep idle connections with no limit of their own, and a balancer's pool reuses them. Past
  // the usual 60 s idle timeout of a balancer, it is the balancer that closes first. Shutdown closes
  // idle connections itself (below), so it does not wait for this.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = KEEP_ALIVE_MS;
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      readiness.draining = true;
      // Open live streams would keep their connections (and this close) waiting: their clients reconnect to another instance.
      closeLiveHub(deps.db);
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          logger.warn('requests still running after 10 s; closing their connections');
          if ('closeAllConnections' in server) server.closeAllConnections();
        }, 10_000);
        // A connection whose request finishes during shutdown turns idle and would be kept alive
        // for its keep-alive timeout; closing idle connections until the server is closed avoids it.
        const sweep = setInterval(() => 'closeIdleConnections' in server && server.closeIdleConnections(), 50);
        server.close(() => {
          clearTimeout(force);
          clearInterval(sweep);
          resolve();
        });
      });
      // The workers stop after the last request: their stop functions finish the step at hand and
      // give back what this instance holds, so another instance takes it over at once.
      readiness.workers = false;
      stopHousekeeping();
      await Promise.all([
        orderEngine.stop(),
        transactionEngine.stop(),
        auditTree.stop(),
        delivery.stop(),
        stopRefusalSummaries(),
        backups?.stop(),
        demoHistory?.stop(),
      ]);
      await metricsServer?.close();
      await database.close();
      await deps.tracing?.shutdown();
      releaseLock();
    })());
  let draining: Promise<void> | undefined;
  return {
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    metricsUrl: metricsServer?.url,
    app,
    deps,
    backups,
    close,
    drain: () =>
      (draining ??= (async () => {
        readiness.draining = true;
        await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
        await close();
      })()),
  };
}
