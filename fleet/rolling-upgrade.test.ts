import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BALANCER_SOURCE, freePort, startBalancer, startInstance, type Instance } from '../scripts/fleet';
import type { Balancer } from '../scripts/haproxy';
import { checkoutRelease, resolveCommit, type ReleaseCheckout } from '../scripts/release-checkout';
import { FINAL_TRANSACTION_STATUSES } from '../src/contract/transactions';
import { scratchDatabase } from '../src/server/test/scratch-database';
import { previousRelease } from '../src/server/test/upgrade-fixtures';
import { VERSION } from '../src/server/version';

/**
 * A rolling upgrade (README, "Upgrades"): three instances of the previous release (the newest
 * upgrade fixture's commit, checked out from git and built by its own build script) on one fresh
 * PostgreSQL database behind HAProxy, replaced one at a time by this release (SIGTERM, which drains;
 * then this release on the same port, taken in by the balancer's health checks) while clients
 * write, read and sign in through the balancer without pause. No request may fail, and everything
 * written before, during and after the roll is there and processed.
 */

const server = process.env.DATABASE_URL;
if (!server) throw new Error('The fleet suite needs DATABASE_URL (a PostgreSQL server it may create a database on)');
const { manifest: previous } = previousRelease();
const inHistory = resolveCommit(previous.commit) !== undefined;
if (!inHistory) {
  console.warn(
    `rolling upgrade: SKIPPED: this clone's git history lacks ${previous.commit} (release ${previous.version}), which the test builds; fetch it (git fetch --unshallow --tags) to run it`,
  );
}

const PASSWORD = 'rolling-upgrade-password';
/** Where the suite's time goes: the set-up builds a whole release, and both hooks have run for minutes on a loaded machine. */
const seconds = (what: string, since: number) => process.stdout.write(`rolling upgrade: ${what} in ${((performance.now() - since) / 1000).toFixed(1)} s\n`);
const SLOTS = 3;
const DRAIN_DELAY_MS = 5000;
type Phase = 'before' | 'rolling' | 'after';

describe.skipIf(!inHistory)(`a rolling upgrade from ${previous.version} (${previous.commit.slice(0, 7)}) to this release`, () => {
  const database = scratchDatabase(server, 'ao_rolling_');
  let release: ReleaseCheckout;
  let balancer: Balancer;
  let db: pg.Pool;
  let dir: string;
  const slots: { port: number; instance: Instance }[] = [];

  /** An instance of the previous release, or of this one (the suite's bundle of this checkout). */
  const start = (slot: number, port: number, previousMain?: string) => {
    const id = `${previousMain ? 'previous' : 'this'}-${slot}`;
    return startInstance({
      cwd: dir,
      id,
      main: previousMain ?? inject('serviceBundle'),
      env: {
        DATABASE_URL: database.url,
        PORT: String(port),
        INSTANCE_ID: id,
        TRUST_PROXY: BALANCER_SOURCE,
        DEMO: 'false',
        LOG_LEVEL: 'warn',
        DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
        RATE_LIMIT_WRITE: '100000',
        RATE_LIMIT_QUERY: '100000',
      },
    });
  };

  beforeAll(async () => {
    const started = performance.now();
    dir = mkdtempSync(join(tmpdir(), 'ao-rolling-'));
    release = checkoutRelease(previous.commit);
    seconds('the previous release checked out, installed and built', started);
    await database.create();
    // The demo workspace as the previous release seeds it (without its year of history): its
    // people sign in, its vault accounts have balances to transfer.
    release.seedDemo({ DATABASE_URL: database.url }, { password: PASSWORD, keyDir: join(dir, 'keys'), auditEvents: 0 });
    const ports = await Promise.all(Array.from({ length: SLOTS }, () => freePort()));
    for (const [n, port] of ports.entries()) slots.push({ port, instance: start(n + 1, port, release.main) });
    await Promise.all(slots.map((s) => s.instance.ready));
    balancer = await startBalancer(slots.map((s, n) => ({ id: `s${n + 1}`, port: s.port })));
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    seconds('set-up', started);
    // A bound, not a speed: installing and building a release (its console too) beside another
    // suite on two cores has taken minutes.
  }, 600_000);

  afterAll(async () => {
    const started = performance.now();
    await Promise.all(slots.map(({ instance }) => instance.stop()));
    seconds('the instances drained and stopped', started);
    await balancer?.stop();
    await db?.end();
    await database.drop();
    release?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
    seconds('tear-down', started);
  }, 600_000);

  it('serves every request while each instance is replaced by this release, and keeps everything written', async () => {
    for (const { instance } of slots) {
      const live = (await (await fetch(`${await instance.ready}/livez`)).json()) as { version: string };
      expect(live.version, instance.id).toBe(previous.version);
    }

    let phase: Phase = 'before';
    let stopping = false;
    const answers: { phase: Phase; what: string; status: number; instance: string | null }[] = [];
    const failures: string[] = [];
    const written: { id: string; externalTxId: string; phase: Phase }[] = [];
    /** One request through the balancer; a failure is recorded, never retried. */
    const send = async (what: string, method: string, path: string, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
      const at = phase;
      try {
        const res = await fetch(`${balancer.url}${path}`, {
          method,
          headers: {
            ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
            ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...init.headers,
          },
          ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        });
        const text = await res.text();
        answers.push({ phase: at, what, status: res.status, instance: res.headers.get('X-Instance') });
        if (res.status !== 200) failures.push(`${at}: ${what} ${method} ${path} answered ${res.status} by ${res.headers.get('X-Instance')}: ${text}`);
        return res.status === 200 ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      } catch (error) {
        failures.push(`${at}: ${what} ${method} ${path} failed: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`);
        return undefined;
      }
    };
    const signIn = async (email: string) => (await send('sign-in', 'POST', '/v1/auth/sign_in', { body: { email, password: PASSWORD } }))?.accessToken as string;

    // Two clients, each in a loop until the roll is over: an idempotent transfer, reading it back
    // (from whichever instance), a listing, and every eighth round a sign-in and its session.
    const client = async (n: number) => {
      const token = await signIn('admin@demo.test');
      for (let round = 0; !stopping; round++) {
        const externalTxId = `roll-${n}-${round}`;
        const created = await send('write', 'POST', '/v1/transactions', {
          token,
          headers: { 'Idempotency-Key': randomUUID() },
          body: { assetId: 'USDC', source: { type: 'VAULT_ACCOUNT', id: '0' }, destination: { type: 'VAULT_ACCOUNT', id: '1' }, amount: '0.01', externalTxId },
        });
        if (created) {
          written.push({ id: created.id as string, externalTxId, phase });
          await send('read', 'GET', `/v1/transactions/${created.id as string}`, { token });
        }
        await send('read', 'GET', '/v1/vault/accounts_paged', { token });
        if (round % 8 === 0) {
          const fresh = await signIn('admin2@demo.test');
          if (fresh) await send('read', 'GET', '/v1/auth/session', { token: fresh });
        }
      }
    };
    const until = async (what: string, done: () => boolean | Promise<boolean>) => {
      const deadline = Date.now() + 120_000;
      while (!(await done())) {
        if (Date.now() > deadline || failures.length > 20) throw new Error(`timed out waiting for ${what}; failures: ${failures.join('\n')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const answeredBy = (id: string) => answers.some((a) => a.instance === id);
    const writesIn = (p: Phase) => written.filter((w) => w.phase === p).length;

    const clients = [client(1), client(2)];
    try {
      await until('every instance of the previous release to answer', () => slots.every(({ instance }) => answeredBy(instance.id)) && writesIn('before') >= 10);
      phase = 'rolling';
      for (const [n, slot] of slots.entries()) {
        expect(await slot.instance.stop(), `${slot.instance.id} drained and exited`).toBe(0);
        slot.instance = start(n + 1, slot.port);
        const url = await slot.instance.ready;
        expect(((await (await fetch(`${url}/livez`)).json()) as { version: string }).version).toBe(VERSION);
        // The balancer takes it in once its health checks pass; the next instance drains after that.
        await until(`the balancer to send requests to ${slot.instance.id}`, () => answeredBy(slot.instance.id));
      }
      phase = 'after';
      await until('writes on this release alone', () => writesIn('after') >= 10);
    } finally {
      stopping = true;
      await Promise.all(clients);
    }

    expect(failures).toEqual([]);
    const by = (p: Phase) => new Set(answers.filter((a) => a.phase === p).map((a) => a.instance));
    expect([...by('before')].sort()).toEqual(['previous-1', 'previous-2', 'previous-3']);
    expect([...by('after')].sort()).toEqual(['this-1', 'this-2', 'this-3']);
    expect(writesIn('rolling')).toBeGreaterThan(0);
    process.stdout.write(
      `rolling upgrade: ${answers.length} requests (${written.length} transfers: ${writesIn('before')} before, ${writesIn('rolling')} during, ${writesIn('after')} after the roll), none failed\n`,
    );

    // Every transfer is there once and went through the engines (of either release) to COMPLETED.
    let settled: { external_tx_id: string; status: string }[] = [];
    await until('every transfer to reach a final status', async () => {
      ({ rows: settled } = await db.query(`select external_tx_id, status from transactions where external_tx_id like 'roll-%'`));
      return settled.every((r) => FINAL_TRANSACTION_STATUSES.includes(r.status as never));
    });
    expect(settled.map((r) => r.external_tx_id).sort()).toEqual(written.map((w) => w.externalTxId).sort());
    expect(settled.filter((r) => r.status !== 'COMPLETED')).toEqual([]);

    // The audit chain that both releases appended to at once is whole.
    const auditor = await signIn('auditor@demo.test');
    const verification = await send('verify', 'GET', '/v1/management/audit_logs/verify', { token: auditor });
    expect(verification).toMatchObject({ verified: true, firstBrokenEventId: null });
  }, 600_000);
});
