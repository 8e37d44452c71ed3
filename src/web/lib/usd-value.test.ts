import { describe, expect, it } from 'vitest';
import type { Asset } from '../../contract/catalogue';
import type { VaultAccount } from '../../contract/vault';
import { accountWorth, usdValue } from './usd-value';

const priced = (legacyId: string, currency: string, price: string) => ({ legacyId, price: { currency, price, lastUpdateAt: 0 } }) as Asset;
const holding = (id: string, total: string) => ({ id, total, balance: total, available: total, pending: '0', frozen: '0', lockedAmount: '0' });
const account = (...assets: ReturnType<typeof holding>[]): VaultAccount => ({ id: '0', name: 'Treasury', hiddenOnUI: false, autoFuel: false, assets });

describe('USD values', () => {
  it('multiplies exactly and rounds to the cent once', () => {
    // 0.1 × 3 is 0.30000000000000004 in binary floating point.
    expect(usdValue('0.1', priced('X', 'USD', '3'))).toBe('0.30');
    expect(usdValue('40.000000000000000001', priced('ETH', 'USD', '3000'))).toBe('120000.00');
    expect(usdValue('12345678901234567890.5', priced('BIG', 'USD', '1'))).toBe('12345678901234567890.50');
    expect(usdValue('1', priced('Y', 'USD', '0.005'))).toBe('0.01');
  });

  it('has no value without a price in USD', () => {
    expect(usdValue('1', undefined)).toBeNull();
    expect(usdValue('1', priced('EURC', 'EUR', '1'))).toBeNull();
    expect(usdValue('1', { legacyId: 'Z' } as Asset)).toBeNull();
  });

  it("sums an account's priced holdings and counts the unpriced ones (an empty one does not count)", () => {
    const assets = new Map([
      ['BTC', priced('BTC', 'USD', '60000.5')],
      ['USDC', priced('USDC', 'USD', '1')],
    ]);
    expect(accountWorth(account(holding('BTC', '0.333'), holding('USDC', '0.004'), holding('DOGE', '5'), holding('PEPE', '0')), assets)).toEqual({
      value: '19980.17',
      unpriced: 1,
    });
    expect(accountWorth(account(holding('DOGE', '5')), assets)).toEqual({ value: null, unpriced: 1 });
    expect(accountWorth(account(), assets)).toEqual({ value: null, unpriced: 0 });
  });
});
