import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WebhookEnvelope } from '../src/contract/webhooks';
import { LISTENER_APPLICATION_NAME } from '../src/server/db/notify';
import { WebhookReceiver } from '../src/server/test/harness';
import { postgresBin } from '../scripts/ha-database';
import { freePort, startFleet, type Fleet } from '../scripts/fleet';
import { call, transfer, until, watchFleet, type Answer } from './load';

/**
 * PostgreSQL restarted under load (`npm run test:fleet`). The suite's shared server is used by
 * other stages, so this file starts a PostgreSQL cluster of its own, two instances behind HAProxy
 * on it, and steady traffic through the balancer: writes with Idempotency-Keys (retried with their
 * key, as the SDKs do), reads, a live stream on each instance and a webhook receiver. Then it stops
 * PostgreSQL at once (`pg_ctl -m immediate`, as a crash or a failover does), checks that the
 * instances answer 503 rather than hang, starts PostgreSQL again, and checks that every instance
 * comes back by itself: ready, writing, its workers and its listening connection running, its live
 * stream resumed, and no acknowledged write lost.
 */

const PASSWORD = 'restart-Demo-password-1';

/**
 * A throwaway PostgreSQL cluster in a temporary folder. PostgreSQL refuses to run as root: as root,
 * its programs run as the postgres user (which owns the folder).
 */
function postgresCluster(port: number) {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin): apt-get install -y postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'ao-restart-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    if (!Number.isInteger(uid) || uid === 0) throw new Error('Running as root, this test needs the postgres user (the Debian package makes it)');
    chownSync(dir, uid, -1);
  }
  const run = (program: string, ...args: string[]) => {
    const command = asRoot ? ['runuser', '-u', 'postgres', '--', join(bin, program), ...args] : [join(bin, program), ...args];
    const done = spawnSync(command[0]!, command.slice(1), { encoding: 'utf8' });
    if (done.status !== 0) throw new Error(`${program} ${args.join(' ')} failed:\n${done.stdout}${done.stderr}`);
  };
  run('initdb', '-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', '-D', data, '-l', join(dir, 'server.log'), '-w', '-o', options, 'start'),
    /** At once, as a crash does: every connection is cut, the next start recovers from the WAL. */
    crash: () => run('pg_ctl', '-D', data, '-m', 'immediate', '-w', 'stop'),
    remove: () => {
      spawnSync(asRoot ? 'runuser' : join(bin, 'pg_ctl'), [
        ...(asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl')] : []),
        '-D',
        data,
        '-m',
        'fast',
        '-w',
        'stop',
      ]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let cluster: ReturnType<typeof postgresCluster>;
let fleet: Fleet;
let db: pg.Pool;
let token: string;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  cluster = postgresCluster(await freePort());
  cluster.start();
  fleet = await startFleet({
    databaseUrl: cluster.url,
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
      // A write in flight when the database went away gives its key up once the database answers
      // again (idempotency.ts); its lease still bounds a key whose instance died: short here, 30 s by default.
      IDEMPOTENCY_LEASE_MS: '2000',
      // The workers look by themselves only every 10 minutes: what they do after the restart, they
      // do because the listening connection is back and its notices wake them.
      WORKER_SAFETY_POLL_MS: '600000',
    },
  });
  db = new pg.Pool({ connectionString: cluster.url, max: 2 });
  db.on('error', () => undefined);
  const signedIn = await call(fleet.url, '/v1/auth/sign_in', { method: 'POST', body: { email: 'admin@demo.test', password: PASSWORD } });
  if (signedIn.status !== 200) throw new Error(`sign-in: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  token = signedIn.body.accessToken as string;
  await receiver.start();
}, 300_000);

afterAll(async () => {
  await receiver.stop();
  await db?.end();
  await fleet?.stop();
  cluster?.remove();
}, 60_000);

describe('PostgreSQL restarted under load', () => {
  it('instances answer 503 while it is down, then recover by themselves with no acknowledged write lost', async () => {
    const run = randomUUID().slice(0, 8);
    const streams = await watchFleet(fleet, token, receiver.url);

    // Steady traffic through the balancer: each writer retries a write with its key until it is
    // acknowledged (200), as a client does; every answer it met is kept.
    const answers = new Map<string, number>();
    const count = (what: string) => answers.set(what, (answers.get(what) ?? 0) + 1);
    const acknowledged = new Map<string, string>(); // externalTxId → the transaction id answered
    const attempted: string[] = [];
    let loading = true;
    const write = async (externalTxId: string): Promise<string> => {
      const key = randomUUID();
      attempted.push(externalTxId);
      for (;;) {
        const answer: Answer = await call(fleet.url, '/v1/transactions', {
          method: 'POST',
          token,
          body: transfer(externalTxId),
          headers: { 'Idempotency-Key': key },
        }).catch((error: Error) => ({ status: 0, body: { error: error.message }, ms: 0 }));
        count(`write ${answer.status}`);
        if (answer.status === 200) {
          acknowledged.set(externalTxId, answer.body.id as string);
          return answer.body.id as string;
        }
        // Only what a client can retry: the database or every instance unavailable (503), the key
        // still held by an execution the outage interrupted (409), or no answer.
        if (![503, 409, 0].includes(answer.status)) throw new Error(`write answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const writers = Array.from({ length: 3 }, async (_, w) => {
      for (let n = 0; loading; n++) {
        await write(`restart-${run}-${w}-${n}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    const reader = (async () => {
      while (loading) {
        const answer = await call(fleet.url, '/v1/transactions?limit=10', { token }).catch(() => ({ status: 0 }));
        count(`read ${answer.status}`);
        if (![200, 503, 0].includes(answer.status)) throw new Error(`read answered ${answer.status}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await until('writes to be acknowledged before the restart', async () => (acknowledged.size >= 15 ? true : undefined), 60_000);

    cluster.crash();
    const crashedAt = performance.now();
    // While it is down, each instance answers at once: /readyz, a read and a write, 503 each.
    const probes = await Promise.all(
      fleet.instances.map(async (instance) => ({
        instance: instance.id,
        ready: await call(instance.url, '/readyz'),
        read: await call(instance.url, '/v1/transactions?limit=10', { token }),
        write: await call(instance.url, '/v1/transactions', {
          method: 'POST',
          token,
          body: transfer(`down-${run}-${instance.id}`),
          headers: { 'Idempotency-Key': randomUUID() },
        }),
      })),
    );
    for (const probe of probes) {
      expect(probe.ready, probe.instance).toMatchObject({ status: 503, body: { message: 'Database not answering', code: 503 } });
      for (const answer of [probe.read, probe.write]) {
        expect(answer, probe.instance).toMatchObject({ status: 503, body: { message: expect.stringMatching(/database is unavailable/), code: 503 } });
      }
    }
    // The balancer takes both out (its health checks are /readyz) and answers 503 itself.
    await until(
      'the balancer to find no instance ready',
      async () => (String((await call(fleet.url, '/readyz')).body.text).includes('No server is available') ? true : undefined),
      30_000,
    );
    const downMs = performance.now() - crashedAt;

    // Recovering from the crash takes PostgreSQL a few seconds more; the instances are timed from when it accepts connections.
    cluster.start();
    const startedAt = performance.now();
    const recovery = await Promise.all(
      fleet.instances.map(async (instance) => {
        await until(`${instance.id} to be ready again`, async () => ((await call(instance.url, '/readyz')).status === 200 ? true : undefined), 30_000);
        return performance.now() - startedAt;
      }),
    );
    // Every instance holds its listening connection again.
    await until(
      'every instance to listen again',
      async () => {
        const { rows } = await db.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where application_name = $1', [
          LISTENER_APPLICATION_NAME,
        ]);
        return rows[0]!.n === fleet.instances.length ? true : undefined;
      },
      30_000,
    );

    // A write after the restart: its engine steps, its webhook and its live notices come from the
    // notices of the re-established listening connections (the workers' own polls are 10 minutes apart).
    const after = await write(`after-${run}`);
    await until(
      'the webhook delivery of the write after the restart',
      async () => (receiver.envelopes().some((e: WebhookEnvelope) => e.resourceId === after) ? true : undefined),
      30_000,
    );
    for (const [n, stream] of streams.entries()) {
      expect(stream.ended(), `the stream on ${fleet.instances[n]!.id} stayed open through the restart`).toBe(false);
      await until(
        `the live notice of the write after the restart on ${fleet.instances[n]!.id}`,
        async () => (stream.notices.some((x) => x.id === after) ? true : undefined),
        30_000,
      );
    }
    const completed = await until(
      'the write after the restart to complete',
      async () => {
        const { rows } = await db.query<{ status: string }>('select status from transactions where id = $1', [after]);
        return rows[0]?.status === 'COMPLETED' ? true : undefined;
      },
      60_000,
    );
    expect(completed).toBe(true);

    loading = false;
    await Promise.all([...writers, reader]);
    streams.forEach((s) => s.close());

    // Every acknowledged write is there, once; a write retried across the outage made one transfer.
    const { rows } = await db.query<{ external_tx_id: string; id: string; n: number }>(
      `select external_tx_id, min(id::text) as id, count(*)::int as n from transactions where external_tx_id = any($1) group by external_tx_id`,
      [attempted],
    );
    const stored = new Map(rows.map((r) => [r.external_tx_id, r]));
    for (const [externalTxId, id] of acknowledged) expect(stored.get(externalTxId), externalTxId).toMatchObject({ id, n: 1 });
    for (const row of rows) expect(row.n, row.external_tx_id).toBe(1);
    expect(answers.get('write 503') ?? 0, 'the writers met the outage').toBeGreaterThan(0);

    const ms = (n: number) => `${Math.round(n)} ms`;
    // The figures (not pass/fail): how fast the 503s were, how long each instance took once PostgreSQL was back.
    process.stdout.write(
      [
        `database restart: ${acknowledged.size} writes acknowledged, none lost; answers ${JSON.stringify(Object.fromEntries([...answers].sort()))}`,
        `  while down: /readyz, read and write 503 in ${probes.map((p) => `${p.instance} ${ms(p.ready.ms)} / ${ms(p.read.ms)} / ${ms(p.write.ms)}`).join(', ')}; down ${ms(downMs)} before the start`,
        `  once PostgreSQL accepted connections again: ${fleet.instances.map((i, n) => `${i.id} ready in ${ms(recovery[n]!)}`).join(', ')}`,
        '',
      ].join('\n'),
    );
  }, 240_000);
});
