import Decimal from 'decimal.js';
import type { Asset } from '../../contract/catalogue';
import { Dec } from '../../contract/decimal-arithmetic';
import { formatAmount } from './amounts';

// Amounts rounded for reading (to an asset's decimals and a glance's eight, a price to its
// significant digits), through decimal.js; apart from amounts.ts, whose grouping alone needs no
// arithmetic, so the screens that only group amounts (or money) load no decimal.js.

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

/** How many decimals a glance at an amount shows (a satoshi's worth); the exact amount is a hover away. */
const READABLE_DECIMALS = 8;

/**
 * An amount as the console shows every amount of an asset (ReadableAmount): `exact` to the asset's
 * decimals (rounded down, never more than is there; as sent while the catalogue does not know the
 * asset), grouped; `shown` cut down to READABLE_DECIMALS, rounded down, marked "≈" when digits were
 * cut, or "< 0.00000001" for a tiny amount that would read as nothing: "290.000000000000000001" of
 * ETH is shown "≈290", exactly "290.000000000000000001". `plain` is the exact amount ungrouped,
 * what a copy of it carries, so that it pastes into an amount field as it is.
 */
export function readableAmount(amount: string, asset: Asset | undefined): { shown: string; exact: string; plain: string; rounded: boolean } {
  const value = asset ? new Dec(amount).toDecimalPlaces(asset.onchain.decimals, Decimal.ROUND_DOWN) : new Dec(amount);
  const exact = formatAmount(value.toFixed());
  const plain = value.toFixed();
  const cut = value.toDecimalPlaces(READABLE_DECIMALS, Decimal.ROUND_DOWN);
  if (cut.eq(value)) return { shown: exact, exact, plain, rounded: false };
  if (cut.isZero()) return { shown: `< ${new Dec(10).pow(-READABLE_DECIMALS).toFixed()}`, exact, plain, rounded: true };
  return { shown: `≈${formatAmount(cut.toFixed())}`, exact, plain, rounded: true };
}
