import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { startServer, type RunningServer } from '../server';
import { createTestContext, LogCapture, testConfig, type TestContext } from '../test/harness';
import { createLogger } from '../logger';
import packageJson from '../../../package.json';

let ctx: TestContext;
let server: RunningServer;

beforeAll(async () => {
  ctx = await createTestContext();
  server = await startServer(testConfig({ instanceId: 'i7' }), ctx.deps.logger, {
    deps: { ...ctx.deps, config: testConfig({ instanceId: 'i7' }) },
    database: ctx.database,
    releaseLock: () => undefined,
  });
});
afterAll(() => server.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as unknown, headers: res.headers };
};

describe('health endpoints', () => {
  it('answer without sign-in, outside /v1, with nothing but the state', async () => {
    const live = await get('/livez');
    expect(live).toMatchObject({ status: 200, body: { status: 'ok', version: packageJson.version } });
    expect(live.headers.get('cache-control')).toBe('no-store');
    const ready = await get('/readyz', { Authorization: 'Bearer not-a-token' });
    expect(ready).toMatchObject({ status: 200, body: { status: 'ok' } });
    // The instance that answered, when the operator named it.
    expect(ready.headers.get('x-instance')).toBe('i7');
  });

  it('are not counted against rate limits and leave nothing in the info log', async () => {
    const logs = new LogCapture();
    const app = createApp(
      { ...ctx.deps, logger: createLogger('info', logs), config: testConfig({ rateLimits: { write: 1, query: 1, external_query: 1, high_compute: 1 } }) },
      undefined,
      { workers: true, draining: false },
    );
    for (let n = 0; n < 5; n++) expect((await app.request('/readyz')).status).toBe(200);
    expect(logs.text).not.toMatch(/readyz/);
  });

  it('/readyz names what is not ready: workers not started, draining, a database that does not answer', async () => {
    const readiness = { workers: false, draining: false };
    const app = createApp(ctx.deps, undefined, readiness);
    expect(await (await app.request('/readyz')).json()).toEqual({
      message: 'Workers not running: the engines and the webhook delivery have not started',
      code: 503,
    });
    readiness.workers = true;
    expect((await app.request('/readyz')).status).toBe(200);
    readiness.draining = true;
    const draining = await app.request('/readyz');
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ message: 'Draining: this instance is shutting down', code: 503 });
    expect((await app.request('/livez')).status).toBe(200);

    const closed = await createTestContext();
    await closed.database.close();
    const orphan = createApp(closed.deps, undefined, { workers: true, draining: false });
    const down = await orphan.request('/readyz');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ message: 'Database not answering', code: 503 });
    // Liveness never asks the database: an outage must not get every instance restarted.
    expect((await orphan.request('/livez')).status).toBe(200);
  });
});
