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

/** A decimal amount of a fiat currency, with at least its cents: "1200" USD is "1,200.00 USD". */
export function formatMoney(amount: string, currency: string): string {
  return `${MONEY.format(amount as Intl.StringNumericLiteral)} ${currency}`;
}

/** The service's word for an amount it does not know yet (the spec's "-1"). */
const NOT_DETERMINED = '-1';

/**
 * One of a transaction's amounts (amountInfo, fees), grouped for reading, or null while the service
 * has not determined it: "-1", empty or missing.
 */
export function formatTransactionAmount(amount: string | undefined): string | null {
  if (amount === undefined || amount === '' || amount === NOT_DETERMINED) return null;
  return formatAmount(amount);
}
