import type { Notification, Webhook, WebhookEvent } from '../../../contract/webhooks';
import type { NotificationRow, WebhookRow } from './store';

export const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  ...(row.description ? { description: row.description } : {}),
  events: row.events as WebhookEvent[],
  status: row.status as Webhook['status'],
  createdAt: row.createdAt.getTime(),
  updatedAt: row.updatedAt.getTime(),
});

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  createdAt: row.createdAt.getTime(),
  updatedAt: row.updatedAt.getTime(),
  status: row.status as Notification['status'],
  eventType: row.eventType as WebhookEvent,
  resourceId: row.resourceId,
  attempts: row.attempts,
  // While a worker holds a notification, next_attempt_at is its lease, not a planned attempt.
  nextAttemptAt: row.status === 'IN_PROGRESS' && row.nextAttemptAt ? row.nextAttemptAt.getTime() : null,
});
