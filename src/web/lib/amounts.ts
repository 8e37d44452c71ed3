import Decimal from 'decimal.js';
import { Dec } from '../../contract/decimal';

// Amounts are decimal strings end to end. Intl formats such a string itself (an
// Intl.StringNumericLiteral), exactly: no digit goes through a JS number, so none is lost or rounded.

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 20 });

/** A decimal amount as the service sent it, grouped for reading: "2500000.5" is "2,500,000.5". */
export function formatAmount(amount: string): string {
  return GROUPED.format(amount as Intl.StringNumericLiteral);
}

/**
 * An amount of an asset at most to the asset's own decimals (rounded down, so never more than is
 * there), grouped: "40.0000000000000000012" of an 18-decimal asset is "40.000000000000000001".
 */
export function formatAssetAmount(amount: string, decimals: number): string {
  return formatAmount(new Dec(amount).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed());
}

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

/** A decimal amount of a fiat currency, with at least its cents: "1200" USD is "1,200.00 USD". */
export function formatMoney(amount: string, currency: string): string {
  return `${MONEY.format(amount as Intl.StringNumericLiteral)} ${currency}`;
}

/** The service's word for an amount it does not know yet (the spec's "-1"). */
const NOT_DETERMINED = '-1';

/** Whether one of a transaction's amounts (amountInfo, fees) is known: not "-1", empty or missing. */
export const isDetermined = (amount: string | undefined): amount is string => amount !== undefined && amount !== '' && amount !== NOT_DETERMINED;

/**
 * One of a transaction's amounts, grouped for reading (to `decimals`, the asset's, when the catalogue
 * knows them), or null while the service has not determined it.
 */
export function formatTransactionAmount(amount: string | undefined, decimals?: number): string | null {
  if (!isDetermined(amount)) return null;
  return decimals === undefined ? formatAmount(amount) : formatAssetAmount(amount, decimals);
}
