import { Badge } from '@mantine/core';
import type { OrderStatus } from '../../../contract/trading';
import { STATUS_COLORS, STATUS_LABELS } from './labels';

export function OrderStatusBadge({ status, size = 'md' }: { status: OrderStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="dot" size={size} data-status={status}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
