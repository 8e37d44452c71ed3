import { eq, sql } from 'drizzle-orm';
import { CHANNELS } from '../db/notify';
import { beforeAll, describe, expect, it } from 'vitest';
import { Dec, plain } from '../../contract/decimal-arithmetic';
import { addWorkspace, consoleToken, jsonCaller } from '../test/harness';
import { testApp } from '../test/test-app';
import { seedTradingDemo } from '../features/trading/demo';
import { runOnce as runOrders } from '../features/trading/engine';
import { tradingOrders } from '../features/trading/schema';
import * as vaults from '../features/vault/store';
import { runOnce as runTransactions } from '../features/transactions/engine';
import { transactions } from '../features/transactions/schema';
import { TX_STEP_MS } from '../features/transactions/service';
import { RETRY_BASE_MS, StepFailures } from './failures';
import { startPoller } from './poller';

/**
 * A notification that cannot be written fails the step that writes it, and only that step: a
 * trigger installed here refuses the notifications that mention one transfer or one order, the way
 * a broken outbox insert did. The engines set that row aside with a growing delay, log the cause
 * once, move every other row, and take the refused one on once the cause is gone.
 */

const { ctx, app } = testApp();
let ws: Awaited<ReturnType<typeof addWorkspace>>;
let admin: string;
let editor: string;
const stuck = { seconds: 300, blocks: 25 };

beforeAll(async () => {
  ws = await addWorkspace(ctx, 'Failing Hooks Co', ['ADMIN', 'EDITOR']);
  await seedTradingDemo(ctx.deps.db, ws.id);
  admin = await consoleToken(app, ws.people[0]!.email);
  editor = await consoleToken(app, ws.people[1]!.email);
  const events = [
    'transaction.created',
    'transaction.status.updated',
    'transaction.approval_status.updated',
    'transaction.network_records.processing_completed',
  ];
  for (const i of [1, 2]) expect((await jsonCaller(app)(admin, 'POST', '/v1/webhooks', { url: `http://127.0.0.1:9/hook-${i}`, events })).status).toBe(201);
  await ctx.deps.db.execute(sql`create table test_refusals (needle text not null)`);
  await ctx.deps.db.execute(
    sql.raw(`
    create function test_refuse_notification() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from test_refusals r where strpos(new.body, r.needle) > 0) then
        raise exception 'notification refused by the test trigger';
      end if;
      return new;
    end $$`),
  );
  await ctx.deps.db.execute(
    sql`create trigger test_refuse_notification before insert on webhook_notifications for each row execute function test_refuse_notification()`,
  );
});

const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => jsonCaller(app)<T>(editor, method, path, body);
const refuse = (needle: string) => ctx.deps.db.execute(sql`insert into test_refusals (needle) values (${needle})`);
const allow = () => ctx.deps.db.execute(sql`delete from test_refusals`);
const logged = (message: string) => ctx.logs.lines.filter((l) => (JSON.parse(l) as { msg: string }).msg === message);

describe('a notification that cannot be written', () => {
  it('fails only its transfer’s step: logged once, retried with a growing delay, the other transfers complete', async () => {
    const usdc = (amount: string) => ({ assetId: 'USDC', source: { type: 'VAULT_ACCOUNT', id: '1' }, destination: { type: 'VAULT_ACCOUNT', id: '0' }, amount });
    // The refused transfer is the first due, so a queue that stopped at it would move nothing.
    const refused = await call<{ id: string }>('POST', '/v1/transactions', usdc('1'));
    const others = await Promise.all([
      call<{ id: string }>('POST', '/v1/transactions', usdc('2')),
      call<{ id: string }>('POST', '/v1/transactions', usdc('3')),
    ]);
    expect([refused, ...others].map((r) => r.status)).toEqual([200, 200, 200]);
    await refuse(refused.body.id);

    const failures = new StepFailures(ctx.deps.logger, 'transaction engine step failed');
    const status = async (id: string) => (await call<{ status: string }>('GET', `/v1/transactions/${id}`)).body.status;
    const dueOf = async (id: string) =>
      (await ctx.deps.db.select({ at: transactions.nextStepAt }).from(transactions).where(eq(transactions.id, id)))[0]!.at!.getTime();
    let t = Date.now() + TX_STEP_MS;
    const delays: number[] = [];
    for (let i = 0; i < 14; i += 1) {
      const due = await dueOf(refused.body.id);
      await runTransactions(ctx.deps.db, new Date(t), stuck, 200, failures);
      // Each time its step was tried, it was set aside for longer than the time before.
      if (due <= t) delays.push((await dueOf(refused.body.id)) - t);
      t += TX_STEP_MS;
    }
    expect(delays.slice(0, 3)).toEqual([RETRY_BASE_MS, 2 * RETRY_BASE_MS, 4 * RETRY_BASE_MS]);
    expect(await Promise.all(others.map((o) => status(o.body.id)))).toEqual(['COMPLETED', 'COMPLETED']);
    expect(await status(refused.body.id)).toBe('SUBMITTED');
    const lines = logged('transaction engine step failed');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ id: refused.body.id, err: { message: 'notification refused by the test trigger' } });
    // The query's parameters (the row's contents) stay out of the log.
    expect(lines[0]).not.toContain('"params"');

    await allow();
    for (let i = 0; i < 20 && (await status(refused.body.id)) !== 'COMPLETED'; i += 1) {
      t += 8 * RETRY_BASE_MS;
      await runTransactions(ctx.deps.db, new Date(t), stuck, 200, failures);
    }
    expect(await status(refused.body.id)).toBe('COMPLETED');
    expect(logged('transaction engine step failed')).toHaveLength(1);
    expect(logged('transaction engine step failed: the cause has passed')).toHaveLength(1);
  });

  it('fails only its order’s settlement, which rolls back whole; the other order completes, and the refused one later, paid once', async () => {
    const harbor = (amount: string) => ({
      via: { type: 'PROVIDER', providerId: 'HARBOR' },
      executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: amount, baseAssetId: 'ETH', quoteAssetId: 'USDT' },
      settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
    });
    const before = plain(await vaults.balanceOf(ctx.deps.db, ws.id, '0', 'USDT'));
    const refused = await call<{ id: string }>('POST', '/v1/trading/orders', harbor('1'));
    const other = await call<{ id: string }>('POST', '/v1/trading/orders', harbor('2'));
    expect([refused.status, other.status]).toEqual([202, 202]);
    await refuse(refused.body.id);

    const failures = new StepFailures(ctx.deps.logger, 'order engine step failed');
    const order = async (id: string) => (await call<{ status: string; receipt?: { amount: string } }>('GET', `/v1/trading/orders/${id}`)).body;
    let t = Date.now();
    for (let i = 0; i < 12; i += 1) {
      t += 1_000;
      await runOrders(ctx.deps.db, new Date(t), 100, failures);
    }
    const done = await order(other.body.id);
    expect(done.status).toBe('COMPLETED');
    expect((await order(refused.body.id)).status).toBe('PROCESSING');
    // Only the completed order's proceeds arrived: the refused settlement moved nothing.
    expect(plain(await vaults.balanceOf(ctx.deps.db, ws.id, '0', 'USDT'))).toBe(plain(new Dec(before).add(done.receipt!.amount)));
    expect(logged('order engine step failed')).toHaveLength(1);

    await allow();
    for (let i = 0; i < 20 && (await order(refused.body.id)).status !== 'COMPLETED'; i += 1) {
      t += 8 * RETRY_BASE_MS;
      await runOrders(ctx.deps.db, new Date(t), 100, failures);
    }
    const late = await order(refused.body.id);
    expect(late.status).toBe('COMPLETED');
    expect(plain(await vaults.balanceOf(ctx.deps.db, ws.id, '0', 'USDT'))).toBe(plain(new Dec(before).add(done.receipt!.amount).add(late.receipt!.amount)));
    expect(logged('order engine step failed')).toHaveLength(1);
    expect(await ctx.deps.db.select().from(tradingOrders).where(eq(tradingOrders.status, 'PROCESSING'))).toEqual([]);
  });
});

describe('the poller', () => {
  it('logs a round that keeps failing for the same cause once, a new cause again, and the recovery', async () => {
    let rounds = 0;
    let cause = 'the database is away';
    let healthy = false;
    let reached: () => void = () => undefined;
    const target = { rounds: 0 };
    const step = async () => {
      rounds += 1;
      if (rounds >= target.rounds) reached();
      if (!healthy) throw new Error(cause);
    };
    const until = (n: number) =>
      new Promise<void>((resolve) => {
        target.rounds = rounds + n;
        reached = resolve;
      });
    // Nothing due after a round: the worker sleeps for its safety poll, here a millisecond.
    const poller = startPoller('test worker', async () => (await step(), undefined), ctx.deps.logger, {
      notices: ctx.database.notices,
      channel: CHANNELS.transactions,
      safetyMs: 1,
      busyMs: 1,
      now: () => new Date(),
    });
    await until(6);
    cause = 'another cause';
    await until(6);
    healthy = true;
    await until(3);
    await poller.stop();
    const failed = logged('test worker round failed').map((l) => (JSON.parse(l) as { err: { message: string } }).err.message);
    expect(failed).toEqual(['the database is away', 'another cause']);
    // The first cause passed when the second took its place, the second when a round succeeded.
    expect(logged('test worker round failed: the cause has passed')).toHaveLength(2);
  });
});
