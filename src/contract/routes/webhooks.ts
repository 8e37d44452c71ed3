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

export const createWebhook = webhooks.write({
  id: 'createWebhook',
  method: 'post',
  path: '/v1/webhooks',
  summary: 'Register a webhook',
  description: `The URL must be https (plain http only to loopback when the service allows local receivers), and its host must not resolve to a private, loopback or link-local address unless the service allows it.`,
  body: CreateWebhookRequest,
  responses: { 201: { description: 'The webhook', schema: Webhook } },
});

// Webhooks (wire-facts states no roles): anyone may read them, as anyone may read transactions;
// pointing the workspace's events at a URL, or re-sending them, belongs to its admins.
export const listWebhooks = webhooks.read({
  id: 'listWebhooks',
  path: '/v1/webhooks',
  summary: 'List webhooks',
  roles: 'any',
  query: WebhooksQuery,
  responses: { 200: { description: 'A page of webhooks', schema: WebhooksPage } },
});

export const getWebhook = webhooks.read({
  id: 'getWebhook',
  path: '/v1/webhooks/{webhookId}',
  summary: 'Get a webhook',
  roles: 'any',
  params: WebhookIdParam,
  responses: { 200: { description: 'The webhook', schema: Webhook } },
  errors: [404],
});

export const updateWebhook = webhooks.write({
  id: 'updateWebhook',
  method: 'patch',
  path: '/v1/webhooks/{webhookId}',
  summary: 'Update a webhook',
  description: `Change the URL (checked as at creation), description, events, or switch it on or off.`,
  params: WebhookIdParam,
  body: UpdateWebhookRequest,
  responses: { 200: { description: 'The webhook', schema: Webhook } },
  errors: [404],
});

export const deleteWebhook = webhooks.write({
  id: 'deleteWebhook',
  method: 'delete',
  path: '/v1/webhooks/{webhookId}',
  summary: 'Delete a webhook',
  description: `Notifications not yet delivered are dropped with it.`,
  params: WebhookIdParam,
  responses: { 200: { description: 'The deleted webhook', schema: Webhook } },
  errors: [404],
});

export const listWebhookNotifications = webhooks.read({
  id: 'listWebhookNotifications',
  path: '/v1/webhooks/{webhookId}/notifications',
  summary: 'List a webhook’s notifications',
  description: 'Newest first by default; filters combine with AND, repeated values with OR.',
  roles: 'any',
  params: WebhookIdParam,
  query: NotificationsQuery,
  responses: { 200: { description: 'A page of notifications', schema: NotificationsPage } },
  errors: [404],
});

export const getWebhookNotification = webhooks.read({
  id: 'getWebhookNotification',
  path: '/v1/webhooks/{webhookId}/notifications/{notificationId}',
  summary: 'Get a notification with its payload',
  roles: 'any',
  params: NotificationIdParams,
  responses: { 200: { description: 'The notification', schema: NotificationWithData } },
  errors: [404],
});

export const listNotificationAttempts = webhooks.read({
  id: 'listNotificationAttempts',
  path: '/v1/webhooks/{webhookId}/notifications/{notificationId}/attempts',
  summary: 'List a notification’s delivery attempts',
  description: 'Newest first.',
  roles: 'any',
  params: NotificationIdParams,
  query: AttemptsQuery,
  responses: { 200: { description: 'A page of attempts', schema: AttemptsPage } },
  errors: [404],
});

export const resendNotification = webhooks.write({
  id: 'resendNotification',
  method: 'post',
  path: '/v1/webhooks/{webhookId}/notifications/{notificationId}/resend',
  summary: 'Resend one notification',
  description: `Queues the notification for delivery again with a fresh set of 10 attempts (the same id and body, so a receiver can drop a duplicate).`,
  params: NotificationIdParams,
  responses: { 202: { description: 'Queued' } },
  errors: [404],
});

export const resendFailedNotifications = webhooks.write({
  id: 'resendFailedNotifications',
  method: 'post',
  path: '/v1/webhooks/{webhookId}/notifications/resend_failed',
  summary: 'Resend every failed notification',
  description: `Queues every FAILED notification of the webhook (optionally since startTime and of the given events) for delivery again.`,
  params: WebhookIdParam,
  body: ResendFailedRequest,
  bodyOptional: true,
  responses: {
    200: { description: 'No failed notifications to resend (total 0)', schema: ResendFailedResponse },
    202: { description: 'How many were queued', schema: ResendFailedResponse },
  },
  errors: [404],
});

export const sendWebhookTestEvent = webhooks.write({
  id: 'sendWebhookTestEvent',
  method: 'post',
  path: '/v1/webhooks/{webhookId}/test',
  tags: ['Webhooks (extension)'],
  summary: 'Send a test event',
  description: `Queues a transaction.created notification with a sample transaction (id prefixed "test-") to this webhook only, signed like any other.`,
  params: WebhookIdParam,
  responses: { 202: { description: 'The queued notification', schema: TestEventResponse } },
  errors: [404],
});
