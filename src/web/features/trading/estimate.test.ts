import { describe, expect, it } from 'vitest';
import { isAmount } from '../../lib/balance';
import { crossPrice, estimateOrder } from './estimate';

const ATLAS_FEES = { orderFeeBps: 25, networkFee: '1.5' };
const NO_FEES = { orderFeeBps: 0, networkFee: '0' };

/** An Atlas order of 0.5 BTC for USDC (6 decimals) at 65,000, with what a case changes. */
const estimate = (changes: Partial<Parameters<typeof estimateOrder>[0]> = {}) =>
  estimateOrder({ side: 'BUY', baseAssetId: 'BTC', quoteAssetId: 'USDC', baseAmount: '0.5', price: '65000', quoteDecimals: 6, fees: ATLAS_FEES, ...changes });

describe('estimateOrder', () => {
  it('prices a buy as the provider does: rounded up to the quote asset’s decimals, fees on top', () => {
    expect(estimate()).toEqual({
      baseAssetId: 'BTC',
      quoteAssetId: 'USDC',
      price: '65000',
      quoteAmount: '32500',
      orderFee: '81.25',
      networkFee: '1.5',
      pay: { assetId: 'USDC', amount: '32582.75' },
      receive: { assetId: 'BTC', amount: '0.5' },
    });
  });

  it('keeps every digit where a binary float would not', () => {
    // 0.1 × 3 is 0.30000000000000004 in floating point.
    expect(estimate({ side: 'SELL', baseAssetId: 'ETH', quoteAssetId: 'USDT', baseAmount: '0.1', price: '3', fees: NO_FEES })?.quoteAmount).toBe('0.3');
    const big = estimate({ baseAssetId: 'ETH', baseAmount: '123456789012345678.000000000000000001', price: '1', quoteDecimals: 18, fees: NO_FEES });
    expect(big?.pay.amount).toBe('123456789012345678.000000000000000001');
  });

  it('rounds a sale down and takes the fees from what it receives', () => {
    const sale = estimate({ side: 'SELL', baseAssetId: 'SOL', baseAmount: '1.0000001', price: '150.123456789' });
    // 1.0000001 × 150.123456789 = 150.1234718013456789 → 150.123471 (down); fee 0.375309 (up).
    expect(sale?.quoteAmount).toBe('150.123471');
    expect(sale?.orderFee).toBe('0.375309');
    expect(sale?.pay).toEqual({ assetId: 'SOL', amount: '1.0000001' });
    expect(sale?.receive).toEqual({ assetId: 'USDC', amount: '148.248162' });
  });

  it('uses the amount a quote fixed', () => {
    const quoted = estimate({ price: '65010', quoteAmount: '32505' });
    expect(quoted?.quoteAmount).toBe('32505');
    expect(quoted?.pay.amount).toBe('32587.7625');
  });

  it('gives nothing for an amount the contract would refuse', () => {
    for (const amount of ['', '0', '-1', '1e3', '1.0000000000000000001', 'abc']) {
      expect(isAmount(amount)).toBe(false);
      expect(estimate({ baseAmount: amount, price: '1' })).toBeNull();
    }
  });
});

describe('prices', () => {
  it('crosses two prices in one currency', () => {
    expect(crossPrice('3200', '65000')).toBe('0.049230769230769231');
    expect(crossPrice('1', '0')).toBeNull();
  });
});
