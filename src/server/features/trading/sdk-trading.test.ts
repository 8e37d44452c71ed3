import { Fireblocks } from '@fireblocks/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefundedMarketOrder } from '../../test/fixtures';
import { startSdkServer, type SdkServer } from '../../test/harness';
import { seedTradingDemo } from './demo';

let sdk: SdkServer;
let fireblocks: Fireblocks;

beforeAll(async () => {
  // The real server, with its order engine running, and the trading demo in the API user's workspace.
  sdk = await startSdkServer({ ownerEmail: 'owner@sdk-trading.test', apiUserName: 'Trading bot', role: 'EDITOR', prepare: seedTradingDemo });
  fireblocks = sdk.fireblocks;
});

afterAll(() => sdk?.close());

describe('the official SDK against the trading endpoints', () => {
  it('getTradingProviders reads the providers and their manifests', async () => {
    const res = await fireblocks.tradingBeta.getTradingProviders({ pageSize: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.data.total).toBeGreaterThanOrEqual(3);
    const atlas = res.data.data.find((p) => p.id === 'ATLAS')!;
    expect(atlas.accountBased).toBe(true);
    expect(atlas.manifest.order.executionTypes).toContain('MARKET');
    expect(atlas.manifest.order.settlementTypes).toEqual(['DVP', 'PREFUNDED']);
    // The SDK's ExecutionRequestDetailsType is MARKET | QUOTE: LIMIT (an order variant this service
    // keeps) is announced beside it, in the extension limitSupported.
    for (const provider of res.data.data)
      expect(
        provider.manifest.order.executionTypes.every((t) => t === 'MARKET' || t === 'QUOTE'),
        provider.id,
      ).toBe(true);
    const limit = Object.fromEntries(res.data.data.map((p) => [p.id, (p.manifest.order as { limitSupported?: boolean }).limitSupported]));
    expect(limit).toEqual({ ATLAS: true, HARBOR: false, MERIDIAN: true, NORTHWIND: false });
  });

  it("createOrder of type QUOTE in the SDK's shape ({ type, quoteId, reQuote }): the quote carries side, amount and pair", async () => {
    const quotes = await fireblocks.tradingBeta.createQuote({
      idempotencyKey: 'sdk-quote-1',
      createQuote: { scope: [{ providerId: 'HARBOR' }], baseAssetId: 'ETH', quoteAssetId: 'USDT', baseAmount: '0.02', side: 'BUY' },
    });
    expect(quotes.statusCode).toBe(201);
    const quote = quotes.data.quotes![0]!;
    const created = await fireblocks.tradingBeta.createOrder({
      idempotencyKey: 'sdk-quote-order-1',
      createOrderRequest: {
        via: { type: 'PROVIDER', providerId: 'HARBOR' },
        executionRequestDetails: { type: 'QUOTE', quoteId: quote.id, reQuote: { type: 'MARKET' } },
        settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
      },
    });
    expect(created.statusCode).toBe(202);
    expect(created.data.executionResponseDetails).toMatchObject({
      type: 'QUOTE',
      quoteId: quote.id,
      side: 'BUY',
      baseAmount: '0.02',
      baseAssetId: 'ETH',
      quoteAssetId: 'USDT',
    });
    // The same quote cannot be used twice, whatever the shape.
    const again = await fireblocks.tradingBeta
      .createOrder({
        createOrderRequest: {
          via: { type: 'PROVIDER', providerId: 'HARBOR' },
          executionRequestDetails: { type: 'QUOTE', quoteId: quote.id },
          settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
        },
      })
      .catch((e: unknown) => e as { response?: { statusCode: number; data: { code: number; message: string } } });
    expect(again).toMatchObject({ response: { statusCode: 400, data: { code: 900, message: expect.stringMatching(/already used/) } } });
  });

  it('createOrder (202), getOrder until COMPLETED through the running engine, and getOrders', async () => {
    const created = await fireblocks.tradingBeta.createOrder({
      idempotencyKey: 'sdk-order-1',
      createOrderRequest: prefundedMarketOrder('sdk-ref', 'from the SDK'),
    });
    expect(created.statusCode).toBe(202);
    expect(created.data).toMatchObject({ status: 'CREATED', via: { type: 'PROVIDER', providerId: 'HARBOR' }, note: 'from the SDK' });
    const id = created.data.id;

    const end = Date.now() + 60_000;
    let order = (await fireblocks.tradingBeta.getOrder({ orderId: id })).data;
    const seen = new Set<string>([order.status]);
    while (order.status !== 'COMPLETED' && order.status !== 'FAILED' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 200));
      order = (await fireblocks.tradingBeta.getOrder({ orderId: id })).data;
      seen.add(order.status);
    }
    expect(order.status).toBe('COMPLETED');
    expect(seen.has('AWAITING_PAYMENT') || order.paymentInstructions !== undefined).toBe(true);
    expect(order.paymentInstructions?.[0]).toMatchObject({ type: 'BLOCKCHAIN', address: { blockchainAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/) } });
    expect(order.receipt).toMatchObject({ type: 'BLOCKCHAIN', amount: '0.01' });

    const list = await fireblocks.tradingBeta.getOrders({ pageSize: 10, statuses: ['COMPLETED'], providerId: ['HARBOR'] });
    expect(list.statusCode).toBe(200);
    expect(list.data.data.map((o) => o.id)).toContain(id);
    expect(list.data.data[0]).toMatchObject({
      side: 'BUY',
      baseAmount: '0.01',
      baseAssetId: 'ETH',
      quoteAssetId: 'USDT',
      destination: { type: 'VAULT_ACCOUNT', accountId: '0' },
    });
  });

  it('a validation failure reaches the SDK as 400 with code 900', async () => {
    const error = await fireblocks.tradingBeta
      .createOrder({
        createOrderRequest: {
          via: { type: 'PROVIDER', providerId: 'HARBOR' },
          executionRequestDetails: { type: 'MARKET', side: 'BUY', baseAmount: '0', baseAssetId: 'ETH', quoteAssetId: 'USDT' },
          settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
        },
      })
      .catch((e: unknown) => e as { response?: { statusCode: number; data: { code: number; message: string } } });
    expect(error).toMatchObject({ response: { statusCode: 400, data: { code: 900, message: expect.stringMatching(/baseAmount/) } } });
  });
});
