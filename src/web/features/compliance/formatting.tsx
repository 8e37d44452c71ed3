const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment from the service (epoch milliseconds), in the reader's locale and time zone. */
export function DateTime({ ms }: { ms: number }) {
  return <time dateTime={new Date(ms).toISOString()}>{DATE_TIME.format(ms)}</time>;
}

const UNITS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 20 });

/**
 * A decimal amount as the service sent it, grouped for reading. Intl formats the string itself
 * (exactly, without turning it into a JS number), so no digit is lost or rounded.
 */
export function formatAmount(amount: string): string {
  return UNITS.format(amount as Intl.StringNumericLiteral);
}

export function formatMoney(amount: string, currency: string): string {
  return `${MONEY.format(amount as Intl.StringNumericLiteral)} ${currency}`;
}
