import { Text, Timeline } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconCircleX } from '@tabler/icons-react';
import { nextOrderStatus } from '../../../contract/order-states';
import type { OrderDetails, OrderStatus } from '../../../contract/trading';
import { UtcTime } from '../../components/utc-time';
import { STATUS_LABELS } from './labels';

const bulletOf = (status: OrderStatus) =>
  status === 'FAILED' || status === 'CANCELED' ? <IconCircleX size={14} aria-hidden /> : <IconCircleCheck size={14} aria-hidden />;

/** Every status the order has had, oldest first, and the one it is expected to reach next. */
export function OrderTimeline({ order }: { order: OrderDetails }) {
  const next = nextOrderStatus(order.status, String(order.settlement.type));
  return (
    <Timeline active={order.timeline.length - 1} bulletSize={22} lineWidth={2}>
      {order.timeline.map((entry, index) => (
        <Timeline.Item
          key={`${entry.status}-${entry.at}`}
          title={STATUS_LABELS[entry.status]}
          bullet={bulletOf(entry.status)}
          color={entry.status === 'FAILED' ? 'red' : undefined}
          data-status={entry.status}
          aria-current={index === order.timeline.length - 1 ? 'step' : undefined}
        >
          <Text size="xs" c="dimmed">
            <UtcTime ms={Date.parse(entry.at)} />
          </Text>
        </Timeline.Item>
      ))}
      {next && (
        <Timeline.Item title={`Next: ${STATUS_LABELS[next]}`} bullet={<IconCircleDashed size={14} aria-hidden />} lineVariant="dashed">
          <Text size="xs" c="dimmed">
            Expected; this page follows the order as it moves.
          </Text>
        </Timeline.Item>
      )}
    </Timeline>
  );
}
