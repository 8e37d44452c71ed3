import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { loadConfig } from './env';
import { createLogger } from './logger';
import { startServer } from './server';
import { addWorkspace, consoleToken, LogCapture, openTestDatabase, testConfig } from './test/harness';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ao-server-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('settings', () => {
  it('defaults to port 8080 on 127.0.0.1 with ./data and the demo on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', demo: true, production: false, workerSafetyPollMs: 5_000, liveStreamsPerCaller: 20 });
    expect('dataDir' in config.database && config.database.dataDir.endsWith('/data')).toBe(true);
  });
  it.each([
    [{ PORT: 'eighty' }, /PORT must be a number/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
    [{ DEMO: 'maybe' }, /DEMO must be true or false/],
    [{ DEMO_PASSWORD: 'short' }, /DEMO_PASSWORD must be at least 12/],
    [{ NODE_ENV: 'production', DEMO: 'true' }, /DEMO cannot be on in production/],
    [{ RATE_LIMIT_WRITE: '0' }, /RATE_LIMIT_WRITE must be at least 1/],
    [{ WORKER_SAFETY_POLL_MS: '10' }, /WORKER_SAFETY_POLL_MS must be between 100 and 600000/],
    [{ LIVE_STREAMS_PER_CALLER: '0' }, /LIVE_STREAMS_PER_CALLER must be between 1 and 100000/],
    [{ BACKUP_DIR: '/srv/backups', DATABASE_URL: 'postgres://db/ops' }, /BACKUP_DIR backs up the embedded database/],
    [{ DATA_DIR: '/srv/data', BACKUP_DIR: '/srv/data/backups' }, /BACKUP_DIR must be outside DATA_DIR/],
    [{ BACKUP_DIR: '/srv/backups', BACKUP_INTERVAL_MINUTES: '0' }, /BACKUP_INTERVAL_MINUTES must be between 1 and 10080/],
  ])('refuses %o with a message naming it', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
  it('backs up to BACKUP_DIR hourly, keeping 24, when it is set beside DATA_DIR', () => {
    expect(loadConfig({}).backups).toBeUndefined();
    expect(loadConfig({ DATA_DIR: '/srv/data', BACKUP_DIR: '/srv/data-backups' }).backups).toEqual({
      dir: '/srv/data-backups',
      intervalMs: 3_600_000,
      keep: 24,
    });
  });
  it('never seeds the demo in production mode', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight, then refuses new connections', async () => {
    const database = await openTestDatabase();
    const logger = createLogger('silent');
    const config = testConfig();
    const { loadSecrets } = await import('./features/auth/tokens');
    const deps = { db: database.db, config, logger, now: () => new Date(), secrets: await loadSecrets(database.db) };
    // The close starts once the request is being handled: a fixed wait could close before it connects on a loaded machine.
    let started!: () => void;
    const handling = new Promise<void>((resolve) => (started = resolve));
    const server = await startServer(config, logger, { deps, database, releaseLock: () => undefined }, (app) => {
      app.get('/v1/probe/slow', async (c) => {
        started();
        await new Promise((r) => setTimeout(r, 800));
        return c.json({ finished: true });
      });
    });
    const inFlight = fetch(`${server.url}/v1/probe/slow`);
    await handling;
    const closing = server.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });
    await closing;
    await expect(fetch(`${server.url}/v1/openapi.json`)).rejects.toThrow();
  });
});

describe('durability', () => {
  it('keeps idempotency records across a restart of the service', async () => {
    const holder = process.env.DATABASE_URL ? await openTestDatabase() : undefined;
    const target = holder?.url ? { url: holder.url } : { dataDir: tempDir() };
    const run = async () => {
      const database = await openDatabase(target);
      const logs = new LogCapture();
      const { loadSecrets } = await import('./features/auth/tokens');
      const config = testConfig();
      const deps = { db: database.db, config, logger: createLogger('info', logs), now: () => new Date(), secrets: await loadSecrets(database.db) };
      const server = await startServer(config, deps.logger, { deps, database, releaseLock: () => undefined });
      return { server, deps };
    };
    const first = await run();
    const ws = await addWorkspace({ deps: first.deps } as never, 'Durable Co', ['ADMIN']);
    const { addApiUser } = await import('./test/harness');
    const bot = await addApiUser({ deps: first.deps } as never, ws.id, 'SIGNER');
    const token = await consoleToken(first.server.app, ws.people[0]!.email);
    const put = (url: string, t: string) =>
      fetch(`${url}/v1/management/api_users/${bot.id}/enabled`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${t}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'restart-key' },
        body: JSON.stringify({ enabled: false }),
      });
    const before = await put(first.server.url, token);
    expect(before.status).toBe(200);
    await first.server.close();

    const second = await run();
    const again = await put(second.server.url, token);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-request-id')).toBe(before.headers.get('x-request-id'));
    await second.server.close();
    await holder?.close();
  });
});
