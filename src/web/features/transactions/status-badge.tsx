import { Badge } from '@mantine/core';
import type { TransactionStatus } from '../../../contract/transactions';
import { STATUS_LABELS } from './labels';

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  const { label, color } = STATUS_LABELS[status];
  return (
    <Badge variant="dot" color={color} data-status={status}>
      {label}
    </Badge>
  );
}
