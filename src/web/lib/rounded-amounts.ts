import Decimal from 'decimal.js';
import { Dec } from '../../contract/decimal-arithmetic';
import { formatAmount } from './amounts';

// Prices rounded for reading (to their significant digits, rounded half up), through decimal.js;
// apart from amounts.ts, whose amounts need no arithmetic (only digits cut from a decimal string),
// so the screens that show amounts but no price load no decimal.js.

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
