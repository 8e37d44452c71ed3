import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeSummary } from '../../../contract/home';
import type { TransactionDetails } from '../../../contract/transactions';
import { addApiUser, addWorkspace, buildApp, consoleToken, createTestContext, jsonCaller, signedHeaders, type TestContext } from '../../test/harness';
import { seedComplianceDemo } from '../compliance/demo';
import { seedTradingDemo } from '../trading/demo';
import { transactions } from '../transactions/schema';
import { addVaultAccount, setBalance } from '../vault/store';
import { webhookNotifications } from '../webhooks/schema';
import { insertWebhook } from '../webhooks/store';
import { priceBalances } from './handlers';

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let call: ReturnType<typeof jsonCaller>;
let ws: Awaited<ReturnType<typeof addWorkspace>>;
/** Tokens of the busy workspace's people, by role. */
const tokens: Record<string, string> = {};
let other: string;
/** Busy Co's transfers in CONFIRMING: past the limit on EVM (stuck), past it on UTXO, and recent. */
const confirming = { stuck: '', utxo: '', fresh: '' };

const ROLES = ['OWNER', 'ADMIN', 'AUDITOR', 'EDITOR', 'VIEWER'] as const;
const STUCK_SECONDS = 300;

async function addWebhookWithFailures(workspaceId: string, url: string, failed: number, completed = 1) {
  const now = ctx.deps.now();
  const webhook = await insertWebhook(ctx.deps.db, {
    id: randomUUID(),
    workspaceId,
    url,
    description: null,
    events: [],
    status: 'ENABLED',
    createdAt: now,
    updatedAt: now,
  });
  const statuses = [...Array<string>(failed).fill('FAILED'), ...Array<string>(completed).fill('COMPLETED')];
  await ctx.deps.db.insert(webhookNotifications).values(
    statuses.map((status) => ({
      id: randomUUID(),
      workspaceId,
      webhookId: webhook.id,
      eventType: 'transaction.created',
      body: '{}',
      status,
      createdAt: now,
      updatedAt: now,
    })),
  );
  return webhook;
}

/** A transfer in CONFIRMING since `since`, on an EVM chain unless said otherwise. */
async function addConfirming(workspaceId: string, since: Date, protocol = 'EVM') {
  const peer = { type: 'VAULT_ACCOUNT', id: '0' };
  const id = randomUUID();
  await ctx.deps.db.insert(transactions).values({
    id,
    workspaceId,
    status: 'CONFIRMING',
    operation: 'TRANSFER',
    assetId: 'ETH',
    assetType: 'BASE_ASSET',
    protocol,
    source: peer,
    destination: { ...peer, id: '1' },
    sourceAddress: '0x1',
    destinationAddress: '0x2',
    amount: '1',
    feeCurrency: 'ETH',
    confirmationsRequired: 12,
    outcome: 'STUCK',
    createdBy: 'test',
    timeline: [],
    createdAt: since,
    updatedAt: since,
    confirmingSince: since,
  });
  return id;
}

beforeAll(async () => {
  ctx = await createTestContext({ stuckAlert: { seconds: STUCK_SECONDS, blocks: 1_000 } });
  app = buildApp(ctx);
  call = jsonCaller(app);
  ws = await addWorkspace(ctx, 'Busy Co', [...ROLES, 'ADMIN']);
  await seedTradingDemo(ctx.deps.db, ws.id);
  await seedComplianceDemo(ctx.deps.db, ws.id);
  for (const [i, role] of ROLES.entries()) tokens[role] = await consoleToken(app, ws.people[i]!.email);
  tokens.ADMIN2 = await consoleToken(app, ws.people[ROLES.length]!.email);

  // A quorum of two, then a change the first admin raised: it waits for one more admin.
  expect((await call(tokens.ADMIN!, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 2 }, { 'Idempotency-Key': randomUUID() })).status).toBe(202);
  expect((await call(tokens.ADMIN!, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 1 }, { 'Idempotency-Key': randomUUID() })).status).toBe(202);

  await addWebhookWithFailures(ws.id, 'https://hooks.example/one', 1);
  await addWebhookWithFailures(ws.id, 'https://hooks.example/many', 3);
  const now = ctx.deps.now().getTime();
  confirming.stuck = await addConfirming(ws.id, new Date(now - (STUCK_SECONDS + 60) * 1000));
  confirming.utxo = await addConfirming(ws.id, new Date(now - (STUCK_SECONDS + 60) * 1000), 'UTXO');
  confirming.fresh = await addConfirming(ws.id, new Date(now - 10_000));
  const order = await call(
    tokens.EDITOR!,
    'POST',
    '/v1/trading/orders',
    {
      via: { type: 'PROVIDER', providerId: 'HARBOR' },
      executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: '100', baseAssetId: 'XRP', quoteAssetId: 'USDT' },
      settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
    },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(order.status).toBe(202);

  // Another workspace with a little of everything, none of which may show in Busy Co's home.
  const quiet = await addWorkspace(ctx, 'Quiet Co', ['ADMIN']);
  await seedTradingDemo(ctx.deps.db, quiet.id);
  await setBalance(ctx.deps.db, { workspaceId: quiet.id, accountId: '0', assetId: 'BTC', total: '1000' });
  await addWebhookWithFailures(quiet.id, 'https://hooks.example/quiet', 5);
  await addConfirming(quiet.id, new Date(now - (STUCK_SECONDS + 60) * 1000));
  other = await consoleToken(app, quiet.people[0]!.email);
});
afterAll(() => ctx.database.close());

const home = async (token: string) => {
  const res = await call<HomeSummary>(token, 'GET', '/v1/console/home');
  expect(res.status).toBe(200);
  return res.body;
};

describe('GET /v1/console/home', () => {
  it("counts what waits in the caller's workspace", async () => {
    const summary = await home(tokens.ADMIN2!);
    expect(summary.approvals).toEqual({ toDecide: 1 });
    expect(summary.travelRule).toEqual({ pending: 5 });
    expect(summary.webhooks?.failed).toBe(4);
    expect(summary.webhooks?.webhooks.map((w) => [w.url, w.failed])).toEqual([
      ['https://hooks.example/many', 3],
      ['https://hooks.example/one', 1],
    ]);
    // Only the EVM transfer past the limit: the UTXO one is not stuck by the engine's rule, the recent one not yet.
    expect(summary.transactions).toEqual({ stuck: 1, stuckAfterSeconds: STUCK_SECONDS });
    expect(summary.trading).toEqual({ openOrders: 1 });
  });

  it("totals the workspace's balances by asset, exactly, with USD values from the catalogue's prices", async () => {
    const { balances } = await home(tokens.VIEWER!);
    // The demo accounts: Treasury, Trading desk and Cold storage.
    expect(balances?.assets.find((a) => a.assetId === 'ETH')).toEqual({
      assetId: 'ETH',
      symbol: 'ETH',
      total: '290.000000000000000001',
      usdPrice: '3200',
      usdValue: '928000.00',
    });
    expect(balances?.assets.find((a) => a.assetId === 'BTC')).toMatchObject({ total: '93.75', usdValue: '6093750.00' });
    expect(balances?.assets[0]?.assetId).toBe('BTC');
    // 6,093,750 + 928,000.0000000000000032 + 2,650,000 + 1,000,000 + 600,000
    expect(balances?.usdTotal).toBe('11271750.00');
    expect(balances?.unpriced).toBe(0);
  });

  it('leaves out hidden accounts and puts assets without a price last', async () => {
    await addVaultAccount(ctx.deps.db, { workspaceId: ws.id, id: '9', name: 'Hidden', hiddenOnUi: true });
    await setBalance(ctx.deps.db, { workspaceId: ws.id, accountId: '9', assetId: 'BTC', total: '5' });
    await setBalance(ctx.deps.db, { workspaceId: ws.id, accountId: '2', assetId: 'NOT_IN_CATALOGUE', total: '7' });
    const { balances } = await home(tokens.VIEWER!);
    expect(balances?.assets.find((a) => a.assetId === 'BTC')?.total).toBe('93.75');
    expect(balances?.assets.at(-1)).toEqual({ assetId: 'NOT_IN_CATALOGUE', symbol: null, total: '7', usdPrice: null, usdValue: null });
    expect(balances?.unpriced).toBe(1);
    expect(balances?.usdTotal).toBe('11271750.00');
  });

  it('gives each role only the parts it may read', async () => {
    // Only the admins who count for the quorum decide approvals; the requester's own approval is in.
    expect((await home(tokens.ADMIN!)).approvals).toEqual({ toDecide: 0 });
    expect((await home(tokens.OWNER!)).approvals).toEqual({ toDecide: 1 });
    for (const role of ['AUDITOR', 'EDITOR', 'VIEWER']) {
      const summary = await home(tokens[role]!);
      expect(summary.approvals, role).toBeNull();
      // Every other part reads operations open to any role.
      expect(summary.travelRule, role).not.toBeNull();
      expect(summary.balances, role).not.toBeNull();
    }
    // An API user with an admin role never approves (the decision needs a console admin).
    const bot = await addApiUser(ctx, ws.id, 'ADMIN');
    const res = await app.request('/v1/console/home', { headers: await signedHeaders(bot, '/v1/console/home') });
    expect(res.status).toBe(200);
    expect(((await res.json()) as HomeSummary).approvals).toBeNull();
  });

  it("never counts another workspace's rows", async () => {
    const summary = await home(other);
    expect(summary.approvals).toEqual({ toDecide: 0 });
    expect(summary.travelRule).toEqual({ pending: 0 });
    expect(summary.webhooks?.webhooks.map((w) => w.url)).toEqual(['https://hooks.example/quiet']);
    expect(summary.webhooks?.failed).toBe(5);
    expect(summary.transactions?.stuck).toBe(1);
    expect(summary.trading).toEqual({ openOrders: 0 });
    expect(summary.balances?.assets.find((a) => a.assetId === 'BTC')?.total).toBe('1081.25');
  });

  it("leads from the stuck count to exactly the transfers it counts: the list's stuck filter", async () => {
    const ids = async (query: string) => {
      const res = await call<TransactionDetails[]>(tokens.EDITOR!, 'GET', `/v1/transactions?${query}`);
      expect(res.status, query).toBe(200);
      return res.body.map((tx) => tx.id).sort();
    };
    const stuckCount = async () => (await home(tokens.EDITOR!)).transactions!.stuck;
    // Three in CONFIRMING; only the EVM one past the limit is stuck (not the UTXO one, not the recent
    // one, not Quiet Co's stuck one), and the rest are stuck=false.
    expect(await ids('status=CONFIRMING')).toEqual([confirming.stuck, confirming.utxo, confirming.fresh].sort());
    expect(await ids('stuck=true')).toEqual([confirming.stuck]);
    expect(await stuckCount()).toBe(1);
    expect(await ids('status=CONFIRMING&stuck=false')).toEqual([confirming.utxo, confirming.fresh].sort());
    // Once the recent one has been confirming longer than the limit too, both count it, by the same clock.
    ctx.clock.set(ctx.deps.now().getTime() + STUCK_SECONDS * 1000);
    try {
      expect(await ids('stuck=true')).toEqual([confirming.stuck, confirming.fresh].sort());
      expect(await stuckCount()).toBe(2);
    } finally {
      ctx.clock.reset();
    }
    const refused = await call(tokens.EDITOR!, 'GET', '/v1/transactions?stuck=yes');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/stuck must be true or false/);
  });

  it('has no trading parts for a workspace without the trading beta', async () => {
    const plain = await addWorkspace(ctx, 'No Beta Co', ['EDITOR']);
    const summary = await home(await consoleToken(app, plain.people[0]!.email));
    expect(summary.trading).toBeNull();
    expect(summary.balances).toBeNull();
    expect(summary.webhooks).toEqual({ failed: 0, webhooks: [] });
  });

  it('needs a signed-in caller', async () => {
    const res = await app.request('/v1/console/home');
    expect(res.status).toBe(401);
  });
});

describe('priceBalances', () => {
  it('multiplies and adds exactly, rounding only the answer to the cent', () => {
    const priced = priceBalances([
      { assetId: 'A', symbol: 'A', total: '1', usdPrice: '0.004' },
      { assetId: 'B', symbol: 'B', total: '2', usdPrice: '0.002' },
      { assetId: 'C', symbol: 'C', total: '0.000000000000000001', usdPrice: '3000' },
      { assetId: 'D', symbol: null, total: '10', usdPrice: null },
    ]);
    // 0.004 + 0.004 + 0.000000000000003 is 0.008…, a cent; the values rounded first would add up to nothing.
    expect(priced.usdTotal).toBe('0.01');
    expect(priced.assets.map((a) => [a.assetId, a.usdValue])).toEqual([
      ['A', '0.00'],
      ['B', '0.00'],
      ['C', '0.00'],
      ['D', null],
    ]);
    expect(priced.unpriced).toBe(1);
  });
});
