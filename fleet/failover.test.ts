import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WebhookEnvelope } from '../src/contract/webhooks';
import { WebhookReceiver } from '../src/server/test/harness';
import { startFleet, type Fleet } from '../scripts/fleet';
import { haDatabaseMissing, startHaDatabase, type HaDatabase } from '../scripts/ha-database';
import { prefundedMarketOrder } from '../src/server/test/fixtures';
import { call, transfer, until, watchFleet, type Answer } from './load';

/**
 * A failover and a switchover of a highly available PostgreSQL under load (`npm run test:fleet`).
 * This file starts its own cluster (scripts/ha-database.ts: etcd, two PostgreSQL nodes under
 * Patroni with synchronous replication, HAProxy to the primary; DATABASE_URL is not used), two
 * instances behind their balancer on it, and steady mixed traffic through the balancer: transfers
 * and orders with Idempotency-Keys (retried with their key on 503, 409 and 429, as the SDKs do,
 * after Retry-After), audit log reads, a webhook receiver and a live stream on each instance.
 * Then it kills the primary (SIGKILL to its Patroni and its PostgreSQL), and once the old primary
 * is back as the standby, switches over on purpose. No instance is restarted. It checks that no
 * acknowledged write is lost or made twice, no webhook notification lost, the audit chain still
 * verifies, the streams miss no notice, and the switchover fails no request; the times are printed.
 */

const PASSWORD = 'failover-Demo-password-1';
/** The figures: lines that start `failover:` and `switchover:` (not pass/fail). */
const print = (line: string) => process.stdout.write(`${line}\n`);
const missing = haDatabaseMissing();
if (missing) print(`failover: skipped, a highly available database cannot start here: ${missing}`);

type Phase = 'warm-up' | 'failover' | 'rejoin' | 'switchover' | 'after';

let ha: HaDatabase;
let fleet: Fleet;
let token: string;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  if (missing) return;
  ha = await startHaDatabase();
  fleet = await startFleet({
    databaseUrl: ha.url,
    main: inject('serviceBundle'),
    instances: 2,
    env: {
      DEMO: 'true',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_LOCAL: 'true',
      DRAIN_DELAY_MS: '0',
      RATE_LIMIT_WRITE: '100000',
      RATE_LIMIT_QUERY: '100000',
    },
  });
  const signedIn = await call(fleet.url, '/v1/auth/sign_in', { method: 'POST', body: { email: 'admin@demo.test', password: PASSWORD } });
  if (signedIn.status !== 200) throw new Error(`sign-in: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  token = signedIn.body.accessToken as string;
  await receiver.start();
}, 300_000);

afterAll(async () => {
  await receiver.stop();
  await fleet?.stop();
  await ha?.stop();
}, 60_000);

describe.skipIf(missing)('a highly available PostgreSQL: failover and switchover under load', () => {
  it('loses and duplicates nothing through a failover, and fails no request through a switchover', async () => {
    const run = randomUUID().slice(0, 8);
    const streams = await watchFleet(fleet, token, receiver.url);

    let phase: Phase = 'warm-up';
    /** Every answer that was not a success, by phase: `${what} ${status}` → how many. */
    const failed = new Map<Phase, Map<string, number>>();
    const fail = (what: string, status: number) => {
      const counts = failed.get(phase) ?? new Map<string, number>();
      counts.set(`${what} ${status}`, (counts.get(`${what} ${status}`) ?? 0) + 1);
      failed.set(phase, counts);
    };
    const acknowledged = new Map<string, string>(); // externalTxId → the transaction id answered
    const attempted: string[] = [];
    /** When each write was acknowledged, and when it was sent (performance.now()). */
    const acks: { sentAt: number; at: number }[] = [];
    let loading = true;

    // A write with its key, retried as a client does until it is acknowledged: on 503 (the database
    // unavailable), 409 (the key still held by an execution the outage cut off), 429 and no answer,
    // after the Retry-After the answer gives.
    const write = async (what: string, path: string, body: unknown): Promise<Answer> => {
      const key = randomUUID();
      for (;;) {
        const sentAt = performance.now();
        const answer: Answer = await call(fleet.url, path, { method: 'POST', token, body, headers: { 'Idempotency-Key': key } }).catch((error: Error) => ({
          status: 0,
          body: { error: error.message },
          ms: 0,
        }));
        if (answer.status >= 200 && answer.status < 300) {
          acks.push({ sentAt, at: performance.now() });
          return answer;
        }
        fail(what, answer.status);
        if (![503, 409, 429, 0].includes(answer.status)) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        const retryAfter = Number(answer.headers?.get('Retry-After') ?? 0);
        await new Promise((r) => setTimeout(r, retryAfter > 0 ? retryAfter * 1000 : 100));
      }
    };
    const transfers = Array.from({ length: 3 }, async (_, w) => {
      for (let n = 0; loading; n++) {
        const externalTxId = `failover-${run}-${w}-${n}`;
        attempted.push(externalTxId);
        const answer = await write('transfer', '/v1/transactions', transfer(externalTxId));
        acknowledged.set(externalTxId, answer.body.id as string);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    // Orders beside them: an order's settlement writes balances and the audit chain as a transfer does.
    const ordersAcknowledged = new Map<string, string>(); // customerInternalReferenceId → the order id answered
    const ordersAttempted: string[] = [];
    const orders = (async () => {
      for (let n = 0; loading; n++) {
        const ref = `failover-${run}-order-${n}`;
        ordersAttempted.push(ref);
        const answer = await write('order', '/v1/trading/orders', prefundedMarketOrder(ref, 'failover test'));
        ordersAcknowledged.set(ref, answer.body.id as string);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    // Reads are not retried: each failure counts.
    const reader = (async () => {
      while (loading) {
        const answer = await call(fleet.url, '/v1/management/audit_logs?limit=10', { token }).catch(() => ({ status: 0, body: {}, ms: 0 }));
        if (answer.status !== 200) fail('audit read', answer.status);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const acknowledgedAfter = (from: number, count: number) =>
      until(`${count} writes acknowledged after ${phase} began`, async () => (acks.filter((a) => a.sentAt >= from).length >= count ? true : undefined), 90_000);
    const firstWriteAfter = (from: number) => Math.min(...acks.filter((a) => a.sentAt >= from).map((a) => a.at)) - from;
    await acknowledgedAfter(0, 15);

    // The failover: the primary dies (its Patroni and its PostgreSQL, SIGKILL); the standby takes
    // over once the dead one's leader key expires (ttl).
    phase = 'failover';
    const killed = await ha.primary();
    ha.kill(killed);
    const killedAt = performance.now();
    const promoted = await until(
      'the standby to take over',
      async () => {
        const now = await ha.primary();
        return now !== killed ? now : undefined;
      },
      90_000,
    );
    await acknowledgedAfter(killedAt, 10);
    const failoverWriteMs = firstWriteAfter(killedAt);

    // The old primary rejoins as the synchronous standby (pg_rewind), with the load going on.
    phase = 'rejoin';
    ha.restart(killed);
    const rejoinedAt = performance.now();
    await until('the old primary to be the synchronous standby', async () => ((await ha.healthy(5000)).standby === killed ? true : undefined), 120_000);
    const rejoinMs = performance.now() - rejoinedAt;

    // A planned switchover back to it: no request may fail.
    phase = 'switchover';
    const switchStartedAt = performance.now();
    const switched = await ha.switchover();
    const switchMs = performance.now() - switchStartedAt;
    await acknowledgedAfter(switchStartedAt, 10);
    const switchoverWriteMs = firstWriteAfter(switchStartedAt);
    phase = 'after';
    loading = false;
    await Promise.all([...transfers, orders, reader]);

    // What is stored, read from the new primary through the database's balancer.
    const db = new pg.Client({ connectionString: ha.url });
    await db.connect();
    const stored = new Map(
      (
        await db.query<{ external_tx_id: string; id: string; n: number }>(
          'select external_tx_id, min(id::text) as id, count(*)::int as n from transactions where external_tx_id = any($1) group by external_tx_id',
          [attempted],
        )
      ).rows.map((r) => [r.external_tx_id, r]),
    );
    const storedOrders = new Map(
      (
        await db.query<{ ref: string; id: string; n: number }>(
          'select customer_internal_reference_id as ref, min(id::text) as id, count(*)::int as n from trading_orders where customer_internal_reference_id = any($1) group by 1',
          [ordersAttempted],
        )
      ).rows.map((r) => [r.ref, r]),
    );
    await db.end();
    const lost =
      [...acknowledged].filter(([ref, id]) => stored.get(ref)?.id !== id).length +
      [...ordersAcknowledged].filter(([ref, id]) => storedOrders.get(ref)?.id !== id).length;
    const duplicated = [...stored.values(), ...storedOrders.values()].filter((r) => r.n > 1).length;

    // Every acknowledged transfer's webhook notification arrives (a redelivery keeps its id).
    const delivered = () => new Set(receiver.envelopes().map((e: WebhookEnvelope) => e.resourceId));
    const transferIds = [...acknowledged.values()];
    await until(
      'the webhook notifications of every acknowledged transfer',
      async () => (transferIds.every((id) => delivered().has(id)) ? true : undefined),
      60_000,
    );
    const notifications = receiver.envelopes().filter((e) => transferIds.includes(e.resourceId));
    const webhooksLost = transferIds.filter((id) => !delivered().has(id)).length;
    const redelivered = notifications.length - new Set(notifications.map((e) => e.id)).size;

    // Each stream stayed open and, once resumed, delivered the notice of every acknowledged transfer.
    await Promise.all(
      streams.map((stream, n) =>
        until(
          `the live notices of every acknowledged transfer on ${fleet.instances[n]!.id}`,
          async () => (transferIds.every((id) => stream.notices.some((x) => x.id === id)) ? true : undefined),
          60_000,
        ).catch(() => undefined),
      ),
    );
    const missed = streams.map((stream) => transferIds.filter((id) => !stream.notices.some((x) => x.id === id)).length);
    const streamsEnded = streams.filter((s) => s.ended()).length;
    streams.forEach((s) => s.close());

    const verification = await call(fleet.url, '/v1/management/audit_logs/verify', { token });

    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const failures = (p: Phase) => JSON.stringify(Object.fromEntries(failed.get(p) ?? []));
    const common = `acknowledged writes lost ${lost}, duplicated ${duplicated}; webhook notifications lost ${webhooksLost} (${redelivered} redelivered with their id); audit chain ${verification.body.verified === true ? 'verified' : `NOT verified ${JSON.stringify(verification.body)}`}; live notices missed ${missed.join(' / ')}`;
    print(
      `failover: killed ${killed}, ${promoted} promoted; first write ${s(failoverWriteMs)} after the kill; requests failed ${failures('failover')}; ${common}`,
    );
    print(`failover: ${killed} back as the synchronous standby ${s(rejoinMs)} after its restart; requests failed meanwhile ${failures('rejoin')}`);
    print(
      `switchover: ${switched.from} → ${switched.to} in ${s(switchMs)} (patronictl until the new primary answers); first write ${s(switchoverWriteMs)} after it began; requests failed ${failures('switchover')}; ${common}`,
    );
    print(`failover: ${acknowledged.size} transfers and ${ordersAcknowledged.size} orders acknowledged in all`);

    expect(lost, 'acknowledged writes lost').toBe(0);
    expect(duplicated, 'effects made twice').toBe(0);
    expect(webhooksLost, 'webhook notifications lost').toBe(0);
    expect(verification).toMatchObject({ status: 200, body: { verified: true } });
    expect(streamsEnded, 'streams that ended').toBe(0);
    expect(missed, 'live notices missed').toEqual(streams.map(() => 0));
    expect(Object.fromEntries(failed.get('switchover') ?? []), 'requests failed during the switchover').toEqual({});
    expect(failed.get('failover')?.size ?? 0, 'the writers met the failover').toBeGreaterThan(0);
  }, 300_000);
});
