import { Text } from '@mantine/core';
import type { TransactionWithTimeline } from '../../../contract/transactions';
import { TRANSACTION_STATUS_LABELS } from '../../components/transaction-status-badge';
import { isFinal, subStatusLabel } from './labels';

const NOT_YET = (
  <Text span c="dimmed" size="sm">
    Not determined yet
  </Text>
);

/**
 * What stands in for a value the service has not determined: "not yet" while the transfer moves;
 * once it has ended without one, why: "None: failed (Insufficient funds)".
 */
export function Undetermined({ tx }: { tx: TransactionWithTimeline }) {
  if (!isFinal(tx.status)) return NOT_YET;
  return (
    <Text span c="dimmed" size="sm">
      None: {endedAs(tx)}
    </Text>
  );
}

/** How a transfer ended, in words: "failed (Insufficient funds)". */
export const endedAs = (tx: TransactionWithTimeline) =>
  `${TRANSACTION_STATUS_LABELS[tx.status].label.toLowerCase()}${tx.subStatus ? ` (${subStatusLabel(tx.subStatus)})` : ''}`;
