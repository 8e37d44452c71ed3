import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Dec, plain } from '../../../contract/decimal-arithmetic';
import { TRANSACTION_ERRORS, type TransactionDetails, type TransactionWithTimeline } from '../../../contract/transactions';
import { auditEvents } from '../../db/schema';
import { sequenceAll } from '../audit/sequencer';
import { catalogueAssets } from '../catalogue/schema';
import { verifyAuditChain } from '../audit/store';
import { addWorkspace, consoleToken } from '../../test/harness';
import { testApp } from '../../test/test-app';
import { seedTradingDemo } from '../trading/demo';
import { runOnce as runOrders, STEP_MS as ORDER_STEP_MS } from '../trading/engine';
import * as vaults from '../vault/store';
import { webhookNotifications } from '../webhooks/schema';
import { runOnce } from './engine';
import { TX_STEP_MS } from './service';

const { ctx, app, call } = testApp();
let ws: Awaited<ReturnType<typeof addWorkspace>>;
let other: Awaited<ReturnType<typeof addWorkspace>>;
let trader: string;
let viewer: string;
let outsider: string;
const stuck = { seconds: 300, blocks: 25 };

beforeAll(async () => {
  ws = await addWorkspace(ctx, 'Transfers Co', ['EDITOR', 'VIEWER']);
  other = await addWorkspace(ctx, 'Elsewhere Ltd', ['ADMIN']);
  await seedTradingDemo(ctx.deps.db, ws.id);
  await seedTradingDemo(ctx.deps.db, other.id);
  trader = await consoleToken(app, ws.people[0]!.email);
  viewer = await consoleToken(app, ws.people[1]!.email);
  outsider = await consoleToken(app, other.people[0]!.email);
});

const transfer = (body: Record<string, unknown>, token = trader) => call<{ id: string; status: string }>(token, 'POST', '/v1/transactions', body);
const get = (id: string, token = trader) => call<TransactionWithTimeline>(token, 'GET', `/v1/transactions/${id}`);
const balance = async (account: string, asset: string) => plain(await vaults.balanceOf(ctx.deps.db, ws.id, account, asset));
const usdc = (amount: string, extra: Record<string, unknown> = {}) => ({
  assetId: 'USDC',
  source: { type: 'VAULT_ACCOUNT', id: '1' },
  destination: { type: 'VAULT_ACCOUNT', id: '0' },
  amount,
  ...extra,
});

/** Runs the engine step by step on a clock it moves itself, recording each state the transaction passes through. */
async function drive(id: string, steps = 15, from = Date.now()) {
  const seen: TransactionDetails[] = [];
  let t = from;
  for (let i = 0; i < steps; i += 1) {
    t += TX_STEP_MS;
    await runOnce(ctx.deps.db, new Date(t), stuck);
    seen.push((await get(id)).body);
  }
  return { seen, at: t };
}

describe('the transaction lifecycle', () => {
  it('takes a vault-to-vault transfer through every status of the usual path and moves the balance once', async () => {
    const [from, to] = [await balance('1', 'USDC'), await balance('0', 'USDC')];
    const res = await transfer(usdc('1250.5', { note: 'rebalance', externalTxId: 'ext-1' }));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('SUBMITTED');
    const first = (await get(res.body.id)).body;
    expect(first).toMatchObject({
      status: 'SUBMITTED',
      sourceAddress: '',
      externalTxId: 'ext-1',
      note: 'rebalance',
      assetType: 'ERC20',
      feeCurrency: 'ETH',
      operation: 'TRANSFER',
    });
    expect(first.txHash).toBeUndefined();
    expect(first.feeInfo.networkFee).toBe('-1');
    expect(first.destinationAddress).toMatch(/^0x[0-9a-f]{40}$/);

    const { seen } = await drive(res.body.id);
    const done = (await get(res.body.id)).body;
    expect(done.timeline.map((e) => `${e.status}${e.subStatus ? `/${e.subStatus}` : ''}`)).toEqual([
      'SUBMITTED',
      'PENDING_AML_SCREENING',
      'PENDING_AUTHORIZATION',
      'QUEUED',
      'PENDING_SIGNATURE',
      'BROADCASTING',
      'CONFIRMING/PENDING_BLOCKCHAIN_CONFIRMATIONS',
      'CONFIRMING/PENDING_BLOCKCHAIN_CONFIRMATIONS',
      'CONFIRMING/PENDING_BLOCKCHAIN_CONFIRMATIONS',
      'COMPLETED/CONFIRMED',
    ]);
    // The hash appears from BROADCASTING on; the source address and the fee from CONFIRMING on.
    for (const s of seen) {
      const broadcast = ['BROADCASTING', 'CONFIRMING', 'COMPLETED'].includes(s.status);
      expect(s.txHash !== undefined).toBe(broadcast);
      expect(s.sourceAddress !== '').toBe(['CONFIRMING', 'COMPLETED'].includes(s.status));
      if (s.status === 'CONFIRMING') expect(s.feeInfo.networkFee).toBe('0.00042');
    }
    expect(seen.filter((s) => s.status === 'CONFIRMING').map((s) => s.numOfConfirmations)).toEqual([0, 1, 2]);
    expect(done.numOfConfirmations).toBe(3);
    expect(done.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(done.blockInfo.blockHeight).toMatch(/^\d+$/);
    expect(done.signedBy).toEqual([ws.people[0]!.id]);
    expect(await balance('1', 'USDC')).toBe(plain(new Dec(from).sub('1250.5')));
    expect(await balance('0', 'USDC')).toBe(plain(new Dec(to).add('1250.5')));
    await drive(res.body.id, 3);
    expect(await balance('1', 'USDC')).toBe(plain(new Dec(from).sub('1250.5')));
  });

  it.each([
    ['REJECTED_AML_SCREENING', 'REJECTED', 'REJECTED_AML_SCREENING'],
    ['BLOCKED_BY_POLICY', 'BLOCKED', 'BLOCKED_BY_POLICY'],
    ['DROPPED_BY_BLOCKCHAIN', 'FAILED', 'DROPPED_BY_BLOCKCHAIN'],
  ])('simulated outcome %s ends %s with sub-status %s and moves nothing', async (outcome, status, subStatus) => {
    const before = await balance('1', 'USDC');
    const res = await transfer(usdc('10', { simulation: { outcome } }));
    await drive(res.body.id, 12);
    const done = (await get(res.body.id)).body;
    expect([done.status, done.subStatus]).toEqual([status, subStatus]);
    expect(await balance('1', 'USDC')).toBe(before);
    // Dropped after CONFIRMING keeps the source address and hash, as the spec says; the others never had them.
    expect(done.sourceAddress !== '').toBe(outcome === 'DROPPED_BY_BLOCKCHAIN');
    expect(done.txHash !== undefined).toBe(outcome === 'DROPPED_BY_BLOCKCHAIN');
  });

  it('fails with INSUFFICIENT_FUNDS when the source cannot pay', async () => {
    const res = await transfer({
      assetId: 'BTC',
      source: { type: 'VAULT_ACCOUNT', id: '1' },
      destination: { type: 'ONE_TIME_ADDRESS', oneTimeAddress: { address: 'bc1qexampleexampleexampleexample' } },
      amount: '1000',
    });
    await drive(res.body.id, 6);
    const done = (await get(res.body.id)).body;
    expect([done.status, done.subStatus]).toEqual(['FAILED', 'INSUFFICIENT_FUNDS']);
    expect(done.destination).toEqual({ type: 'ONE_TIME_ADDRESS' });
    expect(done.destinationAddress).toBe('bc1qexampleexampleexampleexample');
  });

  it('leaves a transaction where it was when a step rolls back, and the next run continues from there', async () => {
    const res = await transfer(usdc('1'));
    const notificationsBefore = (await ctx.deps.db.select().from(webhookNotifications)).length;
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        await runOnce(tx, new Date(Date.now() + TX_STEP_MS), stuck, 1);
        throw new Error('crash in the middle of a step');
      }),
    ).rejects.toThrow('crash');
    expect((await get(res.body.id)).body.status).toBe('SUBMITTED');
    expect((await ctx.deps.db.select().from(webhookNotifications)).length).toBe(notificationsBefore);
    await drive(res.body.id, 12);
    expect((await get(res.body.id)).body.status).toBe('COMPLETED');
  });
});

it('moves several transfers of one account together, round by round: consecutive nonces, each balance moved once, one that cannot pay fails alone', async () => {
  const before = await balance('1', 'USDC');
  const ids: string[] = [];
  for (const amount of ['1', '2', '3', '4']) ids.push((await transfer(usdc(amount))).body.id);
  const broke = (await transfer(usdc('1000000000'))).body.id;
  const all = [...ids, broke];
  let t = Date.now();
  const seen: string[][] = [];
  for (let round = 0; round < 12; round += 1) {
    t += TX_STEP_MS;
    await runOnce(ctx.deps.db, new Date(t), stuck);
    seen.push(await Promise.all(all.map(async (id) => (await get(id)).body.status)));
  }
  // Submitted together, they are due together, and each round moves every one of them a step.
  for (const statuses of seen.slice(0, 3)) expect(new Set(statuses).size).toBe(1);
  const done = await Promise.all(ids.map(async (id) => (await get(id)).body));
  expect(done.map((d) => d.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED']);
  expect([(await get(broke)).body.status, (await get(broke)).body.subStatus]).toEqual(['FAILED', 'INSUFFICIENT_FUNDS']);
  // Signed in the same round, yet each has its own nonce, one after the other.
  const nonces = done.map((d) => Number(d.nonce)).sort((a, b) => a - b);
  expect(nonces.every((n, i) => i === 0 || n === nonces[i - 1]! + 1)).toBe(true);
  expect(await balance('1', 'USDC')).toBe(plain(new Dec(before).minus('10')));
});

describe('submitting a transfer', () => {
  it.each([
    [{ assetId: 'NOPE' }, 400, 1504, 'assetId NOPE'],
    [{ source: { type: 'VAULT_ACCOUNT', id: '99' } }, 400, 11001, 'source.id 99'],
    [{ destination: { type: 'VAULT_ACCOUNT', id: '99' } }, 400, 11001, 'destination.id 99'],
    [{ destination: { type: 'VAULT_ACCOUNT', id: '1' } }, 400, 400, 'destination must differ'],
    [{ amount: '0' }, 400, 400, 'amount'],
    [{ amount: '1e5' }, 400, 400, 'amount'],
    [{ amount: 5 }, 400, 400, 'amount'],
    [{ operation: 'MINT' }, 400, 400, 'operation'],
    [{ simulation: { outcome: 'EXPLODE' } }, 400, 400, 'simulation.outcome'],
    [{ surprise: true }, 400, 400, 'surprise'],
    [{ destination: { type: 'ONE_TIME_ADDRESS', oneTimeAddress: { address: 'nonsense' } } }, 400, 1439, 'destination.oneTimeAddress.address'],
    [{ destination: { type: 'ONE_TIME_ADDRESS', oneTimeAddress: { address: '0x8ba1f109551bd432803012645Ac136ddd64DBA72' } } }, 400, 1439, 'checksum'],
  ])('refuses %j with %i (code %i) naming the field', async (change, status, code, words) => {
    const res = await transfer({ ...usdc('1'), ...change });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toContain(words);
  });

  it('refuses a second transaction with the same externalTxId', async () => {
    expect((await transfer(usdc('1', { externalTxId: 'dup-1' }))).status).toBe(200);
    const again = await transfer(usdc('1', { externalTxId: 'dup-1' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('dup-1');
  });

  it('takes the asset by its uuid as by its legacy id, and refuses an asset or account the workspace cannot see', async () => {
    const [asset] = await ctx.deps.db
      .select()
      .from(catalogueAssets)
      .where(and(eq(catalogueAssets.legacyId, 'USDC'), isNull(catalogueAssets.workspaceId)));
    const byUuid = await transfer(usdc('1', { assetId: asset!.id }));
    expect(byUuid.status).toBe(200);
    expect((await get(byUuid.body.id)).body).toMatchObject({ assetId: 'USDC', source: { name: 'Trading desk' } });
    const unknown = await transfer(usdc('1', { assetId: 'NO_SUCH_COIN' }));
    expect([unknown.status, unknown.body.code]).toEqual([400, TRANSACTION_ERRORS.unknownAsset]);
    // An account id that only the other workspace has.
    await vaults.addVaultAccount(ctx.deps.db, { workspaceId: other.id, id: 'elsewhere-only', name: 'Elsewhere vault' });
    const foreign = await transfer(usdc('1', { destination: { type: 'VAULT_ACCOUNT', id: 'elsewhere-only' } }));
    expect([foreign.status, foreign.body.code, foreign.body.message]).toEqual([
      400,
      TRANSACTION_ERRORS.unknownAccount,
      'destination.id elsewhere-only is not a vault account of this workspace',
    ]);
  });

  it('is refused to a VIEWER', async () => {
    const res = await transfer(usdc('1'), viewer);
    expect(res.status).toBe(403);
  });
});

describe('transfers submitted together', () => {
  /** Twelve transfers at once, each with its own key, amount and external id (so an answer given to the wrong request shows). */
  async function submitTogether(externalIdOf: (key: string, i: number) => string) {
    const keys = Array.from({ length: 12 }, () => randomUUID());
    const externalIds = keys.map(externalIdOf);
    const bodies = keys.map((_, i) => usdc(`${i + 1}.5`, { externalTxId: externalIds[i] }));
    const send = () => Promise.all(keys.map((key, i) => call<{ id: string }>(trader, 'POST', '/v1/transactions', bodies[i], { 'Idempotency-Key': key })));
    const sent = await send();
    for (const [i, r] of sent.entries()) {
      if (r.status !== 200) continue;
      const tx = (await get(r.body.id)).body;
      expect([String(tx.amount), tx.externalTxId, tx.status]).toEqual([`${i + 1}.5`, externalIds[i], 'SUBMITTED']);
    }
    const again = await send();
    expect(again.map((r) => [r.status, r.body.id, r.headers.get('Idempotent-Replayed')])).toEqual(sent.map((r) => [r.status, r.body.id, 'true']));
    // One Submitted event for each transfer made, on an intact chain once sequenced.
    await sequenceAll(ctx.deps.db);
    const made = new Set(sent.filter((r) => r.status === 200).map((r) => r.body.id));
    const events = await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws.id));
    expect(events.filter((e) => e.event === 'Submitted' && made.has((e.detail as { txId: string }).txId))).toHaveLength(made.size);
    expect(await verifyAuditChain(ctx.deps.db, ws.id, 0, Date.now() + 60_000)).toMatchObject({ verified: true, firstBrokenEventId: null });
    return sent;
  }

  it('are committed together, each answered with its own transaction, each key replayed', async () => {
    const sent = await submitTogether((key) => `ext-${key}`);
    expect(sent.map((r) => r.status)).toEqual(Array(12).fill(200));
  });

  it('fail only the one whose external id is taken, or repeated among them', async () => {
    const taken = `ext-${randomUUID()}`;
    expect((await transfer(usdc('1', { externalTxId: taken }))).status).toBe(200);
    const repeated = `ext-${randomUUID()}`;
    const sent = await submitTogether((key, i) => (i === 5 ? taken : i === 8 || i === 9 ? repeated : `ext-${key}`));
    expect(sent[5]!.status).toBe(409);
    expect(sent[5]!.body.code).toBe(TRANSACTION_ERRORS.externalTxIdTaken);
    // Of the two that share an id, exactly one is made.
    expect([sent[8]!.status, sent[9]!.status].sort()).toEqual([200, 409]);
    expect(sent.filter((r) => r.status === 200)).toHaveLength(10);
  });
});

describe('listing transactions', () => {
  it('answers a bare array with a next-page header that continues the same query, and filters', async () => {
    const first = await call<TransactionDetails[]>(trader, 'GET', '/v1/transactions?limit=2&assets=USDC');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    const nextUrl = first.headers.get('next-page');
    expect(nextUrl).toContain('next=');
    const url = new URL(nextUrl!);
    const second = await call<TransactionDetails[]>(trader, 'GET', `${url.pathname}${url.search}`);
    expect(second.body.every((t) => t.assetId === 'USDC')).toBe(true);
    expect(second.body.map((t) => t.id)).not.toContain(first.body[0]!.id);
    expect(first.body[0]!.createdAt).toBeGreaterThanOrEqual(first.body[1]!.createdAt);

    const failed = await call<TransactionDetails[]>(trader, 'GET', '/v1/transactions?status=FAILED,REJECTED');
    expect(failed.body.length).toBeGreaterThan(0);
    expect(failed.body.every((t) => t.status === 'FAILED' || t.status === 'REJECTED')).toBe(true);
    const bySource = await call<TransactionDetails[]>(trader, 'GET', '/v1/transactions?sourceType=VAULT_ACCOUNT&sourceId=1&destType=ONE_TIME_ADDRESS');
    expect(bySource.body.length).toBe(1);
  });

  it.each(['DESC', 'ASC'])('walks forward with next-page and back with prev-page to the same pages (%s)', async (sort) => {
    const everything = (await call<TransactionDetails[]>(trader, 'GET', `/v1/transactions?limit=500&sort=${sort}`)).body.map((t) => t.id);
    expect(everything.length).toBeGreaterThan(4);
    const follow = async (url: string | null) => {
      const u = new URL(url!);
      return call<TransactionDetails[]>(trader, 'GET', `${u.pathname}${u.search}`);
    };
    const pages: string[][] = [];
    let page = await call<TransactionDetails[]>(trader, 'GET', `/v1/transactions?limit=2&sort=${sort}`);
    expect(page.headers.get('prev-page')).toBeNull();
    for (;;) {
      pages.push(page.body.map((t) => t.id));
      if (!page.headers.get('next-page')) break;
      page = await follow(page.headers.get('next-page'));
      expect(new URL(page.headers.get('prev-page')!).searchParams.get('next')).toBeNull();
    }
    expect(pages.flat()).toEqual(everything);
    // Back from the last page, page by page, to the first, which has no prev-page.
    for (let i = pages.length - 2; i >= 0; i--) {
      page = await follow(page.headers.get('prev-page'));
      expect(page.body.map((t) => t.id)).toEqual(pages[i]);
      expect(page.headers.get('next-page')).not.toBeNull();
    }
    expect(page.headers.get('prev-page')).toBeNull();
    expect((await call(trader, 'GET', `/v1/transactions?limit=2&next=x.y&prev=x.y`)).body).toMatchObject({ message: expect.stringContaining('not both') });
  });

  it('refuses bad parameters and forged or foreign cursors', async () => {
    expect((await call(trader, 'GET', '/v1/transactions?limit=501')).body.message).toContain('limit');
    expect((await call(trader, 'GET', '/v1/transactions?status=DONE')).body.message).toContain('status');
    expect((await call(trader, 'GET', '/v1/transactions?next=abc.def')).status).toBe(400);
    const page = await call(trader, 'GET', '/v1/transactions?limit=1');
    const cursor = new URL(page.headers.get('next-page')!).searchParams.get('next')!;
    expect((await call(trader, 'GET', `/v1/transactions?limit=1&status=FAILED&next=${cursor}`)).status).toBe(400);
    expect((await call(outsider, 'GET', `/v1/transactions?limit=1&next=${cursor}`)).status).toBe(400);
  });

  it('answers 404 for an id that is not one of ours, whatever its form', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) expect((await get(id)).status).toBe(404);
    expect((await call<TransactionDetails[]>(trader, 'GET', '/v1/transactions?orderId=nope')).body).toEqual([]);
  });

  it('names the vault accounts at either end', async () => {
    const res = await transfer(usdc('2'));
    expect((await get(res.body.id)).body).toMatchObject({
      source: { type: 'VAULT_ACCOUNT', id: '1', name: 'Trading desk' },
      destination: { type: 'VAULT_ACCOUNT', id: '0', name: 'Treasury' },
    });
  });

  it('lists a vault account’s latest transactions, sent and received, newest first', async () => {
    const list = (token: string, path: string) => call<TransactionDetails[]>(token, 'GET', path);
    const sent = (await list(trader, '/v1/transactions?sourceType=VAULT_ACCOUNT&sourceId=0&limit=500')).body;
    const received = (await list(trader, '/v1/transactions?destType=VAULT_ACCOUNT&destId=0&limit=500')).body;
    const either = new Set([...sent, ...received].map((tx) => tx.id));
    const res = await list(trader, '/v1/vault/accounts/0/transactions?limit=500');
    expect(res.status).toBe(200);
    expect(received.length).toBeGreaterThan(0);
    expect(new Set(res.body.map((tx) => tx.id))).toEqual(either);
    expect(res.body.length).toBe(either.size);
    const times = res.body.map((tx) => tx.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The limit takes the newest; the default is the list's.
    expect((await list(trader, '/v1/vault/accounts/0/transactions?limit=2')).body).toEqual(res.body.slice(0, 2));
    expect((await list(trader, '/v1/vault/accounts/0/transactions?limit=0')).status).toBe(400);
    // Another workspace's account 0 is its own: none of these; an id that is no account is a 404.
    const theirs = (await list(outsider, '/v1/vault/accounts/0/transactions')).body;
    expect(theirs.filter((tx) => either.has(tx.id))).toEqual([]);
    expect((await list(trader, '/v1/vault/accounts/no-such-account/transactions')).status).toBe(404);
  });

  it('keeps workspaces apart', async () => {
    const mine = await call<TransactionDetails[]>(trader, 'GET', '/v1/transactions');
    expect((await call<TransactionDetails[]>(outsider, 'GET', '/v1/transactions')).body).toEqual([]);
    expect((await get(mine.body[0]!.id, outsider)).status).toBe(404);
  });
});

describe('orders create transactions', () => {
  it('a DVP order settles with a pay leg and a delivery whose hash is the receipt', async () => {
    const order = await call<{ id: string }>(trader, 'POST', '/v1/trading/orders', {
      via: { type: 'PROVIDER', providerId: 'HARBOR' },
      executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: '1', baseAssetId: 'ETH', quoteAssetId: 'USDT' },
      settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
    });
    expect(order.status).toBe(202);
    let t = Date.now();
    for (let i = 0; i < 10; i += 1) {
      t += Math.max(ORDER_STEP_MS, 3_000);
      await runOrders(ctx.deps.db, new Date(t));
    }
    const done = await call<{ status: string; receipt: { txHash: string } }>(trader, 'GET', `/v1/trading/orders/${order.body.id}`);
    expect(done.body.status).toBe('COMPLETED');
    const txs = await call<TransactionDetails[]>(trader, 'GET', `/v1/transactions?orderId=${order.body.id}`);
    expect(txs.body).toHaveLength(1);
    const delivery = txs.body[0]!;
    expect(delivery).toMatchObject({
      orderId: order.body.id,
      assetId: 'USDT',
      source: { type: 'EXCHANGE_ACCOUNT', id: 'HARBOR' },
      destination: { type: 'VAULT_ACCOUNT', id: '0' },
    });
    const before = await balance('0', 'USDT');
    const { at } = await drive(delivery.id, 12, t);
    expect(at).toBeGreaterThan(t);
    const settled = (await get(delivery.id)).body;
    expect(settled.status).toBe('COMPLETED');
    expect(settled.txHash).toBe(done.body.receipt.txHash);
    // The order moved the balance; the transaction only reports it.
    expect(await balance('0', 'USDT')).toBe(before);
  });
});
