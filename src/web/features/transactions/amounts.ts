import { formatAmount } from '../../lib/amounts';

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
