import type { NotificationStatus, Webhook } from '../../../contract/webhooks';
import { StatusDot } from '../../components/status-dot';
import { NOTIFICATION_STATUS_LABELS, WEBHOOK_STATUS_LABELS } from './labels';

export function WebhookStatusBadge({ status }: { status: Webhook['status'] }) {
  return <StatusDot status={status} looks={WEBHOOK_STATUS_LABELS} />;
}

export function NotificationStatusBadge({ status }: { status: NotificationStatus }) {
  return <StatusDot status={status} looks={NOTIFICATION_STATUS_LABELS} />;
}
