import { describe, expect, it } from 'vitest';
import type { Asset } from '../../contract/catalogue';
import { formatAmount, formatMoney, readableAmount, shownAmount } from './amounts';
import { formatPrice } from './rounded-amounts';

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

  const eth = { onchain: { decimals: 18 } } as Asset;
  it.each<[string, Asset | undefined, ReturnType<typeof readableAmount>]>([
    ['290.000000000000000001', eth, { shown: '≈290', exact: '290.000000000000000001', plain: '290.000000000000000001', rounded: true }],
    ['1234.567890129', eth, { shown: '≈1,234.56789012', exact: '1,234.567890129', plain: '1234.567890129', rounded: true }],
    ['0.000000000000000001', eth, { shown: '< 0.00000001', exact: '0.000000000000000001', plain: '0.000000000000000001', rounded: true }],
    ['2500000.5', eth, { shown: '2,500,000.5', exact: '2,500,000.5', plain: '2500000.5', rounded: false }],
    // Past the asset's own decimals nothing is there to show: cut, rounded down, not marked.
    ['2.1234567', { onchain: { decimals: 6 } } as Asset, { shown: '2.123456', exact: '2.123456', plain: '2.123456', rounded: false }],
    // An asset the catalogue does not know: from the amount as sent, every digit kept.
    ['0.123456789', undefined, { shown: '≈0.12345678', exact: '0.123456789', plain: '0.123456789', rounded: true }],
    // Written as a person or a service may write it: zeros that say nothing go, a sign stays.
    ['15000.00', undefined, { shown: '15,000', exact: '15,000', plain: '15000', rounded: false }],
    ['-2.0000000001', undefined, { shown: '≈-2', exact: '-2.0000000001', plain: '-2.0000000001', rounded: true }],
    // Not a plain decimal: as Intl reads it, nothing cut.
    ['1e-7', undefined, { shown: '0.0000001', exact: '0.0000001', plain: '1e-7', rounded: false }],
  ])('shows %s to at most eight decimals, rounded down and marked, keeping the exact one to its decimals and plain for a copy', (amount, asset, expected) => {
    expect(readableAmount(amount, asset)).toEqual(expected);
  });

  it.each<[string, Asset | undefined, Partial<ReturnType<typeof readableAmount>>]>([
    ['40.0000000000000000012', eth, { exact: '40.000000000000000001' }],
    // Past the asset's own decimals: cut, not marked.
    ['1.999', { onchain: { decimals: 0 } } as Asset, { shown: '1', rounded: false }],
    // An asset the catalogue does not know: every digit kept.
    ['12345678901234567890.12345678', undefined, { shown: '12,345,678,901,234,567,890.12345678', rounded: false }],
    // Zeros that say nothing go, a sign stays.
    ['007.50', undefined, { shown: '7.5', plain: '7.5' }],
    ['+1.5', undefined, { shown: '1.5', plain: '1.5' }],
    ['-0.000', undefined, { shown: '0', plain: '0' }],
    ['.5', undefined, { shown: '0.5', plain: '0.5' }],
  ])('reads %s as the asset has it', (amount, asset, expected) => {
    expect(readableAmount(amount, asset)).toMatchObject(expected);
  });

  it('writes a price to six significant digits, keeping every whole digit and at least cents from 1 up', () => {
    // An 18-digit tail from a division is cut to what tells two prices apart.
    expect(formatPrice('0.033333333333333333')).toBe('0.0333333');
    expect(formatPrice('0.0000123456789')).toBe('0.0000123457');
    expect(formatPrice('0.99999949')).toBe('0.999999');
    expect(formatPrice('0.99999951')).toBe('1');
    expect(formatPrice('1.23456789')).toBe('1.23457');
    expect(formatPrice('97123.456789')).toBe('97,123.46');
    // Past six whole digits, every whole digit stays and two decimals with it.
    expect(formatPrice('12345678.915')).toBe('12,345,678.92');
    // Rounded half up, and no zeros padded on.
    expect(formatPrice('2.000005')).toBe('2.00001');
    expect(formatPrice('2.000004')).toBe('2');
    expect(formatPrice('3000')).toBe('3,000');
    expect(formatPrice('0')).toBe('0');
  });

  it('shows the amount a transfer moved once determined, the requested one before, and none while neither is known', () => {
    expect(shownAmount({ amount: '0.5', requestedAmount: '0.6' })).toBe('0.5');
    expect(shownAmount({ amount: '-1', requestedAmount: '0.6' })).toBe('0.6');
    expect(shownAmount({ amount: '-1', requestedAmount: '' })).toBeUndefined();
  });
});
