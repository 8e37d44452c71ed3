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
