import { beforeAll, describe, expect, it } from 'vitest';
import { Dec, plain } from '../../../contract/decimal-arithmetic';
import type { OrderDetails, OrdersResponse, QuotesResponse } from '../../../contract/trading';
import { BERLIN_ADDRESS } from '../../test/fixtures';
import { addWorkspace, consoleToken } from '../../test/harness';
import { testApp } from '../../test/test-app';
import { seedTradingDemo } from './demo';
import { DEPOSIT_SEEN_MS, runOnce, STEP_MS } from './engine';
import * as store from './store';
import * as vaults from '../vault/store';

const { ctx, app, call } = testApp();
let ws: Awaited<ReturnType<typeof addWorkspace>>;
let trader: string;
let viewer: string;

beforeAll(async () => {
  ws = await addWorkspace(ctx, 'Trading Co', ['EDITOR', 'VIEWER', 'ADMIN']);
  await seedTradingDemo(ctx.deps.db, ws.id);
  trader = await consoleToken(app, ws.people[0]!.email);
  viewer = await consoleToken(app, ws.people[1]!.email);
});

const individual = (ref: string, relation: 'FirstParty' | 'ThirdParty' = 'FirstParty') => ({
  entityType: 'INDIVIDUAL' as const,
  externalReferenceId: ref,
  participantRelationshipType: relation,
  fullName: { firstName: 'Ada', lastName: 'Lovelace' },
  dateOfBirth: '1985-12-10',
  email: 'ada@example.com',
  phone: '+4930123456',
  postalAddress: BERLIN_ADDRESS,
});
const business = {
  entityType: 'BUSINESS' as const,
  externalReferenceId: 'biz-1',
  participantRelationshipType: 'ThirdParty' as const,
  businessName: 'Acme GmbH',
  registrationNumber: 'HRB 12345',
  postalAddress: BERLIN_ADDRESS,
  email: 'ops@acme.example',
};

/** A complete Atlas order (full KYC and source of funds): MARKET BUY 0.5 BTC for USDC, DVP from vault 1 to vault 0. */
const atlasOrder = (over: Record<string, unknown> = {}) => ({
  via: { type: 'PROVIDER_ACCOUNT', providerId: 'ATLAS', accountId: 'atlas-main' },
  executionRequestDetails: {
    type: 'MARKET',
    side: 'BUY',
    baseAmount: '0.5',
    baseAssetId: 'BTC',
    baseAssetRail: 'BLOCKCHAIN',
    quoteAssetId: 'USDC',
    quoteAssetRail: 'BLOCKCHAIN',
  },
  settlement: { type: 'DVP', sourceAccount: { type: 'VAULT_ACCOUNT', accountId: '1' }, destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
  participantsIdentification: { originator: individual('orig-1'), beneficiary: business },
  sourceOfFunds: { reasonForPayment: 'INVESTMENT' },
  customerInternalReferenceId: 'ref-42',
  note: 'first order',
  ...over,
});
const harborOrder = (over: Record<string, unknown> = {}) => ({
  via: { type: 'PROVIDER', providerId: 'HARBOR' },
  executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: '100', baseAssetId: 'XRP', quoteAssetId: 'USDT' },
  settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
  ...over,
});

const create = (body: unknown, token = trader, key?: string) =>
  call<OrderDetails>(token, 'POST', '/v1/trading/orders', body, key ? { 'Idempotency-Key': key } : {});
const order = (id: string) => call<OrderDetails>(trader, 'GET', `/v1/trading/orders/${id}`);
const balance = async (account: string, asset: string) => plain(await vaults.balanceOf(ctx.deps.db, ws.id, account, asset));

/** Drives the engine with a clock that moves a step at a time; no sleeping. */
async function runEngine(from: Date, rounds = 10) {
  let t = from.getTime();
  for (let i = 0; i < rounds; i += 1) {
    t += Math.max(STEP_MS, DEPOSIT_SEEN_MS);
    await runOnce(ctx.deps.db, new Date(t));
  }
  return new Date(t);
}

describe('beta access', () => {
  it('a workspace without the beta gets 403 naming the account manager on every trading and vault operation', async () => {
    const other = await addWorkspace(ctx, 'No Beta Co', ['ADMIN']);
    const token = await consoleToken(app, other.people[0]!.email);
    for (const [method, path, body] of [
      ['GET', '/v1/trading/providers'],
      ['GET', '/v1/trading/providers/ATLAS'],
      ['GET', '/v1/trading/orders'],
      ['GET', '/v1/trading/orders/00000000-0000-0000-0000-000000000000'],
      ['POST', '/v1/trading/orders', atlasOrder()],
      ['POST', '/v1/trading/quotes', { scope: [{ providerId: 'HARBOR' }], baseAssetId: 'BTC', quoteAssetId: 'USDT', baseAmount: '1', side: 'BUY' }],
      ['GET', '/v1/vault/accounts'],
      ['GET', '/v1/vault/accounts_paged'],
      ['GET', '/v1/vault/accounts/0'],
      ['GET', '/v1/vault/accounts/0/BTC/addresses_paginated'],
    ] as const) {
      const res = await call(token, method, path, body);
      expect(res.status, path).toBe(403);
      expect(res.body.message).toMatch(/account manager/);
    }
  });
});

describe('providers', () => {
  it('lists at least three providers with different manifests, paged by cursor', async () => {
    const res = await call<{
      data: {
        id: string;
        manifest: { order: { settlementTypes: string[] }; requiredFields: { participantsIdentification: string[]; sourceOfFunds: boolean } };
        accountBased: boolean;
        accounts?: unknown[];
      }[];
      total: number;
      next: string | null;
    }>(trader, 'GET', '/v1/trading/providers?pageSize=2');
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(3);
    expect(res.body.data).toHaveLength(2);
    const rest = await call<typeof res.body>(trader, 'GET', `/v1/trading/providers?pageSize=2&pageCursor=${encodeURIComponent(res.body.next!)}`);
    const all = [...res.body.data, ...rest.body.data];
    const atlas = all.find((p) => p.id === 'ATLAS')!;
    expect(atlas.manifest.requiredFields).toEqual({ participantsIdentification: ['originator', 'beneficiary'], sourceOfFunds: true });
    expect(all.find((p) => p.id === 'HARBOR')!.manifest.order.settlementTypes).toEqual(['PREFUNDED']);
    expect(all.find((p) => p.id === 'MERIDIAN')!.accounts).toHaveLength(2);
    expect((await call(trader, 'GET', '/v1/trading/providers/NOPE')).status).toBe(404);
  });
});

describe('POST /trading/orders: validation (400, code 900, naming the field)', () => {
  const cases: [string, unknown, RegExp][] = [
    ['baseAmount 0', atlasOrder({ executionRequestDetails: { ...atlasOrder().executionRequestDetails, baseAmount: '0' } }), /baseAmount.*greater than 0/],
    ['baseAmount negative', atlasOrder({ executionRequestDetails: { ...atlasOrder().executionRequestDetails, baseAmount: '-1' } }), /baseAmount/],
    ['baseAmount exponent', atlasOrder({ executionRequestDetails: { ...atlasOrder().executionRequestDetails, baseAmount: '1e3' } }), /baseAmount/],
    [
      'baseAmount 19 decimals',
      atlasOrder({ executionRequestDetails: { ...atlasOrder().executionRequestDetails, baseAmount: '0.0000000000000000001' } }),
      /baseAmount/,
    ],
    [
      'date of birth not a real date',
      atlasOrder({ participantsIdentification: { originator: { ...individual('o'), dateOfBirth: '1990-02-30' }, beneficiary: business } }),
      /originator\.dateOfBirth/,
    ],
    [
      'date of birth in the future',
      atlasOrder({ participantsIdentification: { originator: { ...individual('o'), dateOfBirth: '2999-01-01' }, beneficiary: business } }),
      /dateOfBirth/,
    ],
    [
      'country',
      atlasOrder({
        participantsIdentification: { originator: { ...individual('o'), postalAddress: { ...BERLIN_ADDRESS, country: 'Germany' } }, beneficiary: business },
      }),
      /postalAddress\.country/,
    ],
    [
      'country lower-case unknown',
      atlasOrder({
        participantsIdentification: { originator: { ...individual('o'), postalAddress: { ...BERLIN_ADDRESS, country: 'XX' } }, beneficiary: business },
      }),
      /country/,
    ],
    [
      'phone',
      atlasOrder({ participantsIdentification: { originator: { ...individual('o'), phone: '030 123456' }, beneficiary: business } }),
      /originator\.phone/,
    ],
    [
      'email',
      atlasOrder({ participantsIdentification: { originator: individual('o'), beneficiary: { ...business, email: 'not-an-email' } } }),
      /beneficiary\.email/,
    ],
    ['note over 512', atlasOrder({ note: 'x'.repeat(513) }), /note/],
    ['subProviders in via', atlasOrder({ via: { type: 'PROVIDER', providerId: 'HARBOR', subProviders: [] } }), /subProviders/],
    ['unknown execution type', atlasOrder({ executionRequestDetails: { ...atlasOrder().executionRequestDetails, type: 'TWAP' } }), /type/],
    [
      'LIMIT without limitPrice',
      atlasOrder({ executionRequestDetails: { ...atlasOrder().executionRequestDetails, type: 'LIMIT', timeInForce: 'FOK' } }),
      /limitPrice/,
    ],
    ['QUOTE without quoteId', atlasOrder({ executionRequestDetails: { ...atlasOrder().executionRequestDetails, type: 'QUOTE' } }), /quoteId/],
    ['DVP without source', atlasOrder({ settlement: { type: 'DVP', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } } }), /sourceAccount/],
    ['one-time address without address', atlasOrder({ settlement: { type: 'PREFUNDED', destinationAccount: { type: 'ONE_TIME_ADDRESS' } } }), /address/],
    [
      'business without registrationNumber',
      atlasOrder({ participantsIdentification: { originator: individual('o'), beneficiary: { ...business, registrationNumber: undefined } } }),
      /registrationNumber/,
    ],
    ['unknown reasonForPayment', atlasOrder({ sourceOfFunds: { reasonForPayment: 'LOTTERY' } }), /reasonForPayment/],
  ];
  it.each(cases)('%s', async (_name, body, field) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(900);
    expect(res.body.message).toMatch(field);
  });

  it('enforces the provider manifest with code 900', async () => {
    const expectations: [unknown, RegExp][] = [
      [
        atlasOrder({ participantsIdentification: { originator: individual('o') } }),
        /participantsIdentification\.beneficiary: Atlas Prime Brokerage asks for the beneficiary to be identified/,
      ],
      [
        atlasOrder({ participantsIdentification: undefined }),
        /participantsIdentification\.originator: Atlas Prime Brokerage asks for the originator to be identified/,
      ],
      [atlasOrder({ sourceOfFunds: undefined }), /sourceOfFunds: Atlas Prime Brokerage asks for the source of funds/],
      [harborOrder({ settlement: atlasOrder().settlement }), /settlement\.type: Harbor OTC does not settle delivery versus payment, only prefunded/],
      [
        harborOrder({
          executionRequestDetails: {
            type: 'LIMIT',
            timeInForce: 'FOK',
            limitPrice: '1',
            side: 'BUY',
            baseAmount: '1',
            baseAssetId: 'BTC',
            quoteAssetId: 'USDT',
          },
        }),
        /executionRequestDetails\.type: Harbor OTC does not take limit orders, only market or quote/,
      ],
      [harborOrder({ via: { type: 'PROVIDER_ACCOUNT', providerId: 'HARBOR', accountId: 'x' } }), /via\.type must be PROVIDER/],
      [
        atlasOrder({ via: { type: 'PROVIDER_ACCOUNT', providerId: 'ATLAS', accountId: 'nope' } }),
        /via\.accountId: nope is not one of your accounts at Atlas Prime Brokerage/,
      ],
      [atlasOrder({ via: { type: 'PROVIDER_ACCOUNT', providerId: 'NORTHWIND', accountId: 'x' } }), /not connected/],
      [atlasOrder({ via: { type: 'PROVIDER_ACCOUNT', providerId: 'GHOST', accountId: 'x' } }), /via\.providerId GHOST/],
      [atlasOrder({ executionRequestDetails: { ...atlasOrder().executionRequestDetails, baseAssetId: 'XRP' } }), /does not trade XRP\/USDC/],
      [atlasOrder({ executionRequestDetails: { ...atlasOrder().executionRequestDetails, quoteAssetId: 'NOT_AN_ASSET' } }), /quoteAssetId NOT_AN_ASSET/],
      [
        atlasOrder({
          settlement: { type: 'DVP', sourceAccount: { type: 'VAULT_ACCOUNT', accountId: '99' }, destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
        }),
        /settlement\.sourceAccount\.accountId 99/,
      ],
    ];
    for (const [body, message] of expectations) {
      const res = await create(body);
      expect(res.status, String(message)).toBe(400);
      expect(res.body.code).toBe(900);
      expect(res.body.message).toMatch(message);
    }
  });

  it('a VIEWER may not create an order (403, code -8); nothing is created', async () => {
    const before = await call<OrdersResponse>(trader, 'GET', '/v1/trading/orders');
    const res = await create(atlasOrder(), viewer);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(-8);
    expect((await call<OrdersResponse>(trader, 'GET', '/v1/trading/orders')).body.total).toBe(before.body.total);
  });
});

describe('the order engine', () => {
  it('takes a DVP MARKET BUY to COMPLETED, moves the balances once with exact decimals, and audits each status', async () => {
    const at = new Date(Date.now() + 1000);
    const [usdcBefore, btcBefore] = [await balance('1', 'USDC'), await balance('0', 'BTC')];
    const res = await create(atlasOrder(), trader, 'dvp-1');
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      status: 'CREATED',
      via: { type: 'PROVIDER_ACCOUNT', providerId: 'ATLAS', accountId: 'atlas-main' },
      executionResponseDetails: {
        type: 'MARKET',
        side: 'BUY',
        baseAmount: '0.5',
        baseAssetId: 'BTC',
        quoteAssetId: 'USDC',
        quoteAmount: '32500',
        price: '65000',
      },
      generalFees: [{ feeType: 'ORDER', assetId: 'USDC', amountType: 'FIXED', amount: '81.25' }],
      executionSteps: [
        { type: 'EXECUTE', status: 'WAITING', fee: { feeType: 'NETWORK', amount: '1.5' } },
        { type: 'SETTLEMENT', status: 'WAITING' },
      ],
      customerInternalReferenceId: 'ref-42',
      note: 'first order',
      createdBy: ws.people[0]!.id,
    });
    // The same Idempotency-Key answers the same order, and creates no second one.
    const again = await create(atlasOrder(), trader, 'dvp-1');
    expect(again.body.id).toBe(res.body.id);

    await runOnce(ctx.deps.db, at);
    expect((await order(res.body.id)).body.status).toBe('PROCESSING');
    await runEngine(at);
    const done = (await order(res.body.id)).body;
    expect(done.status).toBe('COMPLETED');
    expect(done.executionSteps.every((s) => s.status === 'COMPLETED')).toBe(true);
    // The receipt is the delivery transaction's hash: a Bitcoin hash (no 0x) for a BTC delivery.
    expect(done.receipt).toEqual({ type: 'BLOCKCHAIN', txHash: expect.stringMatching(/^[0-9a-f]{64}$/), amount: '0.5' });
    expect(done.timeline.map((t) => t.status)).toEqual(['CREATED', 'PROCESSING', 'COMPLETED']);
    // 32500 + 81.25 order fee + 1.5 network fee left vault 1; 0.5 BTC arrived in vault 0, once.
    expect(await balance('1', 'USDC')).toBe(plain(new Dec(usdcBefore).sub('32582.75')));
    expect(await balance('0', 'BTC')).toBe('13');
    expect(btcBefore).toBe('12.5');
    await runEngine(at, 3);
    expect(await balance('0', 'BTC')).toBe('13');

    const audit = await call<{ data: { event: string; detail: { orderId?: string; before?: unknown; after?: unknown } }[] }>(
      await consoleToken(app, ws.people[2]!.email),
      'GET',
      `/v1/management/audit_logs?category=Trading&startTime=${Date.now() - 3_600_000}&endTime=${Date.UTC(2031, 0, 1)}`,
    );
    const events = audit.body.data
      .filter((e) => e.detail.orderId === res.body.id)
      .map((e) => e.event)
      .reverse();
    expect(events).toEqual(['Created', 'Processing', 'Completed']);
    expect(JSON.stringify(audit.body.data)).not.toContain('Lovelace');
  });

  it('a PREFUNDED order waits in AWAITING_PAYMENT with a blockchain address and tag (XRP), then completes', async () => {
    const at = new Date(Date.now() + 1000);
    const res = await create(harborOrder());
    ctx.clock.reset();
    expect(res.status).toBe(202);
    await runOnce(ctx.deps.db, at);
    const waiting = (await order(res.body.id)).body;
    expect(waiting.status).toBe('AWAITING_PAYMENT');
    expect(waiting.paymentInstructions).toEqual([
      { type: 'BLOCKCHAIN', address: { blockchainAddress: expect.stringMatching(/^r/), tag: expect.stringMatching(/^\d+$/) } },
    ]);
    expect(waiting.expiresAt).toBeDefined();
    const before = await balance('0', 'USDT');
    await runEngine(at);
    const done = (await order(res.body.id)).body;
    expect(done.status).toBe('COMPLETED');
    // 100 XRP × 0.52 = 52 USDT, less the 10 bps order fee (0.052): 51.948 arrive.
    expect(done.receipt?.amount).toBe('51.948');
    expect(await balance('0', 'USDT')).toBe(plain(new Dec(before).add('51.948')));
    expect(done.timeline.map((t) => t.status)).toEqual(['CREATED', 'AWAITING_PAYMENT', 'PROCESSING', 'COMPLETED']);
  });

  it('FAILED with INSUFFICIENT_FUNDS when the source vault cannot pay; nothing moves', async () => {
    const at = new Date(Date.now() + 1000);
    const res = await create(atlasOrder({ executionRequestDetails: { ...atlasOrder().executionRequestDetails, baseAmount: '1000' } }));
    ctx.clock.reset();
    const usdc = await balance('1', 'USDC');
    await runEngine(at);
    const failed = (await order(res.body.id)).body;
    expect(failed).toMatchObject({ status: 'FAILED', failure: { reason: 'INSUFFICIENT_FUNDS' } });
    expect(await balance('1', 'USDC')).toBe(usdc);
  });

  it('a QUOTE order executes at the quoted price; an expired quote fails the order with ORDER_EXPIRED; a used quote is refused', async () => {
    const at = new Date(Date.now() + 1000);
    const quotes = await call<QuotesResponse>(trader, 'POST', '/v1/trading/quotes', {
      scope: [
        { providerId: 'ATLAS', accountId: 'atlas-main' },
        { providerId: 'MERIDIAN', accountId: 'meridian-spot' },
      ],
      baseAssetId: 'ETH',
      quoteAssetId: 'USDC',
      baseAmount: '2',
      side: 'BUY',
    });
    expect(quotes.status).toBe(201);
    expect(quotes.body.quotes).toEqual([
      expect.objectContaining({ quoteAmount: '6400', baseAmount: '2', via: { type: 'PROVIDER_ACCOUNT', providerId: 'ATLAS', accountId: 'atlas-main' } }),
    ]);
    expect(quotes.body.quoteFailures).toEqual([expect.objectContaining({ providerId: 'MERIDIAN' })]);
    const quoteId = quotes.body.quotes[0]!.id;
    const body = atlasOrder({ executionRequestDetails: { type: 'QUOTE', quoteId, side: 'BUY', baseAmount: '2', baseAssetId: 'ETH', quoteAssetId: 'USDC' } });
    const ok = await create(body);
    expect(ok.status).toBe(202);
    expect(ok.body.executionResponseDetails).toMatchObject({ quoteId, quoteAmount: '6400' });
    const reused = await create(body);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/quoteId .* already used/);

    const late = await call<QuotesResponse>(trader, 'POST', '/v1/trading/quotes', {
      scope: [{ providerId: 'ATLAS', accountId: 'atlas-main' }],
      baseAssetId: 'ETH',
      quoteAssetId: 'USDC',
      baseAmount: '1',
      side: 'BUY',
    });
    ctx.clock.set(at.getTime() + 120_000);
    const expired = await create(
      atlasOrder({
        executionRequestDetails: { type: 'QUOTE', quoteId: late.body.quotes[0]!.id, side: 'BUY', baseAmount: '1', baseAssetId: 'ETH', quoteAssetId: 'USDC' },
      }),
    );
    ctx.clock.reset();
    expect(expired.status).toBe(202);
    await runOnce(ctx.deps.db, new Date(at.getTime() + 120_000));
    expect((await order(expired.body.id)).body).toMatchObject({ status: 'FAILED', failure: { reason: 'ORDER_EXPIRED' } });
  });

  it('a LIMIT FOK order fails when the market is worse than the limit, and completes when it is not', async () => {
    const at = new Date(Date.now() + 1000);
    const limit = (limitPrice: string) =>
      create({
        via: { type: 'PROVIDER_ACCOUNT', providerId: 'MERIDIAN', accountId: 'meridian-spot' },
        executionRequestDetails: { type: 'LIMIT', timeInForce: 'FOK', limitPrice, side: 'BUY', baseAmount: '0.01', baseAssetId: 'BTC', quoteAssetId: 'USDC' },
        settlement: { type: 'POST_ORDER' },
        participantsIdentification: { beneficiary: individual('b', 'ThirdParty') },
      });
    const tooLow = await limit('60000');
    const fine = await limit('66000');
    ctx.clock.reset();
    await runEngine(at);
    expect((await order(tooLow.body.id)).body).toMatchObject({ status: 'FAILED', failure: { reason: 'FAILED_BY_PROVIDER' } });
    expect((await order(fine.body.id)).body.status).toBe('COMPLETED');
  });

  it('cancels an order before execution (CANCELED), and refuses to cancel a finished one (409)', async () => {
    const at = new Date(Date.now() + 1000);
    const res = await create(harborOrder());
    ctx.clock.reset();
    await runOnce(ctx.deps.db, at);
    const canceled = await call<OrderDetails>(trader, 'POST', `/v1/trading/orders/${res.body.id}/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('CANCELED');
    await runEngine(at);
    expect((await order(res.body.id)).body.status).toBe('CANCELED');
    expect((await call(trader, 'POST', `/v1/trading/orders/${res.body.id}/cancel`)).status).toBe(409);
  });

  it('handles 18 decimals and very large amounts exactly', async () => {
    const at = new Date(Date.now() + 1000);
    await vaults.setBalance(ctx.deps.db, { workspaceId: ws.id, accountId: '2', assetId: 'USDC', total: '999999999999999999999999999999' });
    const tiny = await create(
      atlasOrder({
        executionRequestDetails: { type: 'MARKET', side: 'BUY', baseAmount: '0.000000000000000001', baseAssetId: 'ETH', quoteAssetId: 'USDC' },
        settlement: { type: 'DVP', sourceAccount: { type: 'VAULT_ACCOUNT', accountId: '2' }, destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '1' } },
      }),
    );
    const huge = await create(
      atlasOrder({
        executionRequestDetails: {
          type: 'MARKET',
          side: 'BUY',
          baseAmount: '123456789012345678901234.123456789012345678',
          baseAssetId: 'SOL',
          quoteAssetId: 'USDC',
        },
        settlement: { type: 'DVP', sourceAccount: { type: 'VAULT_ACCOUNT', accountId: '2' }, destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '1' } },
      }),
    );
    ctx.clock.reset();
    expect(tiny.status).toBe(202);
    // 1e-18 ETH × 3200 rounds up to the smallest USDC unit.
    expect(tiny.body.executionResponseDetails).toMatchObject({ baseAmount: '0.000000000000000001', quoteAmount: '0.000001' });
    // 123456789012345678901234.123456789012345678 × 150, exactly, to 6 places (rounded up).
    expect((huge.body.executionResponseDetails as { quoteAmount: string }).quoteAmount).toBe('18518518351851851835185118.518519');
    const ethBefore = await balance('1', 'ETH');
    await runEngine(at);
    expect((await order(tiny.body.id)).body.status).toBe('COMPLETED');
    expect(ethBefore).toBe('40.000000000000000001');
    expect(await balance('1', 'ETH')).toBe('40.000000000000000002');
    expect(await balance('1', 'SOL')).toBe('123456789012345678901234.123456789012345678');
  });

  it('a step that dies half-way (its transaction rolled back) changes nothing; the next run completes the order and moves the balances once', async () => {
    const at = new Date(Date.now() + 1000);
    const res = await create(
      atlasOrder({ executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: '0.25', baseAssetId: 'BTC', quoteAssetId: 'USDC' } }),
    );
    ctx.clock.reset();
    const [btc, usdc] = [await balance('1', 'BTC'), await balance('0', 'USDC')];
    await runOnce(ctx.deps.db, at);
    await runOnce(ctx.deps.db, new Date(at.getTime() + STEP_MS));
    expect((await order(res.body.id)).body.status).toBe('PROCESSING');
    // A step that dies half-way (here: its transaction rolls back) leaves the order where it was.
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        const row = await store.claimDueOrder(tx, new Date(at.getTime() + 10 * STEP_MS));
        expect(row?.id).toBe(res.body.id);
        await vaults.debit(tx, ws.id, '1', 'BTC', '0.25');
        throw new Error('process killed');
      }),
    ).rejects.toThrow('process killed');
    expect(await balance('1', 'BTC')).toBe(btc);
    await runEngine(new Date(at.getTime() + STEP_MS));
    const done = (await order(res.body.id)).body;
    expect(done.status).toBe('COMPLETED');
    // 0.25 × 65000 = 16250, less 0.25% (40.625) and 1.5 network fee.
    expect(done.receipt?.amount).toBe('16207.875');
    expect(await balance('1', 'BTC')).toBe(plain(new Dec(btc).sub('0.25')));
    expect(await balance('0', 'USDC')).toBe(plain(new Dec(usdc).add('16207.875')));
  });
});

describe('GET /trading/orders', () => {
  it('filters by status, provider, account and time, pages by cursor, and hides other workspaces’ orders', async () => {
    const all = await call<OrdersResponse>(trader, 'GET', '/v1/trading/orders?pageSize=100');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(all.body.data.length);
    const harbor = await call<OrdersResponse>(trader, 'GET', '/v1/trading/orders?providerId=HARBOR');
    expect(harbor.body.data.length).toBeGreaterThan(0);
    expect(harbor.body.data.every((o) => o.via.providerId === 'HARBOR')).toBe(true);
    const completed = await call<OrdersResponse>(trader, 'GET', '/v1/trading/orders?statuses=COMPLETED&statuses=CANCELED&accountId=atlas-main');
    expect(completed.body.data.every((o) => ['COMPLETED', 'CANCELED'].includes(o.status) && o.via.accountId === 'atlas-main')).toBe(true);
    const oldest = all.body.data.at(-1)!;
    const t = Date.parse(oldest.createdAt);
    const window = await call<OrdersResponse>(trader, 'GET', `/v1/trading/orders?startTime=${t}&endTime=${t}`);
    expect(window.body.data.map((o) => o.id)).toEqual([oldest.id]);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page: Awaited<ReturnType<typeof call<OrdersResponse>>> = await call<OrdersResponse>(
        trader,
        'GET',
        `/v1/trading/orders?pageSize=3&order=ASC${cursor ? `&pageCursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.body.data.map((o) => o.id));
      cursor = page.body.next;
    } while (cursor);
    expect(seen).toEqual([...all.body.data].reverse().map((o) => o.id));
    expect((await call(trader, 'GET', '/v1/trading/orders?statuses=DONE')).status).toBe(400);

    const other = await addWorkspace(ctx, 'Other Trading Co', ['ADMIN']);
    await store.setTradingEnabled(ctx.deps.db, other.id, true);
    const stranger = await consoleToken(app, other.people[0]!.email);
    expect((await call(stranger, 'GET', `/v1/trading/orders/${all.body.data[0]!.id}`)).status).toBe(404);
    expect((await call<OrdersResponse>(stranger, 'GET', '/v1/trading/orders')).body.total).toBe(0);
  });
});
