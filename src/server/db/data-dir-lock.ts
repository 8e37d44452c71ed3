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

/**
 * An embedded PGlite folder must only ever be open in one process (the service or the CLI), or it
 * is corrupted; this lock file says which process has it and is released when that one stops.
 */
export function lockDataDir(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'asset-ops.lock');
  try {
    const [pidText, other] = readFileSync(file, 'utf8').split('\n');
    const pid = Number(pidText);
    if (pid && pid !== process.pid && alive(pid)) {
      throw new Error(
        `The data folder ${dataDir} is in use by ${other ?? 'another process'} (pid ${pid}). Stop it first, or point DATABASE_URL at a PostgreSQL server to share one database.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  writeFileSync(file, `${process.pid}\n${holder}\n`);
  return () => rmSync(file, { force: true });
}
