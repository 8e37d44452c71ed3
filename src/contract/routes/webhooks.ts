import { createRoute } from '@hono/zod-openapi';
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
import { SECURITY } from './common';
import { idempotencyHeaders, operation } from './operation';
import { errorResponses, GUARDED, GUARDED_WRITE } from './responses';

const tags = ['Webhooks'];
const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

export const createWebhook = createRoute({
  method: 'post',
  path: '/v1/webhooks',
  tags,
  summary: 'Register a webhook',
  ...operation(
    'createWebhook',
    `The URL must be https (plain http only to loopback when the service allows local receivers), and its host must not resolve to a private, loopback or link-local address unless the service allows it.`,
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('createWebhook'), body: body(CreateWebhookRequest) },
  responses: { 201: json(Webhook, 'The webhook'), ...errorResponses(...GUARDED_WRITE) },
});

export const listWebhooks = createRoute({
  method: 'get',
  path: '/v1/webhooks',
  tags,
  summary: 'List webhooks',
  ...operation('listWebhooks'),
  security: SECURITY,
  request: { ...idempotencyHeaders('listWebhooks'), query: WebhooksQuery },
  responses: { 200: json(WebhooksPage, 'A page of webhooks'), ...errorResponses(...GUARDED) },
});

export const getWebhook = createRoute({
  method: 'get',
  path: '/v1/webhooks/{webhookId}',
  tags,
  summary: 'Get a webhook',
  ...operation('getWebhook'),
  security: SECURITY,
  request: { ...idempotencyHeaders('getWebhook'), params: WebhookIdParam },
  responses: { 200: json(Webhook, 'The webhook'), ...errorResponses(...GUARDED, 404) },
});

export const updateWebhook = createRoute({
  method: 'patch',
  path: '/v1/webhooks/{webhookId}',
  tags,
  summary: 'Update a webhook',
  ...operation('updateWebhook', `Change the URL (checked as at creation), description, events, or switch it on or off.`),
  security: SECURITY,
  request: { ...idempotencyHeaders('updateWebhook'), params: WebhookIdParam, body: body(UpdateWebhookRequest) },
  responses: { 200: json(Webhook, 'The webhook'), ...errorResponses(...GUARDED_WRITE, 404) },
});

export const deleteWebhook = createRoute({
  method: 'delete',
  path: '/v1/webhooks/{webhookId}',
  tags,
  summary: 'Delete a webhook',
  ...operation('deleteWebhook', `Notifications not yet delivered are dropped with it.`),
  security: SECURITY,
  request: { ...idempotencyHeaders('deleteWebhook'), params: WebhookIdParam },
  responses: { 200: json(Webhook, 'The deleted webhook'), ...errorResponses(...GUARDED_WRITE, 404) },
});

export const listWebhookNotifications = createRoute({
  method: 'get',
  path: '/v1/webhooks/{webhookId}/notifications',
  tags,
  summary: 'List a webhook’s notifications',
  ...operation('listWebhookNotifications', 'Newest first by default; filters combine with AND, repeated values with OR.'),
  security: SECURITY,
  request: { ...idempotencyHeaders('listWebhookNotifications'), params: WebhookIdParam, query: NotificationsQuery },
  responses: { 200: json(NotificationsPage, 'A page of notifications'), ...errorResponses(...GUARDED, 404) },
});

export const getWebhookNotification = createRoute({
  method: 'get',
  path: '/v1/webhooks/{webhookId}/notifications/{notificationId}',
  tags,
  summary: 'Get a notification with its payload',
  ...operation('getWebhookNotification'),
  security: SECURITY,
  request: { ...idempotencyHeaders('getWebhookNotification'), params: NotificationIdParams },
  responses: { 200: json(NotificationWithData, 'The notification'), ...errorResponses(...GUARDED, 404) },
});

export const listNotificationAttempts = createRoute({
  method: 'get',
  path: '/v1/webhooks/{webhookId}/notifications/{notificationId}/attempts',
  tags,
  summary: 'List a notification’s delivery attempts',
  ...operation('listNotificationAttempts', 'Newest first.'),
  security: SECURITY,
  request: { ...idempotencyHeaders('listNotificationAttempts'), params: NotificationIdParams, query: AttemptsQuery },
  responses: { 200: json(AttemptsPage, 'A page of attempts'), ...errorResponses(...GUARDED, 404) },
});

export const resendNotification = createRoute({
  method: 'post',
  path: '/v1/webhooks/{webhookId}/notifications/{notificationId}/resend',
  tags,
  summary: 'Resend one notification',
  ...operation(
    'resendNotification',
    `Queues the notification for delivery again with a fresh set of 10 attempts (the same id and body, so a receiver can drop a duplicate).`,
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('resendNotification'), params: NotificationIdParams },
  responses: { 202: { description: 'Queued' }, ...errorResponses(...GUARDED_WRITE, 404) },
});

export const resendFailedNotifications = createRoute({
  method: 'post',
  path: '/v1/webhooks/{webhookId}/notifications/resend_failed',
  tags,
  summary: 'Resend every failed notification',
  ...operation(
    'resendFailedNotifications',
    `Queues every FAILED notification of the webhook (optionally since startTime and of the given events) for delivery again.`,
  ),
  security: SECURITY,
  request: {
    ...idempotencyHeaders('resendFailedNotifications'),
    params: WebhookIdParam,
    body: { required: false, content: { 'application/json': { schema: ResendFailedRequest } } },
  },
  responses: {
    200: json(ResendFailedResponse, 'No failed notifications to resend (total 0)'),
    202: json(ResendFailedResponse, 'How many were queued'),
    ...errorResponses(...GUARDED_WRITE, 404),
  },
});

export const sendWebhookTestEvent = createRoute({
  method: 'post',
  path: '/v1/webhooks/{webhookId}/test',
  tags: ['Webhooks (extension)'],
  summary: 'Send a test event',
  ...operation(
    'sendWebhookTestEvent',
    `Queues a transaction.created notification with a sample transaction (id prefixed "test-") to this webhook only, signed like any other.`,
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('sendWebhookTestEvent'), params: WebhookIdParam },
  responses: { 202: json(TestEventResponse, 'The queued notification'), ...errorResponses(...GUARDED_WRITE, 404) },
});
