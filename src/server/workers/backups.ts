import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/client';
import type { BackupResult } from '../db/pglite-backup';
import type { Config } from '../env';
import type { Logger } from '../logger';

/** A backup's file name: the moment it was started, so names sort by age. */
export const BACKUP_FILE = /^asset-ops-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/;
export const backupFileName = (at: Date) => `asset-ops-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;

export interface Backups {
  /** Takes a backup now, after any under way (an operator's SIGUSR2): answers it, or undefined when it failed (logged). */
  takeNow(): Promise<BackupResult | undefined>;
  /** Stops the schedule and waits for a backup under way. */
  stop(): Promise<void>;
}

/**
 * Online backups of the embedded database into `settings.dir`: one every interval, and one on
 * demand; each replaces the oldest beyond `settings.keep`. A failed backup is logged and the
 * schedule goes on (the next one may well succeed: a full disk freed, a folder made writable).
 */
export function startBackups(database: Database, settings: NonNullable<Config['backups']>, logger: Logger, now: () => Date): Backups {
  const backup = database.backup;
  if (!backup) throw new Error('startBackups: only the embedded database is backed up by the service');
  // Made now, so that a folder the service cannot write stops the start rather than the first backup.
  mkdirSync(settings.dir, { recursive: true });
  let queue: Promise<unknown> = Promise.resolve();
  const take = async (): Promise<BackupResult | undefined> => {
    const file = join(settings.dir, backupFileName(now()));
    try {
      const result = await backup(file);
      const old = readdirSync(settings.dir)
        .filter((name) => BACKUP_FILE.test(name))
        .sort()
        .slice(0, -settings.keep);
      for (const name of old) rmSync(join(settings.dir, name), { force: true });
      logger.info({ ...result, removed: old }, 'backup written');
      return result;
    } catch (err) {
      logger.error({ err, file }, 'backup failed');
      return undefined;
    }
  };
  const takeNow = () => {
    const taking = queue.then(take);
    queue = taking;
    return taking;
  };
  const timer = setInterval(() => void takeNow(), settings.intervalMs);
  timer.unref();
  return {
    takeNow,
    stop: async () => {
      clearInterval(timer);
      await queue;
    },
  };
}
