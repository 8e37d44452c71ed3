import { AsyncResource } from 'node:async_hooks';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from '../logger';
import { ADVISORY_LOCKS } from './advisory-lock';
import type { Db } from './db-type';
import { PgNotices } from './notify';
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
 * A pool whose queries run in their caller's async context. The pool's query waits for a
 * connection with a callback, which another query's release calls when the pool is busy: the
 * statement would then be told to the hook (and its span parented) as that other request's.
 */
const CallersPool = class extends pg.Pool {
  // @ts-expect-error -- one override for connect's two forms (callback or promise), passed through.
  override connect(callback?: (...args: unknown[]) => void) {
    return callback ? super.connect(AsyncResource.bind(callback)) : super.connect();
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
  const pool = new (onStatement ? CallersPool : pg.Pool)({
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
