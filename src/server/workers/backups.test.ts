import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openDatabase } from '../database';
import { createLogger } from '../logger';
import { LogCapture } from '../test/harness';
import { backupFileName, startBackups } from './backups';
import { testDatabaseImage } from '../test/database-image';

const dir = mkdtempSync(join(tmpdir(), 'ao-backups-'));
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: join(dir, 'data'), image: await testDatabaseImage() });
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('scheduled backups', () => {
  it('keep the newest BACKUP_KEEP, named by the time each was taken, and log each', { timeout: 120_000 }, async () => {
    const logs = new LogCapture();
    const backupDir = join(dir, 'backups');
    let at = Date.parse('2026-03-01T10:00:00Z');
    const backups = startBackups(database, { dir: backupDir, intervalMs: 3_600_000, keep: 2 }, createLogger('info', logs), () => new Date(at));
    const taken = [];
    for (let i = 0; i < 3; i += 1) {
      taken.push(await backups.takeNow());
      at += 60_000;
    }
    await backups.stop();
    expect(taken.every((result) => result !== undefined)).toBe(true);
    expect(readdirSync(backupDir)).toEqual([backupFileName(new Date('2026-03-01T10:01:00Z')), backupFileName(new Date('2026-03-01T10:02:00Z'))]);
    expect(logs.lines.filter((line) => line.includes('"msg":"backup written"'))).toHaveLength(3);
  });

  it('log a backup that fails and go on', { timeout: 120_000 }, async () => {
    const logs = new LogCapture();
    const backupDir = join(dir, 'gone');
    const backups = startBackups(database, { dir: backupDir, intervalMs: 3_600_000, keep: 2 }, createLogger('info', logs), () => new Date());
    // The folder is replaced by a file (a mount gone wrong): writing there fails, for root too.
    rmSync(backupDir, { recursive: true });
    writeFileSync(backupDir, 'not a folder');
    expect(await backups.takeNow()).toBeUndefined();
    expect(logs.text).toContain('"msg":"backup failed"');
    rmSync(backupDir);
    mkdirSync(backupDir);
    expect(await backups.takeNow()).toMatchObject({ file: expect.stringContaining(backupDir) });
    await backups.stop();
  });
});
