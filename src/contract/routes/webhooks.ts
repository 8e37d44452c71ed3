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
import { defineOperation, OWNER_AND_ADMINS } from './operation';

const tags = ['Webhooks'];

export const createWebhook = defineOperation({
  id: 'createWebhook',
  method: 'post',
  path: '/v1/webhooks',
  tags,
  summary: 'Register a webhook',
  description: `The URL must be https (plain http only to loopback when the service allows local receivers), and its host must not resolve to a private, loopback or link-local address unless the service allows it.`,
  roles: OWNER_AND_ADMINS,
  rateCategory: 'write',
  idempotent: true,
  body: CreateWebhookRequest,
  responses: { 201: { description: 'The webhook', schema: Webhook } },
});

// Webhooks (wire-facts states no roles): anyone may read them, as anyone may read transactions;
// pointing the workspace's events at a URL, or re-sending them, belongs to its admins.
export const listWebhooks = defineOperation({
  id: 'listWebhooks',
  method: 'get',
  path: '/v1/webhooks',
  tags,
  summary: 'List webhooks',
  roles: 'any',
  rateCategory: 'query',
  query: WebhooksQuery,
  responses: { 200: { description: 'A page of webhooks', schema: WebhooksPage } },
});

export const getWebhook = defineOperation({
  id: 'getWebhook',
  method: 'get',
  path: '/v1/webhooks/{webhookId}',
  tags,
  summary: 'Get a webhook',
  roles: 'any',
  rateCategory: 'query',
  params: WebhookIdParam,
  responses: { 200: { description: 'The webhook', schema: Webhook } },
  errors: [404],
});

export const updateWebhook = defineOperation({
  id: 'updateWebhook',
  method: 'patch',
  path: '/v1/webhooks/{webhookId}',
  tags,
  summary: 'Update a webhook',
  description: `Change the URL (checked as at creation), description, events, or switch it on or off.`,
  roles: OWNER_AND_ADMINS,
  rateCategory: 'write',
  idempotent: true,
  params: WebhookIdParam,
  body: UpdateWebhookRequest,
  responses: { 200: { description: 'The webhook', schema: Webhook } },
  errors: [404],
});

export const deleteWebhook = defineOperation({
  id: 'deleteWebhook',
  method: 'delete',
  path: '/v1/webhooks/{webhookId}',
  tags,
  summary: 'Delete a webhook',
  description: `Notifications not yet delivered are dropped with it.`,
  roles: OWNER_AND_ADMINS,
  rateCategory: 'write',
  idempotent: true,
  params: WebhookIdParam,
  responses: { 200: { description: 'The deleted webhook', schema: Webhook } },
  errors: [404],
});

export const listWebhookNotifications = defineOperation({
  id: 'listWebhookNotifications',
  method: 'get',
  path: '/v1/webhooks/{webhookId}/notifications',
  tags,
  summary: 'List a webhook’s notifications',
  description: 'Newest first by default; filters combine with AND, repeated values with OR.',
  roles: 'any',
  rateCategory: 'query',
  params: WebhookIdParam,
  query: NotificationsQuery,
  responses: { 200: { description: 'A page of notifications', schema: NotificationsPage } },
  errors: [404],
});

export const getWebhookNotification = defineOperation({
  id: 'getWebhookNotification',
  method: 'get',
  path: '/v1/webhooks/{webhookId}/notifications/{notificationId}',
  tags,
  summary: 'Get a notification with its payload',
  roles: 'any',
  rateCategory: 'query',
  params: NotificationIdParams,
  responses: { 200: { description: 'The notification', schema: NotificationWithData } },
  errors: [404],
});

export const listNotificationAttempts = defineOperation({
  id: 'listNotificationAttempts',
  method: 'get',
  path: '/v1/webhooks/{webhookId}/notifications/{notificationId}/attempts',
  tags,
  summary: 'List a notification’s delivery attempts',
  description: 'Newest first.',
  roles: 'any',
  rateCategory: 'query',
  params: NotificationIdParams,
  query: AttemptsQuery,
  responses: { 200: { description: 'A page of attempts', schema: AttemptsPage } },
  errors: [404],
});

export const resendNotification = defineOperation({
  id: 'resendNotification',
  method: 'post',
  path: '/v1/webhooks/{webhookId}/notifications/{notificationId}/resend',
  tags,
  summary: 'Resend one notification',
  description: `Queues the notification for delivery again with a fresh set of 10 attempts (the same id and body, so a receiver can drop a duplicate).`,
  roles: OWNER_AND_ADMINS,
  rateCategory: 'write',
  idempotent: true,
  params: NotificationIdParams,
  responses: { 202: { description: 'Queued' } },
  errors: [404],
});

export const resendFailedNotifications = defineOperation({
  id: 'resendFailedNotifications',
  method: 'post',
  path: '/v1/webhooks/{webhookId}/notifications/resend_failed',
  tags,
  summary: 'Resend every failed notification',
  description: `Queues every FAILED notification of the webhook (optionally since startTime and of the given events) for delivery again.`,
  roles: OWNER_AND_ADMINS,
  rateCategory: 'write',
  idempotent: true,
  params: WebhookIdParam,
  body: ResendFailedRequest,
  bodyOptional: true,
  responses: {
    200: { description: 'No failed notifications to resend (total 0)', schema: ResendFailedResponse },
    202: { description: 'How many were queued', schema: ResendFailedResponse },
  },
  errors: [404],
});

export const sendWebhookTestEvent = defineOperation({
  id: 'sendWebhookTestEvent',
  method: 'post',
  path: '/v1/webhooks/{webhookId}/test',
  tags: ['Webhooks (extension)'],
  summary: 'Send a test event',
  description: `Queues a transaction.created notification with a sample transaction (id prefixed "test-") to this webhook only, signed like any other.`,
  roles: OWNER_AND_ADMINS,
  rateCategory: 'write',
  idempotent: true,
  params: WebhookIdParam,
  responses: { 202: { description: 'The queued notification', schema: TestEventResponse } },
  errors: [404],
});
