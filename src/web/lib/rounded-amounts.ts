import Decimal from 'decimal.js';
import type { Asset } from '../../contract/catalogue';
import { Dec } from '../../contract/decimal-arithmetic';
import { formatAmount, isDetermined } from './amounts';

// Amounts rounded for reading (to an asset's decimals, a price to its significant digits), through
// decimal.js; apart from amounts.ts, whose grouping alone needs no arithmetic, so the screens that
// only group amounts load no decimal.js.

/**
 * An amount of an asset at most to the asset's own decimals (rounded down, so never more than is
 * there), grouped: "40.0000000000000000012" of an 18-decimal asset is "40.000000000000000001".
 */
export function formatAssetAmount(amount: string, decimals: number): string {
  return formatAmount(new Dec(amount).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed());
}

/** An amount of `asset` to its decimals, or as sent while the catalogue does not know the asset. */
export const formatAmountOf = (amount: string, asset: Asset | undefined): string =>
  asset ? formatAssetAmount(amount, asset.onchain.decimals) : formatAmount(amount);

/** How many significant digits a price keeps: enough to tell two quotes apart, not an 18-digit tail. */
const PRICE_SIGNIFICANT_DIGITS = 6;

/**
 * A price of one asset in another, to a precision that suits the pair, grouped: six significant
 * digits, rounded half up, but never fewer than two decimals once the price is 1 or more and never
 * a whole digit cut: "97123.456789" is "97,123.46", "1.23456789" is "1.23457",
 * "0.0000123456789" is "0.0000123457", "3000" is "3,000".
 */
export function formatPrice(price: string): string {
  const value = new Dec(price);
  const whole = value.abs().trunc();
  const integerDigits = whole.isZero() ? 0 : whole.toFixed().length;
  const rounded =
    integerDigits === 0
      ? value.toSignificantDigits(PRICE_SIGNIFICANT_DIGITS, Decimal.ROUND_HALF_UP)
      : value.toDecimalPlaces(Math.max(2, PRICE_SIGNIFICANT_DIGITS - integerDigits), Decimal.ROUND_HALF_UP);
  return formatAmount(rounded.toFixed());
}

/**
 * One of a transaction's amounts, grouped for reading (to `decimals`, the asset's, when the catalogue
 * knows them), or null while the service has not determined it.
 */
export function formatTransactionAmount(amount: string | undefined, decimals?: number): string | null {
  if (!isDetermined(amount)) return null;
  return decimals === undefined ? formatAmount(amount) : formatAssetAmount(amount, decimals);
}

/** How many decimals a glance at an amount shows (a satoshi's worth); the exact amount is a hover away. */
const READABLE_DECIMALS = 8;

/**
 * An amount for a glance (a summary, a short list): to the asset's decimals as formatAmountOf writes
 * it (`exact`), and `shown` cut down to READABLE_DECIMALS, rounded down, marked "≈" when digits were
 * cut, or "< 0.00000001" for a tiny amount that would read as nothing: "290.000000000000000001" of
 * ETH is shown "≈290", exactly "290.000000000000000001".
 */
export function readableAmount(amount: string, asset: Asset | undefined): { shown: string; exact: string; rounded: boolean } {
  const exact = formatAmountOf(amount, asset);
  const value = asset ? new Dec(amount).toDecimalPlaces(asset.onchain.decimals, Decimal.ROUND_DOWN) : new Dec(amount);
  const cut = value.toDecimalPlaces(READABLE_DECIMALS, Decimal.ROUND_DOWN);
  if (cut.eq(value)) return { shown: exact, exact, rounded: false };
  if (cut.isZero()) return { shown: `< ${new Dec(10).pow(-READABLE_DECIMALS).toFixed()}`, exact, rounded: true };
  return { shown: `≈${formatAmount(cut.toFixed())}`, exact, rounded: true };
}
