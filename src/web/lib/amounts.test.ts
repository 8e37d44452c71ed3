import { describe, expect, it } from 'vitest';
import { formatAmount, formatAssetAmount, formatMoney } from './amounts';

describe('amounts', () => {
  it('groups a decimal string for reading without losing a digit a JS number would', () => {
    expect(formatAmount('2500000')).toBe('2,500,000');
    expect(formatAmount('12345678901234567890.123456789012345678')).toBe('12,345,678,901,234,567,890.123456789012345678');
    expect(formatAmount('0.000000000000000001')).toBe('0.000000000000000001');
  });

  it('writes money with at least its cents and its currency', () => {
    expect(formatMoney('1200', 'USD')).toBe('1,200.00 USD');
    expect(formatMoney('0.125', 'EUR')).toBe('0.125 EUR');
  });

  it("writes an asset's amount to at most its decimals, rounded down, grouped", () => {
    expect(formatAssetAmount('2500000', 6)).toBe('2,500,000');
    expect(formatAssetAmount('40.000000000000000001', 18)).toBe('40.000000000000000001');
    expect(formatAssetAmount('0.123456789', 8)).toBe('0.12345678');
    expect(formatAssetAmount('1.999', 0)).toBe('1');
  });
});
