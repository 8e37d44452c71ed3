import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from '../logger';
import { ADVISORY_LOCKS } from './advisory-lock';
import type { Db } from './db-type';
import { PgNotices } from './notify';
import { isDatabaseUnavailable } from './unavailable';
import type { StatementHook } from './pglite-statements';
import * as schema from './schema';

// PostgreSQL's side of openMigratedDatabase (client.ts), in a module of its own so that node-postgres
// and drizzle's driver for it are loaded only when DATABASE_URL is set.

/**
 * A node-postgres client that tells `onStatement` of each statement (the metrics time them, the
 * traces make their spans). The pool's own query passes a callback, drizzle's transactions await a
 * promise: both are seen.
 */
function hookedClient(onStatement: StatementHook): typeof pg.Client {
  class HookedClient extends pg.Client {
    // @ts-expect-error -- one override for query's many overloads: it passes every form through unchanged.
    override query(...args: unknown[]) {
      const first = args[0] as string | { text?: string } | undefined;
      const answered = onStatement(typeof first === 'string' ? first : (first?.text ?? ''));
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (error: unknown, ...answer: unknown[]) => {
          answered(error ?? undefined);
          return (last as (...a: unknown[]) => unknown)(error, ...answer);
        };
      }
      const result = (super.query as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) result.then(() => answered(), answered);
      return result;
    }
  }
  return HookedClient as unknown as typeof pg.Client;
}

/**
 * How long, from the first failed connection of an outage, a request waits for the database to
 * come back before it fails (503). A planned switchover or a restart of PostgreSQL under Patroni
 * leaves no server to connect to for a few seconds: requests that need a connection then wait
 * and go through, instead of failing. A database that stays away costs the requests of its first
 * seconds this wait once; after it, every request fails at once until a connection succeeds again.
 */
export const DATABASE_OUTAGE_WAIT_MS = 6_000;
/** How often a waiting request tries to connect again. */
const RECONNECT_EVERY_MS = 250;

/**
 * The service's pool: connecting waits out the first seconds of an outage (above). Connecting is
 * the safe place to wait: no statement of the request has run yet. Its queries run in their
 * caller's async context: the pool's query waits for a connection with a callback, which another
 * query's release calls when the pool is busy, and the statement would then be told to the hook
 * (and its span parented) as that other request's; here the callback is called from a promise the
 * caller awaits.
 */
const ServicePool = class extends pg.Pool {
  /** When connecting first failed, in the outage going on now; undefined while connections succeed. */
  private unavailableSince: number | undefined;

  // @ts-expect-error -- one override for connect's two forms (callback or promise).
  override connect(callback?: (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) {
    const connecting = this.connectWaiting();
    if (!callback) return connecting;
    connecting.then(
      (client) => callback(undefined, client, (release?: unknown) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error),
    );
  }

  private async connectWaiting(): Promise<pg.PoolClient> {
    for (;;) {
      try {
        const client = await super.connect();
        this.unavailableSince = undefined;
        return client;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        const now = Date.now();
        this.unavailableSince ??= now;
        if (now - this.unavailableSince >= DATABASE_OUTAGE_WAIT_MS) throw error;
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_EVERY_MS));
      }
    }
  }
} as unknown as typeof pg.Pool;

/**
 * How long a request waits for a connection, from the pool or a new one, before it fails: a
 * database that does not answer (a server gone without closing its connections, a saturated pool)
 * gets an error the service answers 503 with, rather than requests that hang.
 */
const CONNECTION_TIMEOUT_MS = 5_000;

/** Opens a pool on `url` and brings the schema up to date under the migrations' advisory lock. */
export async function openPostgres(url: string, logger: Logger, migrationSets: readonly { folder: string; table: string }[], onStatement?: StatementHook) {
  const pool = new ServicePool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    // A connection to a server that vanished (no reset ever comes) is found dead instead of waited on.
    keepAlive: true,
    ...(onStatement ? { Client: hookedClient(onStatement) } : {}),
  });
  // A connection that the server closes (a restart, a crash, an administrator) must not bring the
  // process down. node-postgres emits that on the pool for an idle connection, and on the
  // connection itself for one checked out between two statements (a transaction's, say), where
  // nothing else listens: the statement that uses it next fails instead (the request answers
  // 503), and the pool replaces the connection when it comes back.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    for (const set of migrationSets) await migratePg(drizzlePg(lockClient), { migrationsFolder: set.folder, migrationsTable: set.table });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const notices = new PgNotices(url, pg.Client, logger);
  return {
    db,
    kind: 'postgres' as const,
    notices,
    pool,
    close: async () => {
      await notices.close();
      await pool.end();
    },
  };
}
