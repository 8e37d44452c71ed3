// `npm run test:crash`: sends a concurrent stream of idempotent writes (POST /v1/transactions,
// each with its own Idempotency-Key and externalTxId) to the real service, kills it with SIGKILL
// in the middle, restarts it on the same data (the embedded database must open again), retries
// every write that got no answer until it resolves, and checks in the database that every
// acknowledged write is there exactly once and that no write took effect twice, and that its
// audit event, which a kill may catch committed but not yet sequenced, is in the workspace's chain
// once the restarted service's sequencer has run. With DATABASE_URL
// it runs against a fresh database on that PostgreSQL server (dropped at the end); without, on a
// PGlite folder of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/database';
import { queryRows } from '../src/server/db/rows';
import { seedDemo } from '../src/server/demo/seed';
import { openTestDatabase } from '../src/server/test/harness';
import { bundleForTests } from './build-server.mjs';
import { freePort } from './fleet';

const ROUNDS = 3;
const CONCURRENCY = 8;
// Each round kills the service once this many writes of the round were acknowledged (plus a
// random few), so the kill lands while writes are being executed.
const ACKS_BEFORE_KILL = 25;
// Short, so the keys held by the killed instance are free again soon after the restart.
const LEASE_MS = 2000;
const RESOLVE_DEADLINE_MS = 30_000;
// Safety bounds for a loaded machine; on an idle one a start takes a few seconds.
const START_DEADLINE_MS = 180_000;
const DEADLINE = Date.now() + 600_000;
const PASSWORD = 'crash-Demo-password-1';
const root = new URL('..', import.meta.url).pathname;

const work = mkdtempSync(join(tmpdir(), 'asset-ops-crash-'));
const serverLog = join(work, 'service.log');
const log = createWriteStream(serverLog);
const checks: { name: string; ok: boolean; detail?: string }[] = [];
const check = (name: string, ok: boolean, detail?: string) => {
  checks.push({ name, ok, detail });
  process.stdout.write(`${ok ? 'ok' : 'not ok'} - ${name}${detail ? ` (${detail})` : ''}\n`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh database on the given server, or a PGlite folder; removed by `drop`. */
async function prepareDatabase(): Promise<{ env: Record<string, string>; target: { url: string } | { dataDir: string }; drop: () => Promise<void> }> {
  if (!process.env.DATABASE_URL) {
    const dataDir = join(work, 'data');
    return { env: { DATA_DIR: dataDir }, target: { dataDir }, drop: async () => undefined };
  }
  // A fresh, migrated database on that server, as each server test file makes one; closing it drops it.
  const fresh = await openTestDatabase();
  const url = fresh.url!;
  return { env: { DATABASE_URL: url }, target: { url }, drop: () => fresh.close() };
}

class Service {
  child: ChildProcess | undefined;
  exited: Promise<void> = Promise.resolve();
  constructor(
    /** The service's bundle (bundleForTests): it is started four times. */
    readonly main: string,
    readonly port: number,
    readonly env: Record<string, string>,
  ) {}
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the service (node directly, as the e2e tests do, so the pid is the service's own) and waits until it answers. */
  async start(): Promise<boolean> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...this.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DEMO: 'true',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    };
    env.IDEMPOTENCY_LEASE_MS = String(LEASE_MS);
    env.RATE_LIMIT_WRITE = '1000000';
    env.CONSOLE_DIR = join(work, 'no-console');
    if (!this.env.DATABASE_URL) delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--enable-source-maps', this.main], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    let gone = false;
    this.exited = new Promise((resolve) => child.on('exit', () => ((gone = true), resolve())));
    const until = Math.min(Date.now() + START_DEADLINE_MS, DEADLINE);
    while (Date.now() < until && !gone) {
      try {
        if ((await fetch(`${this.base}/v1/openapi.json`)).ok) return true;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    return false;
  }

  async kill(signal: NodeJS.Signals) {
    this.child?.kill(signal);
    await this.exited;
  }
}

async function signIn(service: Service): Promise<string> {
  const res = await fetch(`${service.base}/v1/auth/sign_in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

const bodyOf = (key: string) => ({
  assetId: 'USDC',
  source: { type: 'VAULT_ACCOUNT', id: '0' },
  destination: { type: 'VAULT_ACCOUNT', id: '1' },
  amount: '0.01',
  externalTxId: key,
});

async function write(service: Service, token: string, key: string) {
  const res = await fetch(`${service.base}/v1/transactions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(bodyOf(key)),
  });
  return { status: res.status, replayed: res.headers.get('Idempotent-Replayed') === 'true', body: (await res.json()) as { id?: string; message?: string } };
}

/**
 * The transfers' audit events since `since`, by transfer id, through the API as an auditor reads
 * them, once none waits to be sequenced (hash null), for up to 30 s.
 */
async function sequencedSubmissions(service: Service, since: number): Promise<{ events: Map<string, number>; sequenced: boolean }> {
  const token = await signIn(service);
  const until = Date.now() + 30_000;
  for (;;) {
    const events = new Map<string, number>();
    let sequenced = true;
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ startTime: String(since - 60_000), subject: 'Transaction', event: 'Submitted', pageSize: '500' });
      if (cursor) query.set('pageCursor', cursor);
      const res = await fetch(`${service.base}/v1/management/audit_logs?${query}`, { headers: { Authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`the audit log answered ${res.status}: ${await res.text()}`);
      const page = (await res.json()) as { data: { hash: string | null; detail: { txId?: string } }[]; next: string | null };
      for (const e of page.data) {
        if (e.hash === null) sequenced = false;
        if (e.detail.txId) events.set(e.detail.txId, (events.get(e.detail.txId) ?? 0) + 1);
      }
      cursor = page.next;
    } while (cursor);
    if (sequenced || Date.now() > until) return { events, sequenced };
    await sleep(250);
  }
}

async function main() {
  const database = await prepareDatabase();
  const bundle = await bundleForTests('src/server/main.ts');
  const service = new Service(bundle.file, await freePort(), database.env);
  const acknowledged = new Map<string, string>(); // key -> transaction id, from the first answer
  const resolved = new Map<string, string>(); // in-flight key -> transaction id, from its retry
  let sent = 0;
  let inFlightTotal = 0;
  let replays = 0; // retries answered with the committed response (the rest executed afresh)
  let leftPending = 0; // audit events the kills left committed but not sequenced
  const started = Date.now();
  const unexpected: string[] = [];
  try {
    // The demo workspace (people, vault accounts) without its year of audit history, which would
    // make the first start take minutes; the service then finds it and only checks the password.
    const seeding = await openDatabase(database.target);
    await seedDemo(seeding.db, { password: PASSWORD, keyDir: work, auditEvents: 0 });
    await seeding.close();
    check('the service starts on a fresh database', await service.start());
    for (let round = 1; round <= ROUNDS && Date.now() < DEADLINE; round++) {
      const token = await signIn(service);
      const inFlight: string[] = [];
      let killed = false;
      let roundAcks = 0;
      const killAt = ACKS_BEFORE_KILL + Math.floor(Math.random() * 15);
      let next = 0;
      let kill: Promise<void> | undefined;
      const worker = async () => {
        while (!killed) {
          const key = `crash-${round}-${next++}`;
          sent++;
          try {
            const { status, body } = await write(service, token, key);
            if (status === 200 && body.id) {
              acknowledged.set(key, body.id);
              if (++roundAcks >= killAt && !kill) {
                killed = true;
                kill = service.kill('SIGKILL');
              }
            } else {
              unexpected.push(`${key}: ${status} ${body.message ?? ''}`);
            }
          } catch {
            // No answer: the service died with this write somewhere between sent and answered.
            inFlight.push(key);
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      await kill;
      inFlightTotal += inFlight.length;
      // What the kill caught between a commit and its sequencing.
      const dead = await openDatabase(database.target);
      const [waiting] = await queryRows<{ n: number }>(dead.db, sql`select count(*)::int as n from audit_events_pending`);
      await dead.close();
      leftPending += waiting!.n;

      check(`round ${round}: the service restarts on the data of the killed one`, await service.start());
      // Every write left without an answer must resolve to one effect: the committed one, or a
      // fresh execution once the dead instance's lease ran out. 409 only while that lease runs.
      const retryToken = await signIn(service);
      const until = Date.now() + RESOLVE_DEADLINE_MS;
      let pending = [...inFlight];
      while (pending.length && Date.now() < until) {
        const still: string[] = [];
        await Promise.all(
          pending.map(async (key) => {
            const { status, replayed, body } = await write(service, retryToken, key);
            if (status === 200 && body.id) {
              resolved.set(key, body.id);
              if (replayed) replays++;
            } else if (status === 409 && /still being processed/.test(body.message ?? '')) still.push(key);
            else unexpected.push(`retry ${key}: ${status} ${body.message ?? ''}`);
          }),
        );
        pending = still;
        if (pending.length) await sleep(250);
      }
      check(
        `round ${round}: every in-flight write resolves on retry`,
        pending.length === 0 && inFlight.every((k) => resolved.has(k)),
        `${inFlight.length} in flight, ${pending.length} still 409`,
      );
    }
    check('every write was answered 200 or cut off by the kill', unexpected.length === 0, unexpected.slice(0, 5).join('; ') || undefined);
    const audited = await sequencedSubmissions(service, started);
    const effective = new Set([...acknowledged.values(), ...resolved.values()]);
    check(
      'every acknowledged or retried write has its one audit event, sequenced into the chain after the restarts',
      audited.sequenced && [...effective].every((id) => audited.events.get(id) === 1) && audited.events.size === effective.size,
      `${audited.events.size} events for ${effective.size} writes, ${leftPending} left unsequenced by the kills${audited.sequenced ? '' : ', some still unsequenced'}`,
    );
    await service.kill('SIGTERM');

    // The database itself is the referee: every key has exactly one transaction, and it is the
    // one its answer named.
    const db = await openDatabase(database.target);
    const rows = await queryRows<{ key: string; id: string; n: number }>(
      db.db,
      sql`select external_tx_id as key, min(id::text) as id, count(*)::int as n from transactions where external_tx_id like 'crash-%' group by external_tx_id`,
    );
    await db.close();
    const found = new Map(rows.map((r) => [r.key, r]));
    const duplicates = rows.filter((r) => r.n > 1).length;
    const ackFound = [...acknowledged].filter(([key, id]) => found.get(key)?.id === id && found.get(key)?.n === 1).length;
    const retriedFound = [...resolved].filter(([key, id]) => found.get(key)?.id === id && found.get(key)?.n === 1).length;
    check(
      'every acknowledged write is in the database exactly once, with the id it was answered with',
      ackFound === acknowledged.size,
      `${ackFound} of ${acknowledged.size}`,
    );
    check(
      'every retried write is in the database exactly once, with the id its retry was answered with',
      retriedFound === resolved.size,
      `${retriedFound} of ${resolved.size}`,
    );
    check('no write took effect twice', duplicates === 0, `${duplicates} duplicates`);
    check(
      'nothing took effect that was neither acknowledged nor retried',
      rows.every((r) => acknowledged.has(r.key) || resolved.has(r.key)),
      `${rows.length} rows`,
    );
    process.stdout.write(
      `crash: ${sent} writes sent, ${acknowledged.size} acknowledged, ${leftPending} audit events left unsequenced by the kills, ${ackFound} found after restart, ${inFlightTotal} in-flight keys retried, ${resolved.size} resolved (${replays} replayed, ${resolved.size - replays} executed afresh), ${duplicates} duplicates (${database.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${ROUNDS} kill rounds)\n`,
    );
  } catch (error) {
    check('the crash test ran to its end', false, error instanceof Error ? error.message : String(error));
  } finally {
    await service.kill('SIGKILL');
    bundle.remove();
    await database.drop().catch((error: unknown) => check('the test database is dropped', false, String(error)));
  }
  const failed = checks.filter((c) => !c.ok).length;
  if (failed) process.stdout.write(`--- service log (last lines) ---\n${readFileSync(serverLog, 'utf8').split('\n').slice(-30).join('\n')}\n`);
  log.end();
  rmSync(work, { recursive: true, force: true });
  process.stdout.write(`${checks.length - failed} passed, ${failed} failed\n`);
  process.exit(failed ? 1 : 0);
}

void main();
