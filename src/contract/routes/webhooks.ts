import {
  AttemptsPage,
  AttemptsQuery,
  CreateWebhookRequest,
  NotificationIdParams,
  NotificationsPage,
  NotificationsQuery,
  NotificationWithData,
  ResendFailedRequest,
  ResendFailedResponse,
  TestEventResponse,
  UpdateWebhookRequest,
  Webhook,
  WebhookIdParam,
  WebhooksPage,
  WebhooksQuery,
} from '../webhooks';
import { area, OWNER_AND_ADMINS } from './operation';

const tags = ['Webhooks'];

const webhooks = area({ tags, roles: OWNER_AND_ADMINS });

export const createWebhook = webhooks.post('createWebhook', '/v1/webhooks', 'Register a webhook', {
  description: `The URL must be https (plain http only to loopback when the service allows local receivers), and its host must not resolve to a private, loopback or link-local address unless the service allows it.`,
  body: CreateWebhookRequest,
  201: ['The webhook', Webhook],
});

// Webhooks (wire-facts states no roles): anyone may read them, as anyone may read transactions;
// pointing the workspace's events at a URL, or re-sending them, belongs to its admins.
export const listWebhooks = webhooks.get('listWebhooks', '/v1/webhooks', 'List webhooks', {
  roles: 'any',
  query: WebhooksQuery,
  200: ['A page of webhooks', WebhooksPage],
});

export const getWebhook = webhooks.get('getWebhook', '/v1/webhooks/{webhookId}', 'Get a webhook', {
  roles: 'any',
  params: WebhookIdParam,
  200: ['The webhook', Webhook],
});

export const updateWebhook = webhooks.patch('updateWebhook', '/v1/webhooks/{webhookId}', 'Update a webhook', {
  description: `Change the URL (checked as at creation), description, events, or switch it on or off.`,
  params: WebhookIdParam,
  body: UpdateWebhookRequest,
  200: ['The webhook', Webhook],
});

export const deleteWebhook = webhooks.delete('deleteWebhook', '/v1/webhooks/{webhookId}', 'Delete a webhook', {
  description: `Notifications not yet delivered are dropped with it.`,
  params: WebhookIdParam,
  200: ['The deleted webhook', Webhook],
});

export const listWebhookNotifications = webhooks.get('listWebhookNotifications', '/v1/webhooks/{webhookId}/notifications', 'List a webhook’s notifications', {
  description: 'Newest first by default; filters combine with AND, repeated values with OR.',
  roles: 'any',
  params: WebhookIdParam,
  query: NotificationsQuery,
  200: ['A page of notifications', NotificationsPage],
});

export const getWebhookNotification = webhooks.get(
  'getWebhookNotification',
  '/v1/webhooks/{webhookId}/notifications/{notificationId}',
  'Get a notification with its payload',
  { roles: 'any', params: NotificationIdParams, 200: ['The notification', NotificationWithData], errors: [404] },
);

export const listNotificationAttempts = webhooks.get(
  'listNotificationAttempts',
  '/v1/webhooks/{webhookId}/notifications/{notificationId}/attempts',
  'List a notification’s delivery attempts',
  { description: 'Newest first.', roles: 'any', params: NotificationIdParams, query: AttemptsQuery, 200: ['A page of attempts', AttemptsPage], errors: [404] },
);

export const resendNotification = webhooks.post(
  'resendNotification',
  '/v1/webhooks/{webhookId}/notifications/{notificationId}/resend',
  'Resend one notification',
  {
    description: `Queues the notification for delivery again with a fresh set of 10 attempts (the same id and body, so a receiver can drop a duplicate).`,
    params: NotificationIdParams,
    202: ['Queued'],
  },
);

export const resendFailedNotifications = webhooks.post(
  'resendFailedNotifications',
  '/v1/webhooks/{webhookId}/notifications/resend_failed',
  'Resend every failed notification',
  {
    description: `Queues every FAILED notification of the webhook (optionally since startTime and of the given events) for delivery again.`,
    params: WebhookIdParam,
    body: ResendFailedRequest,
    bodyOptional: true,
    200: ['No failed notifications to resend (total 0)', ResendFailedResponse],
    202: ['How many were queued', ResendFailedResponse],
  },
);

export const sendWebhookTestEvent = webhooks.post('sendWebhookTestEvent', '/v1/webhooks/{webhookId}/test', 'Send a test event', {
  tags: ['Webhooks (extension)'],
  description: `Queues a transaction.created notification with a sample transaction (id prefixed "test-") to this webhook only, signed like any other.`,
  params: WebhookIdParam,
  202: ['The queued notification', TestEventResponse],
});
