import { spawn } from 'node:child_process';
import { randomUUID, createPrivateKey } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startInstance, type Instance } from '../../scripts/fleet';
import { openDatabase } from './database';
import { lockDataDir } from './db/data-dir-lock';
import { DEMO_PASSWORD_FILE, seedDemo } from './demo/seed';
import { tradingVaultBalances } from './features/vault/schema';
import { signedHeaders, type TestApiUser } from './test/harness';
import { scratchDatabase } from './test/scratch-database';
import { testDatabaseImage } from './test/database-image';

/**
 * The operator's backup story end to end, with real processes: the service under a write load, a
 * backup mid-load (`npm run cli -- backup` of the embedded database; pg_dump of PostgreSQL), a
 * restore into a new folder or database, `verify`, and the service started on the restore.
 */

const dirs: string[] = [];
const running: Instance[] = [];
afterAll(() => {
  for (const instance of running) if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The operator CLI (its bundle, test/cli-bundle.ts) as an operator runs it, without waiting on it: the load goes on meanwhile. */
function cli(args: string[], env: Record<string, string>): Promise<{ status: number | null; json: Record<string, unknown> | undefined; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [inject('cliBundle'), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (status) => {
      const line = stdout.trim().split('\n').pop();
      resolve({ status, json: line ? (JSON.parse(line) as Record<string, unknown>) : undefined, stderr });
    });
  });
}

async function startService(env: Record<string, string>, cwd: string) {
  const instance = startInstance({ cwd, env: { DRAIN_DELAY_MS: '0', RATE_LIMIT_WRITE: '100000', ...env }, main: inject('serviceBundle') });
  running.push(instance);
  return { instance, url: await instance.ready };
}

async function stopService(instance: Instance) {
  expect(await instance.stop()).toBe(0);
}

const TRANSFER = { assetId: 'USDC', source: { type: 'VAULT_ACCOUNT', id: '0' }, destination: { type: 'VAULT_ACCOUNT', id: '1' }, amount: '0.01' };

/** Creates a transfer as a client does, with an Idempotency-Key, and answers the status and the transaction id. */
async function postTransfer(url: string, user: TestApiUser, key: string) {
  const body = JSON.stringify({ ...TRANSFER, note: key });
  const headers = { ...(await signedHeaders(user, '/v1/transactions', { method: 'POST', body })), 'Idempotency-Key': key };
  const res = await fetch(`${url}/v1/transactions`, { method: 'POST', headers, body });
  return { status: res.status, id: ((await res.json()) as { id: string }).id };
}

type Write = { key: string; id: string; at: number };

/**
 * A client's pause between an answer and its next write. Flat out, the two clients kept the
 * service's one thread so busy that the backup's archive, streamed between their requests, took
 * 88 s and the file 150 s of CPU; paced, writes still land before, during and after the backup.
 */
const WRITE_GAP_MS = 50;

/** Two clients writing transfers, each one after its last answer and a pause, until stopped (or one fails). */
function writeLoad(url: string, user: TestApiUser) {
  const acked: Write[] = [];
  const failures: unknown[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  let writing = true;
  const client = async () => {
    while (writing && failures.length === 0) {
      const key = randomUUID();
      try {
        const { status, id } = await postTransfer(url, user, key);
        if (status !== 200) throw new Error(`a transfer was answered ${status}`);
        acked.push({ key, id, at: Date.now() });
      } catch (error) {
        failures.push(error);
      }
      for (const w of waiting.filter((w) => failures.length > 0 || acked.length >= w.count)) w.resolve();
      await new Promise((resolve) => setTimeout(resolve, WRITE_GAP_MS));
    }
  };
  const clients = [client(), client()];
  return {
    acked,
    /** Once `count` writes are acknowledged. */
    reached: async (count: number) => {
      await new Promise<void>((resolve) => waiting.push({ count, resolve }));
      expect(failures).toEqual([]);
    },
    stop: async () => {
      writing = false;
      await Promise.all(clients);
      expect(failures).toEqual([]);
    },
  };
}

/**
 * Runs a backup under the load: `take` is the operator's backup, which answers when it is done. The
 * load goes on until 20 more writes are acknowledged after it, then stops.
 */
async function backupUnderLoad(load: ReturnType<typeof writeLoad>, take: () => Promise<void>) {
  await load.reached(30);
  const askedAt = Date.now();
  await take();
  const answeredAt = Date.now();
  // The load went on while the backup was taken.
  expect(load.acked.some((w) => w.at > askedAt && w.at < answeredAt)).toBe(true);
  await load.reached(load.acked.filter((w) => w.at <= answeredAt).length + 20);
  await load.stop();
  return { askedAt, answeredAt };
}

/**
 * The service on the restore has every write acknowledged before `point` (and its idempotency
 * record: a client retrying gets the transfer it made, not a second one), and none acknowledged
 * after `answeredAt`, when the backup was complete.
 */
async function checkRestored(url: string, user: TestApiUser, acked: Write[], point: number, answeredAt: number) {
  const get = async (id: string) => {
    const path = `/v1/transactions/${id}`;
    return (await fetch(`${url}${path}`, { headers: await signedHeaders(user, path) })).status;
  };
  const statuses = async (writes: Write[]) => {
    const answers: number[] = [];
    for (let i = 0; i < writes.length; i += 20) answers.push(...(await Promise.all(writes.slice(i, i + 20).map((w) => get(w.id)))));
    return new Set(answers);
  };
  // At `point` or before: the load's 30th answer and the backup's start may share a millisecond.
  const before = acked.filter((w) => w.at <= point);
  expect(before.length).toBeGreaterThanOrEqual(30);
  expect(await statuses(before)).toEqual(new Set([200]));
  for (const write of [...before.slice(0, 5), ...before.slice(-5)]) {
    expect(await postTransfer(url, user, write.key)).toEqual({ status: 200, id: write.id });
  }
  expect(await statuses(acked.filter((w) => w.at > answeredAt))).toEqual(new Set([404]));
}

const apiUserOf = (demo: Awaited<ReturnType<typeof seedDemo>>): TestApiUser => ({
  id: demo.apiUser!.id,
  workspaceId: demo.workspaceId,
  privateKey: createPrivateKey(readFileSync(demo.apiUser!.privateKeyFile)),
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'ao-backup-'));
  dirs.push(dir);
  return dir;
}

// The server suite runs once on PGlite and once on PostgreSQL (DATABASE_URL): each backs up its own.
describe.runIf(!process.env.DATABASE_URL)('a backup of the embedded database', () => {
  it(
    'taken under write load, restores into a new folder on which the service starts with every write acknowledged before it, and verifies',
    { timeout: 600_000 },
    async () => {
      const dir = tempDir();
      const dataDir = join(dir, 'data');
      const backupDir = join(dir, 'backups');
      const restored = join(dir, 'restored');

      // The demo workspace, whose password and API user's private key live in the data folder beside
      // the database: a backup that left them out would restore a service its users cannot use.
      const release = lockDataDir(dataDir, 'the backup test');
      const seeding = await openDatabase({ dataDir, image: await testDatabaseImage() });
      const demo = await seedDemo(seeding.db, { keyDir: dataDir, auditEvents: 200 });
      await seeding.close();
      release();
      const user = apiUserOf(demo);

      const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir, DATABASE_URL: '' };
      const service = await startService(env, dir);
      const load = writeLoad(service.url, user);
      let file = '';
      const { askedAt, answeredAt } = await backupUnderLoad(load, async () => {
        const backup = await cli(['backup'], env);
        expect(backup.status, backup.stderr).toBe(0);
        file = backup.json!.file as string;
      });
      expect(file.startsWith(backupDir)).toBe(true);
      await stopService(service.instance);

      // A restore never overwrites: not the live folder, not any folder with something in it.
      const refused = await cli(['restore', '--from', file, '--data-dir', dataDir], {});
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain(`${dataDir} is not empty`);

      const restore = await cli(['restore', '--from', file, '--data-dir', restored], {});
      expect(restore.status, restore.stderr).toBe(0);
      expect(restore.json).toMatchObject({ dataDir: restored });
      const takenAt = Date.parse(restore.json!.takenAt as string);
      expect(takenAt).toBeGreaterThanOrEqual(askedAt);
      expect(takenAt).toBeLessThanOrEqual(answeredAt);
      for (const name of [DEMO_PASSWORD_FILE, 'demo-api-user.key']) {
        expect(readFileSync(join(restored, name))).toEqual(readFileSync(join(dataDir, name)));
        expect(statSync(join(restored, name)).mode & 0o777).toBe(0o600);
      }

      const verified = await cli(['verify'], { DATA_DIR: restored, DATABASE_URL: '' });
      expect(verified.status, JSON.stringify(verified.json)).toBe(0);
      expect(verified.json).toMatchObject({ ok: true, failed: [], balances: { ok: true }, webhookKeys: { ok: true, keys: 1 } });

      const onRestore = await startService({ DATA_DIR: restored, DATABASE_URL: '' }, dir);
      await checkRestored(onRestore.url, user, load.acked, takenAt, answeredAt);
      await stopService(onRestore.instance);

      // And verify says so, and exits with 1, when the restored database no longer adds up.
      const holding = lockDataDir(restored, 'the backup test');
      const tampering = await openDatabase({ dataDir: restored });
      await tampering.db
        .update(tradingVaultBalances)
        .set({ total: sql`${tradingVaultBalances.total} + 1` })
        .where(and(eq(tradingVaultBalances.workspaceId, demo.workspaceId), eq(tradingVaultBalances.accountId, '1'), eq(tradingVaultBalances.assetId, 'USDC')));
      await tampering.close();
      holding();
      const tampered = await cli(['verify'], { DATA_DIR: restored, DATABASE_URL: '' });
      expect(tampered.status).toBe(1);
      expect(tampered.json).toMatchObject({
        ok: false,
        failed: ['balances'],
        balances: { mismatches: [{ workspaceId: demo.workspaceId, accountId: '1', assetId: 'USDC' }] },
      });
    },
  );
});

/** A PostgreSQL client tool: the newest installed (Debian keeps each version's in its own folder), else the one on PATH. */
function pgTool(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => join(root, v, 'bin', name)).find((path) => existsSync(path)) ?? name;
}

function run(command: string, args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (status) => resolve({ status, stderr }));
  });
}

describe.runIf(process.env.DATABASE_URL)('a pg_dump of PostgreSQL', () => {
  it(
    'taken under write load, restores with pg_restore into a new database on which the service starts with every write acknowledged before it, and verifies',
    { timeout: 600_000 },
    async () => {
      const dir = tempDir();
      const live = scratchDatabase(process.env.DATABASE_URL!, 'ao_backup_');
      const restored = scratchDatabase(process.env.DATABASE_URL!, 'ao_restored_');
      await live.create();
      await restored.create();
      try {
        const seeding = await openDatabase({ url: live.url });
        const demo = await seedDemo(seeding.db, { keyDir: join(dir, 'keys'), auditEvents: 200 });
        await seeding.close();
        const user = apiUserOf(demo);

        const service = await startService({ DATABASE_URL: live.url, DEMO: 'false' }, dir);
        const load = writeLoad(service.url, user);
        const dump = join(dir, 'asset-ops.dump');
        const { askedAt, answeredAt } = await backupUnderLoad(load, async () => {
          // pg_dump reads one snapshot, taken as it starts: a consistent backup of a database in use.
          const dumped = await run(pgTool('pg_dump'), ['--format=custom', `--file=${dump}`, live.url]);
          expect(dumped.status, dumped.stderr).toBe(0);
        });
        await stopService(service.instance);

        const loaded = await run(pgTool('pg_restore'), ['--no-owner', `--dbname=${restored.url}`, dump]);
        expect(loaded.status, loaded.stderr).toBe(0);
        const verified = await cli(['verify'], { DATABASE_URL: restored.url });
        expect(verified.status, JSON.stringify(verified.json)).toBe(0);
        expect(verified.json).toMatchObject({ ok: true, failed: [] });

        const onRestore = await startService({ DATABASE_URL: restored.url, DEMO: 'false' }, dir);
        await checkRestored(onRestore.url, user, load.acked, askedAt, answeredAt);
        await stopService(onRestore.instance);
      } finally {
        await live.drop();
        await restored.drop();
      }
    },
  );
});
