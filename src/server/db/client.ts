import { AsyncResource } from 'node:async_hooks';
import { existsSync, mkdirSync, openAsBlob } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createLogger, type Logger } from '../logger';
import { ADVISORY_LOCKS } from './advisory-lock';
import { PgliteNotices, PgNotices, type Notices } from './notify';
import { backupPglite, type BackupResult } from './pglite-backup';
import { sentInOneCall, type StatementHook } from './pglite-statements';
import type { Db } from './db-type';
import * as schema from './schema';
import { serverFile } from '../server-file';

// Where every store takes it from (db-type.ts says why it lives apart).
export type { Db } from './db-type';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** This process's listener for database notices (see notify.ts); it connects at the first subscription. */
  notices: Notices;
  /** PostgreSQL only: the connection pool, whose connections in use and waiters the metrics report. */
  pool?: pg.Pool;
  /** PGlite only: its files, to start another database from (`{ memory: true, image }`, or a new data folder). */
  image?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  /** PGlite on a data folder only: writes an online backup of it to `file` (see pglite-backup.ts). */
  backup?: (file: string) => Promise<BackupResult>;
  close(): Promise<void>;
}

/**
 * Migration sets, applied in this order. The core tables have the first; an area with tables of
 * its own keeps its schema, its drizzle-kit config and its migrations beside its code, tracked in
 * its own table, so areas evolve their tables independently (`npm run db:generate -- <area>`).
 */
/**
 * Databases that only this process can open: a PGlite data folder is locked to one process
 * (lockDataDir), and an in-memory one has no other way in. What this process remembers about such
 * a database can only be made stale by this process, which tells its caches when it does.
 */
const ownedDatabases = new WeakSet<object>();
export const isOwnedByThisProcess = (db: Db): boolean => ownedDatabases.has(db);

/**
 * Runs `write` in the caller's transaction when `db` is one, else in a transaction of its own: a
 * helper that must be atomic is usually called inside a larger change, where a nested transaction
 * would only add a savepoint and its release (two statements on every write).
 */
export const atomically = <T>(db: Db, write: (tx: Db) => Promise<T>): Promise<T> =>
  db instanceof PgTransaction ? write(db as unknown as Db) : db.transaction((tx) => write(tx as unknown as Db));

/**
 * The release build's database with every migration applied and the shipped catalogue loaded
 * (scripts/build-server.mjs makes it, src/server/make-empty-database.ts): a new data folder
 * starts as a copy of it, which takes half the time of creating one and migrating it, the largest
 * part of a first start. Outside a release build there is none, and a new folder is created. The
 * migrations and the catalogue sync still run on the copy (no-ops when it is current).
 */
export const EMPTY_DATABASE_IMAGE = 'db/empty-database.tar.gz';
export const NEW_DATA_FOLDER_FROM_IMAGE = "a new data folder: starting from the release's migrated empty database";
async function emptyDatabaseImage(): Promise<Blob | undefined> {
  const file = fileURLToPath(serverFile(EMPTY_DATABASE_IMAGE));
  return existsSync(file) ? openAsBlob(file) : undefined;
}

/** Each open database's notice listener, for code that holds only the `Db` (the live streams' hub). */
const noticesByDb = new WeakMap<object, Notices>();
export function noticesOf(db: Db): Notices {
  const notices = noticesByDb.get(db);
  if (!notices) throw new Error('noticesOf: this database was not opened by openDatabase');
  return notices;
}

export const MIGRATION_SETS: { area: string; folder: string; table: string }[] = [
  { area: 'core', folder: fileURLToPath(serverFile('db/migrations')), table: '__drizzle_migrations' },
  { area: 'audit', folder: fileURLToPath(serverFile('features/audit/migrations')), table: '__drizzle_migrations_audit' },
  { area: 'catalogue', folder: fileURLToPath(serverFile('features/catalogue/migrations')), table: '__drizzle_migrations_catalogue' },
  { area: 'compliance', folder: fileURLToPath(serverFile('features/compliance/migrations')), table: '__drizzle_migrations_compliance' },
  { area: 'earn', folder: fileURLToPath(serverFile('features/earn/migrations')), table: '__drizzle_migrations_earn' },
  { area: 'trading', folder: fileURLToPath(serverFile('features/trading/migrations')), table: '__drizzle_migrations_trading' },
  { area: 'transactions', folder: fileURLToPath(serverFile('features/transactions/migrations')), table: '__drizzle_migrations_transactions' },
  { area: 'webhooks', folder: fileURLToPath(serverFile('features/webhooks/migrations')), table: '__drizzle_migrations_webhooks' },
  { area: 'live', folder: fileURLToPath(serverFile('features/live/migrations')), table: '__drizzle_migrations_live' },
  { area: 'passkeys', folder: fileURLToPath(serverFile('features/passkeys/migrations')), table: '__drizzle_migrations_passkeys' },
];

/** `image`: the files of another in-memory database (`Database.image`) to start from, instead of an empty one. */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; image?: Blob };

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

/**
 * Opens the database and brings its schema up to date (idempotent, safe with several instances);
 * the service opens it with its shipped data too (openDatabase, src/server/database.ts). The logger
 * hears of the notice listener's lost connections.
 */
export async function openMigratedDatabase(target: DatabaseTarget, logger: Logger = createLogger('silent'), onStatement?: StatementHook): Promise<Database> {
  if ('url' in target) {
    const pool = new (onStatement ? CallersPool : pg.Pool)({
      connectionString: target.url,
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
      for (const set of MIGRATION_SETS) await migratePg(drizzlePg(lockClient), { migrationsFolder: set.folder, migrationsTable: set.table });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]).catch(() => undefined);
      lockClient.release();
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const notices = new PgNotices(target.url, logger);
    noticesByDb.set(db, notices);
    return {
      db,
      kind: 'postgres',
      notices,
      pool,
      close: async () => {
        await notices.close();
        await pool.end();
      },
    };
  }
  let client: PGlite;
  // pg_trgm backs the audit log's free-text search (core migration 0007 creates it).
  const extensions = { pg_trgm };
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    const image = existsSync(join(target.dataDir, 'PG_VERSION')) ? undefined : await emptyDatabaseImage();
    if (image) logger.info({ dataDir: target.dataDir }, NEW_DATA_FOLDER_FROM_IMAGE);
    client = await PGlite.create(target.dataDir, { extensions, ...(image && { loadDataDir: image }) });
  } else {
    client = await PGlite.create({ extensions, loadDataDir: target.image });
  }
  const migrating = drizzlePglite(client, { schema });
  for (const set of MIGRATION_SETS) await migratePglite(migrating, { migrationsFolder: set.folder, migrationsTable: set.table });
  // The service's statements are sent as one call each (the migrations' run once and go through PGlite's query).
  const db = drizzlePglite({ client: sentInOneCall(client, undefined, onStatement), schema });
  const notices = new PgliteNotices(client, logger);
  ownedDatabases.add(db);
  noticesByDb.set(db, notices);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    notices,
    image: (compression = 'none') => client.dumpDataDir(compression),
    ...('dataDir' in target ? { backup: (file: string) => backupPglite(client, target.dataDir, file) } : {}),
    close: async () => {
      await notices.close();
      await client.close();
    },
  };
}
