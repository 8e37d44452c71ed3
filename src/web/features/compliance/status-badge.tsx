import { Badge } from '@mantine/core';
import type { TrmStatus } from '../../../contract/travel-rule';
import { StatusDot } from '../../components/status-dot';
import { STATUS_LABELS } from './labels';

export function StatusBadge({ status }: { status: TrmStatus | null | undefined }) {
  if (!status)
    return (
      <Badge variant="outline" color="gray">
        Unknown
      </Badge>
    );
  return <StatusDot status={status} looks={STATUS_LABELS} />;
}
