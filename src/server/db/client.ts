import { existsSync, mkdirSync, openAsBlob, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { createLogger, type Logger } from '../logger';
import { PgliteNotices, type Notices } from './notify';
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

/**
 * Whether every migration of `sets` is applied already, asked in one statement. Drizzle's migrator
 * applies the migrations whose journal time is later than the latest it recorded; when there are
 * none it has still read and hashed every migration file and made sure of its schema and tables,
 * a few hundred milliseconds of every start of the embedded database. A set whose table is missing
 * (a new database, a new area) answers false, and the migrator runs.
 */
export async function migrationsApplied(client: PGlite, sets: readonly { folder: string; table: string }[] = MIGRATION_SETS): Promise<boolean> {
  const newest = sets.map((set) => {
    const journal = JSON.parse(readFileSync(join(set.folder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
    return Math.max(0, ...journal.entries.map((entry) => entry.when));
  });
  const latest = sets.map((set, i) => `select ${i} as i, max(created_at)::text as at from drizzle."${set.table}"`).join(' union all ');
  try {
    const { rows } = await client.query<{ i: number; at: string | null }>(latest);
    return rows.every((row) => row.at !== null && Number(row.at) >= newest[row.i]!);
  } catch {
    return false;
  }
}

/**
 * `image`: the files of another database (`Database.image`) to start from, instead of an empty one;
 * for a data folder, only when the folder holds no database yet.
 */
export type DatabaseTarget = { url: string } | { dataDir: string; image?: Blob } | { memory: true; image?: Blob };

/**
 * Opens the database and brings its schema up to date (idempotent, safe with several instances);
 * the service opens it with its shipped data too (openDatabase, src/server/database.ts). The logger
 * hears of the notice listener's lost connections.
 */
export async function openMigratedDatabase(target: DatabaseTarget, logger: Logger = createLogger('silent'), onStatement?: StatementHook): Promise<Database> {
  if ('url' in target) {
    // node-postgres and its drizzle driver load only for PostgreSQL: an embedded start skips them.
    const { openPostgres } = await import('./postgres');
    const database = await openPostgres(target.url, logger, MIGRATION_SETS, onStatement);
    noticesByDb.set(database.db, database.notices);
    return database;
  }
  let client: PGlite;
  // pg_trgm backs the audit log's free-text search (core migration 0007 creates it).
  const extensions = { pg_trgm };
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    const image = existsSync(join(target.dataDir, 'PG_VERSION')) ? undefined : (target.image ?? (await emptyDatabaseImage()));
    if (image) logger.info({ dataDir: target.dataDir }, NEW_DATA_FOLDER_FROM_IMAGE);
    client = await PGlite.create(target.dataDir, { extensions, ...(image && { loadDataDir: image }) });
  } else {
    client = await PGlite.create({ extensions, loadDataDir: target.image });
  }
  const migrating = drizzlePglite(client, { schema });
  if (!(await migrationsApplied(client))) {
    for (const set of MIGRATION_SETS) await migratePglite(migrating, { migrationsFolder: set.folder, migrationsTable: set.table });
  }
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
