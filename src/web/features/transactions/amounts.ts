const UNITS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });

/** The service's word for an amount it does not know yet (the spec's "-1"). */
const NOT_DETERMINED = '-1';

/**
 * A decimal amount as the service sent it, grouped for reading, or null while the service has not
 * determined it. Intl formats the string itself, exactly: no digit goes through a JS number.
 */
export function formatAmount(amount: string | undefined): string | null {
  if (amount === undefined || amount === '' || amount === NOT_DETERMINED) return null;
  return UNITS.format(amount as Intl.StringNumericLiteral);
}
