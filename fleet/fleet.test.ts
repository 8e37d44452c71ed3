import { createPrivateKey, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WebhookEnvelope } from '../src/contract/webhooks';
import { signedHeaders, WebhookReceiver, type TestApiUser } from '../src/server/test/harness';
import { scratchDatabase } from '../src/server/test/scratch-database';
import { freePort, startFleet, type Fleet, type FleetInstance } from '../scripts/fleet';

const PROMETHEUS = '/usr/bin/prometheus';

/**
 * Three instances of the service behind HAProxy on one fresh PostgreSQL database (`npm run
 * test:fleet`, DATABASE_URL naming the server). The tests run in order on one fleet: the last ones
 * drain one instance and exhaust this machine's sign-in allowance, so they come after the rest.
 */

const PASSWORD = 'fleet-Demo-password-1';
const RATE_LIMIT_EXTERNAL_QUERY = 30;
const DRAIN_DELAY_MS = 2500;
const server = process.env.DATABASE_URL;
if (!server) throw new Error('The fleet suite needs DATABASE_URL (a PostgreSQL server it may create a database on)');
const database = scratchDatabase(server, 'ao_fleet_');
const databaseUrl = database.url;

let fleet: Fleet;
let db: pg.Pool;
let adminToken: string;
const receiver = new WebhookReceiver();
/** The instance the SIGKILL test killed (the drain test takes one still running). */
let killed: FleetInstance | undefined;

type CallInit = { method?: string; token?: string; body?: unknown; headers?: Record<string, string>; base?: string };

/** Network errors met by writes, which a client retries with their Idempotency-Key (as the SDKs do). */
const retriedWrites: string[] = [];

async function call(path: string, init: CallInit = {}): Promise<{ status: number; body: Record<string, unknown>; headers: Headers; instance: string | null }> {
  try {
    return await callOnce(path, init);
  } catch (error) {
    if (!init.headers?.['Idempotency-Key']) throw error;
    retriedWrites.push(`${path}: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`);
    return callOnce(path, init);
  }
}

async function callOnce(path: string, init: CallInit) {
  const res = await fetch(`${init.base ?? fleet.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown>,
    headers: res.headers,
    instance: res.headers.get('X-Instance'),
  };
}

async function signIn(email: string, headers: Record<string, string> = {}) {
  return call('/v1/auth/sign_in', { method: 'POST', body: { email, password: PASSWORD }, headers });
}

async function tokenOf(email: string) {
  const res = await signIn(email);
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.accessToken as string;
}

const transfer = (externalTxId: string) => ({
  assetId: 'USDC',
  source: { type: 'VAULT_ACCOUNT', id: '0' },
  destination: { type: 'VAULT_ACCOUNT', id: '1' },
  amount: '0.01',
  externalTxId,
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The fleet instance whose connection to the receiver carries a request not answered yet (Linux:
 * the connection's socket inode in /proc/net/tcp, found among the instance's open files).
 */
function deliveringInstance(inFlight: Set<number>): { instance: FleetInstance; ports: number[] } | undefined {
  const receiverPort = Number(new URL(receiver.url).port);
  const portOfInode = new Map(
    readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((f) => f.length > 9 && parseInt(f[2]!.split(':')[1]!, 16) === receiverPort && inFlight.has(parseInt(f[1]!.split(':')[1]!, 16)))
      .map((f) => [f[9]!, parseInt(f[1]!.split(':')[1]!, 16)] as const),
  );
  for (const instance of fleet.instances) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${instance.pid}/fd`);
    } catch {
      continue; // an instance that has exited
    }
    const ports = fds
      .map((fd) => portOfInode.get(/^socket:\[(\d+)\]$/.exec(readlinkSafe(`/proc/${instance.pid}/fd/${fd}`))?.[1] ?? ''))
      .filter((p) => p !== undefined);
    if (ports.length) return { instance, ports };
  }
  return undefined;
}

function readlinkSafe(path: string) {
  try {
    return readlinkSync(path);
  } catch {
    return '';
  }
}

type PromSample = { metric: Record<string, string>; value: [number, string] };

/** Prometheus (Debian's package) scraping `targets` every second, with its query API on a free port. */
async function startPrometheus(targets: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'ao-prometheus-'));
  const config = join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    `global: { scrape_interval: 1s, evaluation_interval: 1s }\nrule_files: ['${join(process.cwd(), 'ops/prometheus/alerts.yml')}']\n` +
      `scrape_configs:\n  - job_name: asset-ops\n    static_configs: [{ targets: ${JSON.stringify(targets)} }]\n`,
  );
  const port = await freePort();
  const child = spawn(PROMETHEUS, [`--config.file=${config}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const query = async (expr: string): Promise<PromSample[] | undefined> => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(expr)}`).catch(() => undefined);
    if (!res?.ok) return undefined;
    return ((await res.json()) as { data: { result: PromSample[] } }).data.result;
  };
  return {
    /** The query's series once there are `count` of them (Prometheus needs a scrape or two after its start). */
    async waitFor(expr: string, count: number): Promise<PromSample[]> {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const result = await query(expr);
        if (result && result.length >= count) return result;
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Prometheus: ${expr} gave ${JSON.stringify(result)}\n${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

beforeAll(async () => {
  await database.create();
  fleet = await startFleet({
    databaseUrl,
    main: inject('serviceBundle'),
    instances: 3,
    env: {
      DEMO: 'true',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_LOCAL: 'true',
      // A delivery lease is the timeout plus 30 s: a short timeout keeps the redelivery after a kill near.
      WEBHOOK_TIMEOUT_MS: '1000',
      DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      IDEMPOTENCY_LEASE_MS: '2000',
      RATE_LIMIT_EXTERNAL_QUERY: String(RATE_LIMIT_EXTERNAL_QUERY),
      // Each instance's metrics on a free port of its own, for the Prometheus test.
      METRICS_PORT: '0',
    },
  });
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  adminToken = await tokenOf('admin@demo.test');
}, 300_000);

afterAll(async () => {
  if (retriedWrites.length) console.warn(`writes retried after a network error: ${retriedWrites.join('; ')}\nHAProxy:\n${fleet.haproxyOutput()}`);
  await db?.end();
  await fleet?.stop();
  await database.drop();
}, 60_000);

describe('three instances started together on an empty database', () => {
  it('made one schema, one demo workspace and one signing key of each kind, and every instance serves', async () => {
    for (const i of fleet.instances) expect(i.output(), i.id).not.toMatch(/could not start|"level":50/);
    const { rows: demo } = await db.query('select id from workspaces where is_demo');
    expect(demo).toHaveLength(1);
    const { rows: keys } = await db.query(
      'select (select count(*) from webhook_signing_keys)::int as webhooks, (select count(*) from audit_log_signing_keys)::int as audit',
    );
    expect(keys[0]).toEqual({ webhooks: 1, audit: 1 });
    const published = await Promise.all(
      fleet.instances.map(async (i) =>
        ((await call('/.well-known/jwks.json', { base: i.url })).body.keys as { kid: string; alg: string }[]).map((k) => `${k.alg} ${k.kid}`),
      ),
    );
    expect(published).toEqual([published[0], published[0], published[0]]);
    // The webhook deliveries' key and the audit log's tree heads' key.
    expect(published[0]!.map((key) => key.split(' ')[0]).sort()).toEqual(['EdDSA', 'RS512']);
    const ready = await Promise.all(fleet.instances.map((i) => call('/readyz', { base: i.url })));
    expect(ready.map((r) => r.status)).toEqual([200, 200, 200]);
  });
});

describe('a real Prometheus scraping every instance', () => {
  it('finds every instance up and ready, their requests by operation, and the shared backlogs', async () => {
    const targets = fleet.instances.map((i) => i.metricsUrl);
    expect(targets.every(Boolean), 'every instance printed its metrics address').toBe(true);
    // Requests through the balancer, so each instance has answered something by the scrape.
    for (let n = 0; n < 9; n++) await call('/v1/assets?pageSize=100', { token: adminToken });
    const prometheus = await startPrometheus(targets.map((t) => new URL(t!).host));
    try {
      const series = await prometheus.waitFor('up{job="asset-ops"} == 1', 3);
      expect(series.map((s) => s.metric.instance).sort()).toEqual(targets.map((t) => new URL(t!).host).sort());
      expect(await prometheus.waitFor('asset_ops_ready == 1', 3)).toHaveLength(3);
      const listed = await prometheus.waitFor(
        'sum by (instance) (asset_ops_http_request_duration_seconds_count{operation="listAssets",status_class="2xx"}) > 0',
        3,
      );
      expect(listed).toHaveLength(3);
      // Read from the shared database: the same on every instance.
      const backlog = await prometheus.waitFor('asset_ops_webhook_outbox_backlog >= 0', 3);
      expect(new Set(backlog.map((s) => s.value[1])).size).toBe(1);
      expect(await prometheus.waitFor('asset_ops_db_pool_connections{state="idle"} >= 0', 3)).toHaveLength(3);
      expect(await prometheus.waitFor('rate(asset_ops_db_statement_duration_seconds_count[1m]) >= 0', 3)).toHaveLength(3);
    } finally {
      await prometheus.stop();
    }
  });
});

describe('through the balancer', () => {
  it('50 concurrent duplicates of one idempotent write make one effect', async () => {
    const key = randomUUID();
    const body = transfer(`dup-${key}`);
    const send = () => call('/v1/transactions', { method: 'POST', token: adminToken, body, headers: { 'Idempotency-Key': key } });
    const answers = await Promise.all(Array.from({ length: 50 }, send));
    // The first execution answers 200 and its replays too; a duplicate arriving while it runs gets 409.
    expect(
      answers.every((a) => a.status === 200 || a.status === 409),
      JSON.stringify(answers.map((a) => a.status)),
    ).toBe(true);
    expect(new Set(answers.map((a) => a.instance)).size).toBe(3);
    const settled = await until(
      'the write to be replayable',
      async () => {
        const a = await send();
        return a.status === 200 ? a : undefined;
      },
      20_000,
    );
    expect(new Set(answers.filter((a) => a.status === 200).map((a) => a.body.id))).toEqual(new Set([settled.body.id]));
    const { rows } = await db.query('select count(*)::int as n from transactions where external_tx_id = $1', [body.externalTxId]);
    expect(rows[0].n).toBe(1);
  });

  it('accepts a signed request’s nonce once, whichever instance sees it again', async () => {
    const { rows } = await db.query('select a.id from api_users a join workspaces w on w.id = a.workspace_id where w.is_demo');
    const user: TestApiUser = {
      id: rows[0].id as string,
      workspaceId: '',
      privateKey: createPrivateKey(readFileSync(join(fleet.dir, 'data/demo-api-user.key'))),
    };
    const path = '/v1/vault/accounts_paged';
    const headers = await signedHeaders(user, path);
    const first = await call(path, { base: fleet.instances[0]!.url, headers });
    expect(first.status).toBe(200);
    const replay = await call(path, { base: fleet.instances[1]!.url, headers });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe(-7);
  });

  it('shows a note and a price written through one instance on the asset page every instance kept', async () => {
    const token = await tokenOf('admin2@demo.test');
    const page = '/v1/assets?ids=BTC&ids=USDC&pageSize=100';
    const onEach = async () => {
      const answers = await Promise.all(fleet.instances.map((instance) => call(page, { base: instance.url, token })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      return answers.map((a) =>
        Object.fromEntries((a.body.data as { legacyId: string; price?: unknown; metadata: { note?: { text: string } } }[]).map((x) => [x.legacyId, x])),
      );
    };
    // Each instance builds the page once and keeps it.
    expect((await onEach()).map((p) => p.BTC?.metadata.note)).toEqual([undefined, undefined, undefined]);
    const noted = await call('/v1/assets/BTC', {
      method: 'PATCH',
      base: fleet.instances[0]!.url,
      token,
      body: { metadata: { note: { text: 'Cold storage only' } } },
    });
    expect(noted.status).toBe(200);
    expect((await onEach()).map((p) => p.BTC?.metadata.note?.text)).toEqual(['Cold storage only', 'Cold storage only', 'Cold storage only']);
    const priced = await call('/v1/assets/prices/USDC', { method: 'POST', base: fleet.instances[1]!.url, token, body: { currency: 'USD', price: 1.0002 } });
    expect(priced.status).toBe(200);
    expect((await onEach()).map((p) => p.USDC?.price)).toEqual(Array(3).fill({ currency: 'USD', price: '1.0002', lastUpdateAt: expect.any(Number) }));
  });

  it('shares rate-limit windows: requests spread over the instances hit one limit, past it by at most one batch per instance', async () => {
    const token = await tokenOf('viewer@demo.test');
    // All of it within one minute's window: a window that ends half-way would admit the rest afresh.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    const answers = await Promise.all(Array.from({ length: RATE_LIMIT_EXTERNAL_QUERY + 9 }, () => call('/v1/assets?pageSize=100', { token })));
    expect(new Set(answers.map((a) => a.instance)).size).toBe(3);
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    // Each instance counts a request far from the limit in memory and adds it to the shared
    // counter within FLUSH_MS, so each may admit one batch (⌈limit / 100⌉) that the others have not
    // seen yet (docs/architecture.md, "How the request path stays cheap"): never fewer than the limit, never more than that past it.
    const admitted = statuses.filter((s) => s === 200).length;
    expect(admitted, JSON.stringify(statuses)).toBeGreaterThanOrEqual(RATE_LIMIT_EXTERNAL_QUERY);
    expect(admitted, JSON.stringify(statuses)).toBeLessThanOrEqual(RATE_LIMIT_EXTERNAL_QUERY + 3 * Math.ceil(RATE_LIMIT_EXTERNAL_QUERY / 100));
    // Once the counts have reached the database, every instance refuses the caller for the rest of the window.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const later = await Promise.all(fleet.instances.map((instance) => call('/v1/assets?pageSize=100', { base: instance.url, token })));
    expect(later.map((a) => a.status)).toEqual([429, 429, 429]);
  });

  it('keeps a console session whose requests land on different instances', async () => {
    const signedIn = await signIn('auditor@demo.test');
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.accessToken as string;
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const reads = await Promise.all(Array.from({ length: 6 }, () => call('/v1/auth/session', { token })));
    expect(reads.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(reads.map((r) => r.instance)).size).toBe(3);
    // The refresh cookie rotates on one instance and the new access token works on the others.
    const refreshed = await call('/v1/auth/refresh', { method: 'POST', headers: { Cookie: cookie } });
    expect(refreshed.status).toBe(200);
    const after = await Promise.all(Array.from({ length: 3 }, () => call('/v1/vault/accounts_paged', { token: refreshed.body.accessToken as string })));
    expect(after.map((r) => r.status)).toEqual([200, 200, 200]);
    // Signing out on one instance ends the token on every instance.
    expect(
      (
        await call('/v1/auth/sign_out', {
          method: 'POST',
          token: refreshed.body.accessToken as string,
          headers: { Cookie: refreshed.headers.get('set-cookie')!.split(';')[0]! },
        })
      ).status,
    ).toBeLessThan(300);
    const ended = await Promise.all(Array.from({ length: 3 }, () => call('/v1/auth/session', { token: refreshed.body.accessToken as string })));
    expect(ended.map((r) => r.status)).toEqual([401, 401, 401]);
  });
});

describe('engines and webhooks when an instance is killed mid-way', () => {
  afterAll(() => receiver.stop());

  it('every transfer reaches its final status once, every notification arrives, duplicates keep their id', async () => {
    // Slow answers keep deliveries in flight, so the instance killed holds leased notifications.
    receiver.delayMs = 400;
    await receiver.start();
    const hook = await call('/v1/webhooks', {
      method: 'POST',
      token: adminToken,
      body: { url: receiver.url, events: ['transaction.created', 'transaction.status.updated'] },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(hook.status).toBe(201);
    const run = randomUUID().slice(0, 8);
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        call('/v1/transactions', { method: 'POST', token: adminToken, body: transfer(`kill-${run}-${n}`), headers: { 'Idempotency-Key': randomUUID() } }),
      ),
    );
    expect(created.map((c) => c.status)).toEqual(Array(30).fill(200));
    const ids = created.map((c) => c.body.id as string);
    // Kill an instance that has a delivery in flight (it holds leased notifications), once the
    // engines are stepping the transfers and deliveries are under way.
    const inFlight = new Map<number, string>(); // the delivering connection's port → the notification id
    receiver.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const port = req.socket.remotePort!;
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => inFlight.set(port, (JSON.parse(body) as WebhookEnvelope).id));
      res.on('finish', () => inFlight.delete(port));
    });
    await until('the first deliveries', async () => (receiver.got.length >= 10 ? true : undefined), 30_000);
    const { instance: victim, ports } = await until('an instance with a delivery in flight', async () => deliveringInstance(new Set(inFlight.keys())), 30_000);
    victim.kill('SIGKILL');
    killed = victim;
    const unacknowledged = new Set(ports.map((port) => inFlight.get(port)).filter((id) => id !== undefined));
    await victim.exited;

    const final = await until(
      'every transfer to reach a final status',
      async () => {
        const { rows } = await db.query<{ id: string; status: string }>('select id, status from transactions where id = any($1::uuid[])', [ids]);
        return rows.every((r) => ['COMPLETED', 'FAILED', 'CANCELLED', 'REJECTED', 'BLOCKED'].includes(r.status)) ? rows : undefined;
      },
      60_000,
    );
    expect(final.map((r) => r.status)).toEqual(Array(30).fill('COMPLETED'));

    const { rows: notifications } = await db.query<{ id: string }>(`select n.id from webhook_notifications n where n.webhook_id = $1`, [hook.body.id]);
    const expected = new Set(notifications.map((n) => n.id));
    // The killed instance's leased notifications come again once their lease runs out (timeout + 30 s).
    expect(unacknowledged.size).toBeGreaterThan(0);
    await until(
      'every notification to arrive, and those whose delivery the killed instance never saw answered to arrive again',
      async () => {
        const arrived = receiver.envelopes().map((e) => e.id);
        const again = [...unacknowledged].every((id) => arrived.filter((a) => a === id).length >= 2);
        return again && [...expected].every((id) => arrived.includes(id)) ? true : undefined;
      },
      90_000,
    );

    const envelopes: WebhookEnvelope[] = receiver.envelopes();
    process.stdout.write(
      `fleet: ${expected.size} notifications, ${envelopes.length} deliveries (${envelopes.length - expected.size} redelivered after the kill)\n`,
    );

    const byId = new Map<string, WebhookEnvelope[]>();
    for (const e of envelopes) byId.set(e.id, [...(byId.get(e.id) ?? []), e]);
    expect(new Set(byId.keys())).toEqual(expected);
    // A notification delivered twice is the same notification: same event, same data.
    for (const copies of byId.values()) expect(new Set(copies.map((c) => JSON.stringify(c)))).toHaveProperty('size', 1);
    // Each transfer went to COMPLETED once: one distinct notification says so.
    for (const id of ids) {
      const completions = new Set(
        envelopes
          .filter((e) => e.resourceId === id && e.eventType === 'transaction.status.updated' && (e.data as { status?: string }).status === 'COMPLETED')
          .map((e) => e.id),
      );
      expect(completions.size, id).toBe(1);
    }
  }, 180_000);
});

describe('graceful drain', () => {
  it('on SIGTERM: /readyz answers 503 while requests are served, a slow request in flight finishes, the process exits 0', async () => {
    const target = fleet.instances.find((i) => i !== killed)!;
    // A client sending its body slowly: the request is in flight across the drain.
    const body = JSON.stringify({ email: 'admin2@demo.test', password: PASSWORD });
    const slow = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${target.url}/v1/auth/sign_in`,
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), DRAIN_DELAY_MS + 1500);
    });
    await new Promise((r) => setTimeout(r, 200));
    target.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const during = await call('/readyz', { base: target.url });
    expect(during.status).toBe(503);
    expect(during.body).toEqual({ message: 'Draining: this instance is shutting down', code: 503 });
    // Still serving during the grace period, and the balancer keeps answering throughout.
    expect((await call('/livez', { base: target.url })).status).toBe(200);
    const meanwhile = await Promise.all(Array.from({ length: 6 }, () => call('/livez')));
    expect(meanwhile.map((m) => m.status)).toEqual(Array(6).fill(200));
    const answered = await slow;
    expect(answered.status, answered.text).toBe(200);
    expect(await target.exited).toBe(0);
    await expect(fetch(`${target.url}/livez`)).rejects.toThrow();
  }, 60_000);
});

describe('sign-in throttling through the balancer', () => {
  it('counts failures per client address, whatever X-Forwarded-For the client writes', async () => {
    // 20 failures from one address are free; each attempt below forges another address.
    for (let n = 0; n < 21; n += 7) {
      await Promise.all(
        Array.from({ length: 7 }, (_, k) =>
          call('/v1/auth/sign_in', {
            method: 'POST',
            body: { email: `nobody-${n + k}@example.test`, password: 'wrong password 1' },
            headers: { 'X-Forwarded-For': `203.0.113.${n + k + 1}` },
          }),
        ),
      );
    }
    const blocked = await signIn('owner@demo.test', { 'X-Forwarded-For': '198.51.100.7' });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toMatch(/^\d+$/);
  });
});
