import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file in the data folder, naming the process that has it open. */
export const DATA_DIR_LOCK_FILE = 'asset-ops.lock';

/** The other running process that has the data folder open (its pid and what it is), if any. */
export function dataDirHolder(dataDir: string): { pid: number; holder: string } | undefined {
  try {
    const [pidText, holder] = readFileSync(join(dataDir, DATA_DIR_LOCK_FILE), 'utf8').split('\n');
    const pid = Number(pidText);
    return pid && pid !== process.pid && alive(pid) ? { pid, holder: holder || 'another process' } : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
}

/**
 * An embedded PGlite folder must only ever be open in one process (the service or the CLI), or it
 * is corrupted; this lock file says which process has it and is released when that one stops.
 */
export function lockDataDir(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const other = dataDirHolder(dataDir);
  if (other) {
    throw new Error(
      `The data folder ${dataDir} is in use by ${other.holder} (pid ${other.pid}). Stop it first, or point DATABASE_URL at a PostgreSQL server to share one database.`,
    );
  }
  const file = join(dataDir, DATA_DIR_LOCK_FILE);
  writeFileSync(file, `${process.pid}\n${holder}\n`);
  return () => rmSync(file, { force: true });
}
