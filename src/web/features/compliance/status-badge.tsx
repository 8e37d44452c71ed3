import { Badge } from '@mantine/core';
import type { TrmStatus } from '../../../contract/travel-rule';
import { STATUS_LABELS } from './labels';

export function StatusBadge({ status }: { status: TrmStatus | null | undefined }) {
  if (!status)
    return (
      <Badge variant="outline" color="gray">
        Unknown
      </Badge>
    );
  const { label, color } = STATUS_LABELS[status];
  return (
    <Badge variant="dot" color={color}>
      {label}
    </Badge>
  );
}
