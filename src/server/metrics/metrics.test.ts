import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../../package.json';
import { startServer, type RunningServer } from '../server';
import { createTestContext, testConfig, type TestContext } from '../test/harness';
import { createMetrics } from './metrics';

const TOKEN = 'metrics-token-for-the-test';
let ctx: TestContext;
let server: RunningServer;

beforeAll(async () => {
  ctx = await createTestContext();
  const config = testConfig({ metrics: { port: 0, host: '127.0.0.1', token: TOKEN } });
  const metrics = createMetrics();
  metrics.describe('pglite');
  server = await startServer(config, ctx.deps.logger, { deps: { ...ctx.deps, config, metrics }, database: ctx.database, releaseLock: () => undefined });
});
afterAll(() => server.close());

const scrape = async (headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }) => {
  const res = await fetch(server.metricsUrl!, { headers });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
};

/** The value of one series in Prometheus's text format, or undefined when it is not there. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('the metrics endpoint', () => {
  it('is served on its own port, only with the bearer token, and never on the public port', async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(server.metricsUrl!).port).not.toBe(new URL(server.url).port);
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ Authorization: 'Bearer not-the-token-at-all' })).status).toBe(401);
    expect((await fetch(server.metricsUrl!.replace('/metrics', '/other'))).status).toBe(404);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.type).toContain('text/plain');
    const publicPort = await fetch(`${server.url}/metrics`);
    expect(await publicPort.text()).not.toContain('asset_ops_');
  });

  it('counts requests by operation and status class, and refused authentications apart', async () => {
    expect((await fetch(`${server.url}/v1/assets`)).status).toBe(401);
    expect((await fetch(`${server.url}/v1/openapi.json`)).status).toBe(200);
    const { text } = await scrape();
    expect(sample(text, 'asset_ops_http_request_duration_seconds_count{operation="listAssets",method="GET",status_class="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'asset_ops_http_request_duration_seconds_count{operation="GET /v1/openapi.json",method="GET",status_class="2xx"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'asset_ops_authentication_refused_total{operation="listAssets"}')).toBeGreaterThanOrEqual(1);
    // A path no route answers adds no label value of its own.
    await fetch(`${server.url}/v1/no-such-thing-${Date.now()}`);
    expect((await scrape()).text).not.toContain('no-such-thing');
  });

  it("reports the instance's state, the shared database's backlogs and the process", async () => {
    const { text } = await scrape();
    expect(sample(text, `asset_ops_info{version="${packageJson.version}",database="pglite"}`)).toBe(1);
    expect(sample(text, 'asset_ops_ready')).toBe(1);
    expect(sample(text, 'asset_ops_draining')).toBe(0);
    expect(sample(text, 'asset_ops_database_up')).toBe(1);
    expect(sample(text, 'asset_ops_live_streams_open')).toBe(0);
    for (const gauge of [
      'asset_ops_webhook_outbox_backlog',
      'asset_ops_webhook_outbox_oldest_age_seconds',
      'asset_ops_transfers_queued',
      'asset_ops_transfers_due',
      'asset_ops_transfers_stuck',
      'asset_ops_orders_queued',
      'asset_ops_orders_due',
      'asset_ops_audit_pending_events',
      'asset_ops_audit_pending_oldest_age_seconds',
    ]) {
      expect(sample(text, gauge), gauge).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});
