import { Badge } from '@mantine/core';
import type { NotificationStatus, Webhook } from '../../../contract/webhooks';
import { NOTIFICATION_STATUS_LABELS, WEBHOOK_STATUS_LABELS } from './labels';

export function WebhookStatusBadge({ status }: { status: Webhook['status'] }) {
  const { label, color } = WEBHOOK_STATUS_LABELS[status];
  return (
    <Badge variant="dot" color={color}>
      {label}
    </Badge>
  );
}

export function NotificationStatusBadge({ status }: { status: NotificationStatus }) {
  const { label, color } = NOTIFICATION_STATUS_LABELS[status];
  return (
    <Badge variant="dot" color={color} data-status={status}>
      {label}
    </Badge>
  );
}
