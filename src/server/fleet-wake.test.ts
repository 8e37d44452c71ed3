import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from './db/client';
import { openDatabase } from './database';
import { LISTENER_APPLICATION_NAME } from './db/notify';
import { seedTradingDemo } from './features/trading/demo';
import { transactions } from './features/transactions/schema';
import { TX_STEP_MS } from './features/transactions/service';
import type { TimelineEntry } from './features/transactions/view';
import { webhookNotifications } from './features/webhooks/schema';
import { startServer, type RunningServer } from './server';
import { addWorkspace, buildApp, consoleToken, createTestContext, jsonCaller, WebhookReceiver, type TestContext } from './test/harness';

/**
 * Engines woken by database notices. Instance A below is the API alone (no workers, so no
 * listener); the instances started with startServer run the engines, each with its own connections
 * and listener on PostgreSQL (on PGlite, which one process owns, they share the database). The
 * safety poll is 30 s, so anything that happens within a second or two was woken by a notice.
 */

const SAFETY_MS = 30_000;
/** How late a step may come after it is due: a round, not a poll period (the machine is shared). */
const SLACK_MS = 700;

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let editor: string;
let admin: string;
const running: RunningServer[] = [];
const receiver = new WebhookReceiver();

beforeAll(async () => {
  ctx = await createTestContext({ workerSafetyPollMs: SAFETY_MS, webhooks: { allowLocal: true, timeoutMs: 20_000, retryScale: 1 } });
  app = buildApp(ctx);
  const ws = await addWorkspace(ctx, 'Wake Co', ['EDITOR', 'ADMIN']);
  await seedTradingDemo(ctx.deps.db, ws.id);
  editor = await consoleToken(app, ws.people[0]!.email);
  admin = await consoleToken(app, ws.people[1]!.email);
  await receiver.start();
});
afterAll(async () => {
  for (const server of running) await server.close();
  await receiver.stop();
  await ctx.database.close();
});

/** Another instance of the service with its workers, on the same database. */
async function startInstance(): Promise<RunningServer> {
  const database: Database = ctx.database.url ? await openDatabase({ url: ctx.database.url }) : { ...ctx.database, close: async () => undefined };
  const server = await startServer(ctx.deps.config, ctx.deps.logger, { deps: { ...ctx.deps, db: database.db }, database, releaseLock: () => undefined });
  running.push(server);
  return server;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(25);
  }
}

/** A transfer through instance A that ends BLOCKED after three steps, so nothing stays due after it. */
async function transfer() {
  const res = await jsonCaller(app)<{ id: string }>(editor, 'POST', '/v1/transactions', {
    assetId: 'USDC',
    source: { type: 'VAULT_ACCOUNT', id: '1' },
    destination: { type: 'VAULT_ACCOUNT', id: '0' },
    amount: '1',
    simulation: { outcome: 'BLOCKED_BY_POLICY' },
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

const timeline = async (id: string) => {
  const [row] = await ctx.deps.db.select({ timeline: transactions.timeline }).from(transactions).where(eq(transactions.id, id));
  return row!.timeline as TimelineEntry[];
};

/** Every query this process sends to the database while `during` runs. */
async function queriesDuring(during: () => Promise<void>): Promise<number> {
  // node-postgres's pool and clients all query through Client.prototype.query; PGlite's every
  // statement (and transaction) goes through execProtocolRaw.
  const spy = ctx.database.kind === 'postgres' ? vi.spyOn(pg.Client.prototype, 'query') : vi.spyOn(PGlite.prototype, 'execProtocolRaw');
  try {
    await during();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe(`engines woken by notices (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('an idle instance sends no query between its safety polls', async () => {
    await startInstance();
    // Start-up: each worker's first round and the catch-up once it listens.
    await sleep(2_500);
    expect(await queriesDuring(() => sleep(3_000))).toBe(0);
  });

  it('a transfer made through instance A is taken by the engine at once and keeps the pace of one status a step', async () => {
    const id = await transfer();
    const done = await until(
      () => timeline(id),
      (t) => t.some((e) => e.status === 'BLOCKED'),
      3 * TX_STEP_MS + 3 * SLACK_MS + 2_000,
      'the transfer reaching BLOCKED',
    );
    expect(done.map((e) => e.status)).toEqual(['SUBMITTED', 'PENDING_AML_SCREENING', 'PENDING_AUTHORIZATION', 'BLOCKED']);
    // Each step when it is due (one step period after the last), not at the next safety poll.
    for (let i = 1; i < done.length; i += 1) {
      const gap = done[i]!.at - done[i - 1]!.at;
      expect(gap).toBeGreaterThanOrEqual(TX_STEP_MS);
      expect(gap).toBeLessThan(TX_STEP_MS + SLACK_MS);
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  const listenerPids = async () => {
    const client = new pg.Client({ connectionString: ctx.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and application_name = $1', [
        LISTENER_APPLICATION_NAME,
      ]);
      return rows.map((r) => r.pid);
    } finally {
      await client.end();
    }
  };

  it('an engine whose listening connection was killed reconnects and is still woken at once', async () => {
    const [pid] = await listenerPids();
    expect(pid).toBeDefined();
    await ctx.database.db.execute(sql`select pg_terminate_backend(${pid})`);
    await until(listenerPids, (pids) => pids.length === 1 && pids[0] !== pid, 10_000, 'the listener reconnecting');
    const id = await transfer();
    const first = await until(
      () => timeline(id),
      (t) => t.length > 1,
      TX_STEP_MS + SLACK_MS + 2_000,
      'the first step',
    );
    expect(first[1]!.at - first[0]!.at).toBeLessThan(TX_STEP_MS + SLACK_MS);
  });

  it('stopping an instance releases the notifications it leased, and the other delivers them at once', async () => {
    const [first] = running;
    const hook = await jsonCaller(app)<{ id: string }>(admin, 'POST', '/v1/webhooks', { url: receiver.url, events: ['transaction.created'] });
    expect(hook.status).toBe(201);
    receiver.answer = 'hang';
    receiver.got = [];
    await transfer();
    // The first instance claimed the notification (leased for 20 s + 30 s) and waits for the receiver.
    await until(
      async () => receiver.got.length,
      (n) => n === 1,
      5_000,
      'the first delivery attempt',
    );
    const second = await startInstance();
    await sleep(1_000);
    receiver.answer = 200;
    const stopped = Date.now();
    await first!.close();
    await until(
      async () => receiver.got.length,
      (n) => n === 2,
      3_000,
      'the delivery by the other instance',
    );
    expect(Date.now() - stopped).toBeLessThan(3_000);
    // The same notification, sent again (at least once, with its id for the receiver to drop duplicates).
    const [a, b] = receiver.envelopes();
    expect(b!.id).toBe(a!.id);
    // Recorded once the receiver's answer is back: one attempt, the interrupted one was not one.
    const row = await until(
      async () => (await second.deps.db.select().from(webhookNotifications).where(eq(webhookNotifications.id, a!.id)))[0],
      (r) => r?.status === 'COMPLETED',
      3_000,
      'the delivery being recorded',
    );
    expect(row).toMatchObject({ status: 'COMPLETED', attempts: 1 });
  });
});
