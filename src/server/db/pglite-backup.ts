import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import { VERSION } from '../version';
import { extractArchive, writeArchive } from './backup-archive';
import { DATA_DIR_LOCK_FILE } from './data-dir-lock';

/**
 * Online backups of the embedded database. PGlite is one PostgreSQL in this process, with no
 * background writer: while its two mutexes are held, no statement runs and no file of its data
 * folder changes. A backup takes them, runs CHECKPOINT (every change is then in the data files),
 * and copies the folder; the service waits only for that copy. Archiving and compressing the
 * copy happen after the mutexes are given back. What the copy holds is a clean checkpoint: every
 * transaction committed before `takenAt`, nothing of one that was still open.
 *
 * The data folder's other files (the demo password, the demo API user's private key) are copied
 * with it, so a backup is everything the service keeps. Left out: the lock files, which name the
 * process running now, and the WAL segments PostgreSQL keeps for reuse, which nothing before the
 * checkpoint needs (a base backup leaves them out too): the copy holds the segments from the
 * checkpoint's redo point to the current one.
 */

/** The file inside a backup that says what it is; it is removed from the folder a restore makes. */
export const BACKUP_MANIFEST = 'asset-ops-backup.json';

export interface BackupManifest {
  format: 'asset-ops-backup';
  formatVersion: 1;
  /** The release that wrote it: a restore into an older release would meet migrations it does not know. */
  version: string;
  database: 'pglite';
  /** Every transaction committed before this moment is in the backup. */
  takenAt: string;
}

export interface BackupResult {
  file: string;
  takenAt: string;
  bytes: number;
  /** How long the database was held for the copy. */
  pausedMs: number;
}

/** PostgreSQL's own lock file of a running server: a copy must not carry it. */
const POSTMASTER_PID = 'postmaster.pid';
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** Runs simple-protocol SQL inside the held mutexes (PGlite's own query would wait for them) and answers the first row. */
async function firstRow(client: PGlite, text: string): Promise<(string | null)[]> {
  const messages = (await client.execProtocolStream(serialize.query(text), { syncToFs: false })) as unknown as { name: string; fields?: (string | null)[] }[];
  return messages.find((m) => m.name === 'dataRow')?.fields ?? [];
}

/** Copies a consistent image of the running database's folder into `into` (which must not exist); answers when it was taken. */
async function copyAtCheckpoint(client: PGlite, dataDir: string, into: string): Promise<{ takenAt: Date; pausedMs: number }> {
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const started = performance.now();
      const takenAt = new Date();
      await firstRow(client, 'checkpoint');
      const [first, last] = await firstRow(client, 'select redo_wal_file, pg_walfile_name(pg_current_wal_insert_lsn()) from pg_control_checkpoint()');
      if (!first || !last) throw new Error('backup: the database did not name its WAL segments');
      const root = resolve(dataDir);
      await cp(root, into, {
        recursive: true,
        errorOnExist: true,
        filter: (source) => {
          const path = relative(root, source);
          if (path === DATA_DIR_LOCK_FILE || path === POSTMASTER_PID) return false;
          const [folder, name] = path.split(sep);
          return !(folder === 'pg_wal' && name && WAL_SEGMENT.test(name) && (name < first || name > last));
        },
      });
      return { takenAt, pausedMs: Math.round(performance.now() - started) };
    }),
  );
}

/** `path` is `folder` or lies under it. */
export function insideFolder(path: string, folder: string): boolean {
  const rest = relative(resolve(folder), resolve(path));
  return rest === '' || !(rest === '..' || rest.startsWith(`..${sep}`) || isAbsolute(rest));
}

/**
 * Writes a backup of the running database to `file` (a gzipped tar), which must not exist yet and
 * must lie outside the data folder. The archive is written beside it under a temporary name and
 * renamed when complete, so a file with the final name is always a whole backup.
 */
export async function backupPglite(client: PGlite, dataDir: string, file: string): Promise<BackupResult> {
  if (insideFolder(file, dataDir)) throw new Error(`backup: ${file} is inside the data folder ${dataDir}; write backups elsewhere`);
  if (existsSync(file)) throw new Error(`backup: ${file} already exists`);
  await mkdir(dirname(file), { recursive: true });
  const staging = join(dirname(file), `.${basename(file)}.staging`);
  const partial = join(dirname(file), `.${basename(file)}.partial`);
  await rm(staging, { recursive: true, force: true });
  await rm(partial, { force: true });
  try {
    const { takenAt, pausedMs } = await copyAtCheckpoint(client, dataDir, staging);
    const manifest: BackupManifest = { format: 'asset-ops-backup', formatVersion: 1, version: VERSION, database: 'pglite', takenAt: takenAt.toISOString() };
    writeFileSync(join(staging, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await writeArchive(staging, partial);
    await rename(partial, file);
    return { file, takenAt: manifest.takenAt, bytes: statSync(file).size, pausedMs };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/**
 * Makes `dataDir` from a backup: the folder must be missing or empty (a restore never overwrites).
 * Answers the backup's manifest. On failure nothing is left in the folder.
 */
export async function restorePglite(file: string, dataDir: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new Error(`restore: there is no backup file ${file}`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`restore: ${dataDir} is not empty; restore into a new folder, then point DATA_DIR at it`);
  }
  await mkdir(dataDir, { recursive: true });
  try {
    await extractArchive(file, dataDir);
    const manifestFile = join(dataDir, BACKUP_MANIFEST);
    const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Partial<BackupManifest>) : undefined;
    if (manifest?.format !== 'asset-ops-backup' || manifest.formatVersion !== 1 || manifest.database !== 'pglite') {
      throw new Error(`restore: ${file} is not an Asset Ops backup of the embedded database`);
    }
    rmSync(manifestFile);
    return manifest as BackupManifest;
  } catch (error) {
    for (const name of readdirSync(dataDir)) rmSync(join(dataDir, name), { recursive: true, force: true });
    throw error;
  }
}
