import type { Asset } from '../../contract/catalogue';

// Amounts are decimal strings end to end. Intl formats such a string itself (an
// Intl.StringNumericLiteral), exactly: no digit goes through a JS number, so none is lost or rounded.

// Made on first use, not as the module loads: a page's first NumberFormat costs about 20 ms (the
// locale's data), which loading the home page's script paid before anything was drawn.
let grouped: Intl.NumberFormat | undefined;
let money: Intl.NumberFormat | undefined;

/** A decimal amount as the service sent it, grouped for reading: "2500000.5" is "2,500,000.5". */
export function formatAmount(amount: string): string {
  grouped ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });
  return grouped.format(amount as Intl.StringNumericLiteral);
}

/** A decimal amount of a fiat currency, with at least its cents: "1200" USD is "1,200.00 USD". */
export function formatMoney(amount: string, currency: string): string {
  money ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 20 });
  return `${money.format(amount as Intl.StringNumericLiteral)} ${currency}`;
}

/** The service's word for an amount it does not know yet (the spec's "-1"). */
const NOT_DETERMINED = '-1';

/** Whether one of a transaction's amounts (amountInfo, fees) is known: not "-1", empty or missing. */
export const isDetermined = (amount: string | undefined): amount is string => amount !== undefined && amount !== '' && amount !== NOT_DETERMINED;

/**
 * What a transaction moves, as a list shows it: the amount moved once determined, before that the
 * one requested; undefined while neither is known.
 */
export const shownAmount = (amountInfo: { amount?: string; requestedAmount?: string }): string | undefined =>
  [amountInfo.amount, amountInfo.requestedAmount].find(isDetermined);

/** How many decimals a glance at an amount shows (a satoshi's worth); the exact amount is a hover away. */
const READABLE_DECIMALS = 8;

// A decimal string as the service sends one: a sign, whole digits, a dot and decimals.
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * An amount as the console shows every amount of an asset (ReadableAmount): `exact` to the asset's
 * decimals (rounded down, never more than is there; as sent while the catalogue does not know the
 * asset), grouped; `shown` cut down to READABLE_DECIMALS, rounded down, marked "≈" when digits were
 * cut, or "< 0.00000001" for a tiny amount that would read as nothing: "290.000000000000000001" of
 * ETH is shown "≈290", exactly "290.000000000000000001". `plain` is the exact amount ungrouped,
 * what a copy of it carries, so that it pastes into an amount field as it is. Rounding down is
 * cutting digits off the string, so no decimal arithmetic (and no decimal.js) is needed; a string
 * that is no plain decimal (an exponent) is shown as Intl reads it, nothing cut.
 */
export function readableAmount(amount: string, asset: Asset | undefined): { shown: string; exact: string; plain: string; rounded: boolean } {
  const match = DECIMAL.exec(amount.trim());
  if (!match || !/\d/.test(amount)) {
    const shown = formatAmount(amount);
    return { shown, exact: shown, plain: amount, rounded: false };
  }
  const [, sign, wholeDigits = '', decimals = ''] = match;
  const whole = wholeDigits.replace(/^0+(?=\d)/, '') || '0';
  const fraction = (asset ? decimals.slice(0, asset.onchain.decimals) : decimals).replace(/0+$/, '');
  const minus = sign === '-' && (whole !== '0' || fraction !== '') ? '-' : '';
  const plain = `${minus}${whole}${fraction ? `.${fraction}` : ''}`;
  const exact = formatAmount(plain);
  // The fraction ends in a non-zero digit: longer than a glance, a digit that counts is cut.
  if (fraction.length <= READABLE_DECIMALS) return { shown: exact, exact, plain, rounded: false };
  const glance = fraction.slice(0, READABLE_DECIMALS).replace(/0+$/, '');
  if (whole === '0' && glance === '') return { shown: `< 0.${'0'.repeat(READABLE_DECIMALS - 1)}1`, exact, plain, rounded: true };
  return { shown: `≈${formatAmount(`${minus}${whole}${glance ? `.${glance}` : ''}`)}`, exact, plain, rounded: true };
}
