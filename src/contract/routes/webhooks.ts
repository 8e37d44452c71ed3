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
import { IdempotencyHeaders, SECURITY } from './common';
import { errorResponses, GUARDED, GUARDED_WRITE } from './responses';

const tags = ['Webhooks'];
const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const ADMINS = 'Roles: Owner, Admin, Non-Signing Admin.';

export const createWebhook = createRoute({
  method: 'post',
  path: '/v1/webhooks',
  operationId: 'createWebhook',
  tags,
  summary: 'Register a webhook',
  description: `The URL must be https (plain http only to loopback when the service allows local receivers), and its host must not resolve to a private, loopback or link-local address unless the service allows it. ${ADMINS} Rate category: write.`,
  security: SECURITY,
  request: { headers: IdempotencyHeaders, body: body(CreateWebhookRequest) },
  responses: { 201: json(Webhook, 'The webhook'), ...errorResponses(...GUARDED_WRITE) },
});

export const listWebhooks = createRoute({
  method: 'get',
  path: '/v1/webhooks',
  operationId: 'getWebhooks',
  tags,
  summary: 'List webhooks',
  description: 'Rate category: query.',
  security: SECURITY,
  request: { query: WebhooksQuery },
  responses: { 200: json(WebhooksPage, 'A page of webhooks'), ...errorResponses(...GUARDED) },
});

export const getWebhook = createRoute({
  method: 'get',
  path: '/v1/webhooks/{webhookId}',
  operationId: 'getWebhook',
  tags,
  summary: 'Get a webhook',
  description: 'Rate category: query.',
  security: SECURITY,
  request: { params: WebhookIdParam },
  responses: { 200: json(Webhook, 'The webhook'), ...errorResponses(...GUARDED, 404) },
});

export const updateWebhook = createRoute({
  method: 'patch',
  path: '/v1/webhooks/{webhookId}',
  operationId: 'updateWebhook',
  tags,
  summary: 'Update a webhook',
  description: `Change the URL (checked as at creation), description, events, or switch it on or off. ${ADMINS} Rate category: write.`,
  security: SECURITY,
  request: { params: WebhookIdParam, headers: IdempotencyHeaders, body: body(UpdateWebhookRequest) },
  responses: { 200: json(Webhook, 'The webhook'), ...errorResponses(...GUARDED_WRITE, 404) },
});

export const deleteWebhook = createRoute({
  method: 'delete',
  path: '/v1/webhooks/{webhookId}',
  operationId: 'deleteWebhook',
  tags,
  summary: 'Delete a webhook',
  description: `Notifications not yet delivered are dropped with it. ${ADMINS} Rate category: write.`,
  security: SECURITY,
  request: { params: WebhookIdParam, headers: IdempotencyHeaders },
  responses: { 200: json(Webhook, 'The deleted webhook'), ...errorResponses(...GUARDED_WRITE, 404) },
});

export const listWebhookNotifications = createRoute({
  method: 'get',
  path: '/v1/webhooks/{webhookId}/notifications',
  operationId: 'getNotifications',
  tags,
  summary: 'List a webhook’s notifications',
  description: 'Newest first by default; filters combine with AND, repeated values with OR. Rate category: query.',
  security: SECURITY,
  request: { params: WebhookIdParam, query: NotificationsQuery },
  responses: { 200: json(NotificationsPage, 'A page of notifications'), ...errorResponses(...GUARDED, 404) },
});

export const getWebhookNotification = createRoute({
  method: 'get',
  path: '/v1/webhooks/{webhookId}/notifications/{notificationId}',
  operationId: 'getNotification',
  tags,
  summary: 'Get a notification with its payload',
  description: 'Rate category: query.',
  security: SECURITY,
  request: { params: NotificationIdParams },
  responses: { 200: json(NotificationWithData, 'The notification'), ...errorResponses(...GUARDED, 404) },
});

export const listNotificationAttempts = createRoute({
  method: 'get',
  path: '/v1/webhooks/{webhookId}/notifications/{notificationId}/attempts',
  operationId: 'getNotificationAttempts',
  tags,
  summary: 'List a notification’s delivery attempts',
  description: 'Newest first. Rate category: query.',
  security: SECURITY,
  request: { params: NotificationIdParams, query: AttemptsQuery },
  responses: { 200: json(AttemptsPage, 'A page of attempts'), ...errorResponses(...GUARDED, 404) },
});

export const resendNotification = createRoute({
  method: 'post',
  path: '/v1/webhooks/{webhookId}/notifications/{notificationId}/resend',
  operationId: 'resendNotificationById',
  tags,
  summary: 'Resend one notification',
  description: `Queues the notification for delivery again with a fresh set of 10 attempts (the same id and body, so a receiver can drop a duplicate). ${ADMINS} Rate category: write.`,
  security: SECURITY,
  request: { params: NotificationIdParams, headers: IdempotencyHeaders },
  responses: { 202: { description: 'Queued' }, ...errorResponses(...GUARDED_WRITE, 404) },
});

export const resendFailedNotifications = createRoute({
  method: 'post',
  path: '/v1/webhooks/{webhookId}/notifications/resend_failed',
  operationId: 'resendFailedNotifications',
  tags,
  summary: 'Resend every failed notification',
  description: `Queues every FAILED notification of the webhook (optionally since startTime and of the given events) for delivery again. ${ADMINS} Rate category: write.`,
  security: SECURITY,
  request: { params: WebhookIdParam, headers: IdempotencyHeaders, body: { required: false, content: { 'application/json': { schema: ResendFailedRequest } } } },
  responses: { 200: json(ResendFailedResponse, 'No failed notifications to resend (total 0)'), 202: json(ResendFailedResponse, 'How many were queued'), ...errorResponses(...GUARDED_WRITE, 404) },
});

export const sendWebhookTestEvent = createRoute({
  method: 'post',
  path: '/v1/webhooks/{webhookId}/test',
  operationId: 'sendWebhookTestEvent',
  tags: ['Webhooks (extension)'],
  summary: 'Send a test event',
  description: `Queues a transaction.created notification with a sample transaction (id prefixed "test-") to this webhook only, signed like any other. ${ADMINS} Rate category: write.`,
  security: SECURITY,
  request: { params: WebhookIdParam, headers: IdempotencyHeaders },
  responses: { 202: json(TestEventResponse, 'The queued notification'), ...errorResponses(...GUARDED_WRITE, 404) },
});
