import { NOTIFICATION_STATUSES, type NotificationStatus, WEBHOOK_EVENTS, type WebhookEvent } from '../../../contract/webhooks';
import type { NotificationFilters } from './api';

/**
 * A webhook's notifications as they live in the address bar (docs/architecture.md, "The URL is the state of a list"):
 * the status and event filters in the service's parameter names, and the notification whose drawer is open.
 */
export interface NotificationsView extends NotificationFilters {
  notification: string | null;
}

export function parseNotificationsSearch(params: URLSearchParams): NotificationsView {
  const statuses = (params.get('statuses') ?? '')
    .split(',')
    .filter((status): status is NotificationStatus => (NOTIFICATION_STATUSES as readonly string[]).includes(status));
  const event = params.get('events');
  return {
    // In the contract's order, so a link and the chips agree whatever order the link had.
    statuses: NOTIFICATION_STATUSES.filter((status) => statuses.includes(status)),
    event: event && (WEBHOOK_EVENTS as readonly string[]).includes(event) ? (event as WebhookEvent) : null,
    notification: params.get('notification') || null,
  };
}

export function toNotificationsSearch(view: NotificationsView): { search: URLSearchParams } {
  const params = new URLSearchParams();
  if (view.statuses.length > 0) params.set('statuses', view.statuses.join(','));
  if (view.event) params.set('events', view.event);
  if (view.notification) params.set('notification', view.notification);
  return { search: params };
}
