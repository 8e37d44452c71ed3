import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { startServer, type RunningServer } from '../server';
import { sql } from 'drizzle-orm';
import type { AuditLogsResponse } from '../../contract/audit';
import { queryRows } from '../db/rows';
import { addWorkspace, buildApp, consoleToken, createTestContext, type TestContext } from '../test/harness';
import type { TrustProxy } from '../env';
import { clientAddress, isSecureRequest } from './client-address';

/** A real socket from 127.0.0.1, so the service sees a peer address as it would behind a proxy. */
async function seen(trust: TrustProxy, headers: Record<string, string>) {
  const app = new Hono().get('/', (c) => c.json({ address: clientAddress(c, trust), secure: isSecureRequest(c, trust) }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers });
    return (await res.json()) as { address: string; secure: boolean };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('the client address behind proxies', () => {
  const spoofed = { 'X-Forwarded-For': '6.6.6.6, 203.0.113.7', 'X-Forwarded-Proto': 'https' };

  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    expect(await seen(false, spoofed)).toEqual({ address: '127.0.0.1', secure: false });
  });

  it('is the address the nearest trusted proxy saw, never what the client wrote before it', async () => {
    // One proxy (127.0.0.1) appended what it saw (203.0.113.7); the client wrote 6.6.6.6.
    expect(await seen({ hops: 1 }, spoofed)).toEqual({ address: '203.0.113.7', secure: true });
    expect(await seen({ proxies: ['127.0.0.1'] }, spoofed)).toEqual({ address: '203.0.113.7', secure: true });
    expect(await seen({ proxies: ['127.0.0.0/8'] }, spoofed)).toEqual({ address: '203.0.113.7', secure: true });
    // Two proxies: the outer one (10.0.0.5) saw the client at 203.0.113.7.
    const twoHops = { 'X-Forwarded-For': '6.6.6.6, 203.0.113.7, 10.0.0.5' };
    expect((await seen({ hops: 2 }, twoHops)).address).toBe('203.0.113.7');
    expect((await seen({ proxies: ['127.0.0.1', '10.0.0.0/24'] }, twoHops)).address).toBe('203.0.113.7');
    // A peer that is not a listed proxy is the client, and its forwarded headers are not believed.
    expect(await seen({ proxies: ['10.0.0.5'] }, spoofed)).toEqual({ address: '127.0.0.1', secure: false });
  });

  it('is the furthest hop when fewer hops came than are trusted', async () => {
    expect((await seen({ hops: 3 }, { 'X-Forwarded-For': '203.0.113.7' })).address).toBe('203.0.113.7');
    expect((await seen({ hops: 1 }, {})).address).toBe('127.0.0.1');
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['off', false],
    ['true', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.5, 10.1.0.0/16,::1', { proxies: ['10.0.0.5', '10.1.0.0/16', '::1'] }],
  ])('%s is %j', (value, trust) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(trust);
  });
  it.each(['maybe', '11', '10.0.0.0/33', '10.0.0.5,proxy.local', '10.0.0.1/8/1'])('refuses %s, naming the setting', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be false, a number of proxies/);
  });
});

describe('behind a trusted proxy, the service', () => {
  let ctx: TestContext;
  let server: RunningServer;
  beforeAll(async () => {
    ctx = await createTestContext({ trustProxy: { hops: 1 } });
    server = await startServer(ctx.deps.config, ctx.deps.logger, { deps: ctx.deps, database: ctx.database, releaseLock: () => undefined });
  });
  afterAll(() => server.close());

  it('throttles and audits a sign-in by the address the proxy saw, so writing X-Forwarded-For dodges nothing', async () => {
    const ws = await addWorkspace(ctx, 'Proxied Co', ['ADMIN']);
    const res = await fetch(`${server.url}/v1/auth/sign_in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.1, 203.0.113.9' },
      body: JSON.stringify({ email: ws.people[0]!.email, password: 'wrong password 1' }),
    });
    expect(res.status).toBe(401);
    // The per-address throttle counts under the same key the audit trail records.
    const failures = await queryRows<{ key: string }>(ctx.deps.db, sql`select key from sign_in_failures where key like 'address:%'`);
    expect(failures.map((f) => f.key)).toEqual(['address:203.0.113.9']);
    const token = await consoleToken(buildApp(ctx), ws.people[0]!.email);
    const audit = await fetch(`${server.url}/v1/management/audit_logs?subject=Sign-in`, { headers: { Authorization: `Bearer ${token}` } });
    const events = ((await audit.json()) as AuditLogsResponse).data.filter((e) => e.event === 'Sign-in failed');
    expect(events.map((e) => e.sourceAddress)).toEqual(['203.0.113.9']);
  });
});
