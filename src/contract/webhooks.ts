import { z } from 'zod';
import { epochMs, pageSize, repeated } from './query';

/**
 * Webhooks (v2 in wire-facts): registration, notifications and their delivery attempts. The
 * shapes follow the official SDK's models, so its WebhooksV2Api reads our answers unchanged.
 */

export const WEBHOOK_EVENTS = [
  'transaction.created',
  'transaction.status.updated',
  'transaction.approval_status.updated',
  'transaction.network_records.processing_completed',
  'transaction.alert.stuck',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_STATUSES = ['ENABLED', 'DISABLED', 'SUSPENDED'] as const;
export const NOTIFICATION_STATUSES = ['COMPLETED', 'FAILED', 'IN_PROGRESS', 'ON_HOLD'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** Seconds to wait after each failed attempt, from wire-facts; the 10th failure ends it. */
export const RETRY_SCHEDULE_SECONDS = [10, 30, 120, 300, 900, 1800, 3600, 7200, 14400] as const;
export const MAX_ATTEMPTS = RETRY_SCHEDULE_SECONDS.length + 1;

/** The delivery headers: a detached JWS (RS512, with kid) and the legacy base64 RSA-SHA512 of the body. */
export const SIGNATURE_HEADER = 'Fireblocks-Webhook-Signature';
export const LEGACY_SIGNATURE_HEADER = 'Fireblocks-Signature';
/** Where the public keys are published, relative to the service's origin. */
export const JWKS_PATH = '/.well-known/jwks.json';

export const WEBHOOK_ERRORS = {
  notFound: 404,
  invalidUrl: 1101,
  refusedAddress: 1102,
} as const;

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `events must be among ${WEBHOOK_EVENTS.join(', ')}` }))
  .min(1, { error: 'events must name at least one event type' })
  .max(WEBHOOK_EVENTS.length)
  .refine((list) => new Set(list).size === list.length, { error: 'events must not repeat an event type' });
const url = z
  .string({ error: 'url is required' })
  .trim()
  .min(1, { error: 'url must not be empty' })
  .max(2048, { error: 'url must be at most 2048 characters' });
const description = z.string().max(255, { error: 'description must be at most 255 characters' });

export const CreateWebhookRequest = z
  .strictObject({ url, description: description.optional(), events, enabled: z.boolean().default(true) })
  .meta({ id: 'CreateWebhookRequest' });
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequest>;

export const UpdateWebhookRequest = z
  .strictObject({ url: url.optional(), description: description.optional(), events: events.optional(), enabled: z.boolean().optional() })
  .refine((body) => Object.keys(body).length > 0, { error: 'the body must change at least one of url, description, events, enabled' })
  .meta({ id: 'UpdateWebhookRequest' });
export type UpdateWebhookRequest = z.infer<typeof UpdateWebhookRequest>;

export const Webhook = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().optional(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    status: z.enum(WEBHOOK_STATUSES),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof Webhook>;

export const WEBHOOKS_PAGE_SIZE = { min: 1, max: 100, default: 10 } as const;
export const NOTIFICATIONS_PAGE_SIZE = { min: 1, max: 100, default: 100 } as const;

export const WebhooksQuery = z.object({
  order: z.enum(['ASC', 'DESC'], { error: 'order must be ASC or DESC' }).default('DESC'),
  pageCursor: z.string().max(1024).optional(),
  pageSize: pageSize('pageSize', WEBHOOKS_PAGE_SIZE),
});

export const WebhooksPage = z.object({ data: z.array(Webhook), next: z.string().nullable() }).meta({ id: 'WebhookPaginatedResponse' });
export type WebhooksPage = z.infer<typeof WebhooksPage>;

export const WebhookIdParam = z.object({ webhookId: z.string().min(1).max(100) });
export const NotificationIdParams = z.object({ webhookId: z.string().min(1).max(100), notificationId: z.string().min(1).max(100) });

export const NotificationsQuery = z.object({
  order: z.enum(['ASC', 'DESC'], { error: 'order must be ASC or DESC' }).default('DESC'),
  sortBy: z
    .enum(['id', 'createdAt', 'updatedAt', 'status', 'eventType', 'resourceId'], { error: 'sortBy must be createdAt' })
    .optional()
    .meta({ description: 'Accepted for SDK compatibility; notifications are always sorted by creation time.' }),
  pageCursor: z.string().max(1024).optional(),
  pageSize: pageSize('pageSize', NOTIFICATIONS_PAGE_SIZE),
  startTime: epochMs('startTime').optional(),
  endTime: epochMs('endTime').optional(),
  statuses: repeated('statuses', NOTIFICATION_STATUSES),
  events: repeated('events', WEBHOOK_EVENTS),
  resourceId: z.string().max(200).optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

export const Notification = z
  .object({
    id: z.string(),
    createdAt: z.number(),
    updatedAt: z.number(),
    status: z.enum(NOTIFICATION_STATUSES),
    eventType: z.enum(WEBHOOK_EVENTS),
    resourceId: z.string().nullable().optional(),
    /** Extension: attempts so far and when the next one is due (null once final). */
    attempts: z.number().int().meta({ description: 'Extension: delivery attempts so far.' }),
    nextAttemptAt: z.number().nullable().meta({ description: 'Extension: when the next attempt is due; null once delivered or failed.' }),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const NotificationWithData = Notification.extend({ data: z.record(z.string(), z.unknown()).optional() }).meta({ id: 'NotificationWithData' });
export type NotificationWithData = z.infer<typeof NotificationWithData>;

export const NotificationsPage = z
  .object({ data: z.array(Notification), total: z.number().int().nullable().optional(), next: z.string().nullable() })
  .meta({ id: 'NotificationPaginatedResponse' });
export type NotificationsPage = z.infer<typeof NotificationsPage>;

export const FAILURE_REASONS = ['TIMED_OUT', 'NO_RESPONSE'] as const;

export const NotificationAttempt = z
  .object({
    sentTime: z.number(),
    duration: z.number().int(),
    responseCode: z.number().int().optional(),
    failureReason: z.enum(FAILURE_REASONS).optional(),
  })
  .meta({ id: 'NotificationAttempt' });
export type NotificationAttempt = z.infer<typeof NotificationAttempt>;

export const AttemptsQuery = z.object({ pageCursor: z.string().max(1024).optional(), pageSize: pageSize('pageSize', { min: 1, max: 100, default: 10 }) });
export const AttemptsPage = z.object({ data: z.array(NotificationAttempt), next: z.string().nullable() }).meta({ id: 'NotificationAttemptsPaginatedResponse' });
export type AttemptsPage = z.infer<typeof AttemptsPage>;

export const ResendFailedRequest = z
  .strictObject({ startTime: epochMs('startTime').optional(), events: z.array(z.enum(WEBHOOK_EVENTS)).optional() })
  .meta({ id: 'ResendFailedNotificationsRequest' });
export const ResendFailedResponse = z.object({ total: z.number().int() }).meta({ id: 'ResendFailedNotificationsResponse' });

/** Extension: send a sample event to one webhook, to check the receiver end to end. */
export const TestEventResponse = z.object({ notificationId: z.string() });

/** The envelope a receiver gets, as in the spec's Events section. */
export const WebhookEnvelope = z.object({
  id: z.string(),
  resourceId: z.string(),
  webhookId: z.string(),
  workspaceId: z.string(),
  eventType: z.enum(WEBHOOK_EVENTS),
  createdAt: z.number(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof WebhookEnvelope>;

export const Jwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });
