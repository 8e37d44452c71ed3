import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { loadSecrets } from '../features/auth/tokens';
import { seedTradingDemo } from '../features/trading/demo';
import type { AppDeps } from '../http/types';
import { createLogger } from '../logger';
import { startServer, type RunningServer } from '../server';
import { addWorkspace, consoleToken, createTestContext, LogCapture, openTestDatabase, testConfig, TestClock, WebhookReceiver } from '../test/harness';
import { startTracing } from './tracing';

/** A span as an OTLP/HTTP JSON export carries it, its attributes as plain values. */
interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  status?: { code?: number };
  resource: Record<string, string | number | boolean>;
}

type OtlpAttribute = { key: string; value: { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number } };
const plain = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue!)),
    ]),
  );

/** The OpenTelemetry collector's part, in process: it takes OTLP/HTTP JSON exports on /v1/traces and keeps their spans. */
class OtlpReceiver {
  server!: Server;
  url = '';
  exports = 0;
  spans: ExportedSpan[] = [];
  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/traces' || req.headers['content-type'] !== 'application/json') {
          res.writeHead(400).end();
          return;
        }
        this.exports += 1;
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          resourceSpans: {
            resource: { attributes: OtlpAttribute[] };
            scopeSpans: { spans: (Omit<ExportedSpan, 'attributes' | 'resource'> & { attributes: OtlpAttribute[] })[] }[];
          }[];
        };
        for (const { resource, scopeSpans } of body.resourceSpans) {
          for (const { spans } of scopeSpans) {
            for (const span of spans) this.spans.push({ ...span, attributes: plain(span.attributes), resource: plain(resource.attributes) });
          }
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

const collector = new OtlpReceiver();
const hooks = new WebhookReceiver();
beforeAll(async () => {
  await collector.start();
  await hooks.start();
});
afterAll(async () => {
  await hooks.stop();
  await collector.stop();
});

describe('the settings', () => {
  it('turn traces on only with an OTLP endpoint, which gets the traces path added (the traces’ own endpoint is taken as given)', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      url: 'http://collector:4318/v1/traces',
      serviceName: 'asset-ops',
      sampleRatio: 1,
    });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com/otlp/' }).tracing?.url).toBe('https://otel.example.com/otlp/v1/traces');
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:9999/in',
        OTEL_SERVICE_NAME: 'ops-eu',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }).tracing,
    ).toEqual({ url: 'http://traces:9999/in', serviceName: 'ops-eu', sampleRatio: 0.25 });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).tracing).toBeUndefined();
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT must be an http/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(
      /OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1/,
    );
  });
});

describe('an instance with traces on', () => {
  let server: RunningServer;
  let logs: LogCapture;
  let token: string;
  let workspaceId: string;

  beforeAll(async () => {
    logs = new LogCapture();
    const logger = createLogger('info', logs);
    const config = testConfig({ tracing: { url: `${collector.url}/v1/traces`, serviceName: 'asset-ops-test', sampleRatio: 1 }, instanceId: 'traced-1' });
    const tracing = await startTracing(config.tracing!, config.instanceId, logger);
    const database = await openTestDatabase(tracing.statement);
    const deps: AppDeps = { db: database.db, config, logger, now: () => new Date(), secrets: await loadSecrets(database.db), tracing };
    server = await startServer(config, logger, { deps, database, releaseLock: () => undefined });
    const ws = await addWorkspace({ database, deps, logs, clock: new TestClock() }, 'Traced Co', ['ADMIN']);
    workspaceId = ws.id;
    await seedTradingDemo(database.db, ws.id);
    token = await consoleToken(server.app, ws.people[0]!.email);
  });
  afterAll(() => server.close());

  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('exports a span per request, its statements and each webhook delivery, whose receiver gets the delivery span as traceparent', async () => {
    // A caller's trace: the request's span continues it.
    const callerTrace = hex(16);
    const callerSpan = hex(8);
    const listed = await call('GET', '/v1/vault/accounts_paged', { traceparent: `00-${callerTrace}-${callerSpan}-01`, 'X-Request-ID': 'traced-request-0001' });
    expect(listed.status).toBe(200);
    // A trace of its own, which the webhook's delivery follows.
    const hook = await call('POST', '/v1/webhooks', {}, { url: hooks.url, events: ['transaction.created'] });
    expect(hook.status).toBe(201);
    const webhookId = ((await hook.json()) as { id: string }).id;
    const sent = await call(
      'POST',
      '/v1/transactions',
      {},
      { assetId: 'USDC', source: { type: 'VAULT_ACCOUNT', id: '1' }, destination: { type: 'VAULT_ACCOUNT', id: '0' }, amount: '0.01' },
    );
    expect(sent.status).toBe(200);
    const missing = await call('GET', '/v1/transactions/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    await expect.poll(() => hooks.got.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const delivered = hooks.got[0]!;
    const traceparent = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(delivered.headers.traceparent));
    expect(traceparent, String(delivered.headers.traceparent)).not.toBeNull();
    // The delivery's span ends once the worker has read the receiver's answer: closing the instance
    // before that would end it without a status (it did under load).
    const notificationStatus = async () => {
      const page = (await (await call('GET', `/v1/webhooks/${webhookId}/notifications`)).json()) as { data: { status: string }[] };
      return page.data[0]?.status;
    };
    await expect.poll(notificationStatus, { timeout: 20_000 }).toBe('COMPLETED');

    // Closing the instance sends the spans not sent yet.
    await server.close();
    const spans = collector.spans;
    for (const span of spans) expect(span.resource).toMatchObject({ 'service.name': 'asset-ops-test', 'service.instance.id': 'traced-1' });

    const request = spans.find((s) => s.kind === SERVER && s.traceId === callerTrace)!;
    expect(request).toMatchObject({
      name: 'listVaultAccountsPaged',
      parentSpanId: callerSpan,
      attributes: {
        'http.request.method': 'GET',
        'http.route': '/v1/vault/accounts_paged',
        'url.path': '/v1/vault/accounts_paged',
        'http.response.status_code': 200,
        'asset_ops.request_id': 'traced-request-0001',
      },
    });
    expect(request.status?.code ?? 0).not.toBe(ERROR);
    const statements = spans.filter((s) => s.parentSpanId === request.spanId);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement).toMatchObject({ traceId: callerTrace, kind: CLIENT, attributes: { 'db.system.name': 'postgresql' } });
      expect(statement.name).toMatch(/^[A-Z]+$/);
      // The statement's text, never its values.
      expect(String(statement.attributes['db.query.text'])).not.toContain(workspaceId);
    }
    expect(statements.map((s) => s.name)).toContain('SELECT');

    // A request without a traceparent starts a trace; a 404 is the caller's, not the span's error.
    const created = spans.find((s) => s.kind === SERVER && s.name === 'createTransaction')!;
    expect(created.parentSpanId ?? '').toBe('');
    expect(created.traceId).not.toBe(callerTrace);
    expect(spans.some((s) => s.parentSpanId === created.spanId && s.attributes['db.operation.name'] === 'INSERT')).toBe(true);
    const notFound = spans.find((s) => s.kind === SERVER && s.name === 'getTransaction')!;
    expect(notFound.attributes['http.response.status_code']).toBe(404);
    expect(notFound.status?.code ?? 0).not.toBe(ERROR);

    // The receiver got the delivery span's own ids.
    const [, deliveryTrace, deliverySpan] = traceparent!;
    const delivery = spans.find((s) => s.spanId === deliverySpan)!;
    expect(delivery).toMatchObject({
      traceId: deliveryTrace,
      name: 'webhook delivery',
      kind: CLIENT,
      attributes: {
        'http.request.method': 'POST',
        'url.full': hooks.url,
        'http.response.status_code': 200,
        'asset_ops.webhook.id': webhookId,
        'asset_ops.notification.id': (JSON.parse(delivered.body) as { id: string }).id,
      },
    });

    // The request's log line names its request id and its trace.
    const lines = logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'request', requestId: 'traced-request-0001', traceId: callerTrace, spanId: request.spanId, status: 200 }),
    );
  });
});

describe('an instance with traces off', () => {
  it('makes no span, exports nothing and logs no trace id', async () => {
    const exportsBefore = collector.exports;
    const ctx = await createTestContext();
    expect(ctx.deps.config.tracing).toBeUndefined();
    const server = await startServer(ctx.deps.config, ctx.deps.logger, { deps: ctx.deps, database: ctx.database, releaseLock: () => undefined });
    expect(server.deps.tracing).toBeUndefined();
    const res = await fetch(`${server.url}/v1/openapi.json`, { headers: { traceparent: `00-${hex(16)}-${hex(8)}-01` } });
    expect(res.status).toBe(200);
    await server.close();
    expect(collector.exports).toBe(exportsBefore);
    const requestLine = ctx.logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'request');
    expect(requestLine).toMatchObject({ path: '/v1/openapi.json', status: 200 });
    expect(requestLine).not.toHaveProperty('traceId');
  });
});
