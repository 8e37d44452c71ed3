import { notifications } from '@mantine/notifications';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  getWebhookNotification,
  listNotificationAttempts,
  listWebhookNotifications,
  listWebhooks,
  resendFailedNotifications,
  resendNotification,
  sendWebhookTestEvent,
  updateWebhook,
} from '../../../contract/routes/webhooks';
import type { CreateWebhookRequest, Notification, NotificationStatus, UpdateWebhookRequest, WebhookEvent } from '../../../contract/webhooks';
import { api } from '../../lib/api';
import type { FormMutationOptions } from '../../lib/form-mutation';
import { whileStreamDown } from '../../lib/live';
import { stepUpHeaders } from '../../lib/passkeys';
import { webhookKeys } from '../../lib/query-keys';
import { useIdempotentMutation } from '../../lib/use-idempotency-key';

/** Every query of this area sits under one root, so a change refreshes what it touched by prefix. */
const WEBHOOKS = webhookKeys.all;

/**
 * While the live stream is down (with it up, its notices refresh these queries): deliveries still
 * under way are followed closely; otherwise new notifications and webhook changes are looked for now and then.
 */
export const DELIVERING_REFRESH_MS = 2_000;
export const IDLE_REFRESH_MS = 5_000;

const isUnderWay = (status: NotificationStatus) => status === 'IN_PROGRESS' || status === 'ON_HOLD';

export interface NotificationFilters {
  statuses: NotificationStatus[];
  event: WebhookEvent | null;
}

export const webhookQueries = {
  all: WEBHOOKS,
  list: () =>
    infiniteQueryOptions({
      queryKey: [...WEBHOOKS, 'list'] as const,
      queryFn: ({ pageParam, signal }) => api(listWebhooks, { query: { pageSize: 50, pageCursor: pageParam }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next,
      refetchInterval: () => whileStreamDown(IDLE_REFRESH_MS),
    }),
  detail: (webhookId: string) =>
    queryOptions({
      queryKey: [...WEBHOOKS, 'detail', webhookId] as const,
      queryFn: ({ signal }) => api(getWebhook, { params: { webhookId }, signal }),
      refetchInterval: () => whileStreamDown(IDLE_REFRESH_MS),
    }),
  /** Newest first, a page at a time; the stream's notices refresh it (queued, each attempt, resent), or polling while it is down. */
  notifications: (webhookId: string, filters: NotificationFilters) =>
    infiniteQueryOptions({
      queryKey: [...WEBHOOKS, 'notifications', webhookId, 'list', filters] as const,
      queryFn: ({ pageParam, signal }) =>
        api(listWebhookNotifications, {
          params: { webhookId },
          query: {
            pageSize: 50,
            order: 'DESC',
            statuses: filters.statuses.length > 0 ? filters.statuses.join(',') : undefined,
            events: filters.event,
            pageCursor: pageParam,
          },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next,
      refetchInterval: (query) =>
        whileStreamDown(
          query.state.data?.pages.some((page) => page.data.some((notification) => isUnderWay(notification.status))) ? DELIVERING_REFRESH_MS : IDLE_REFRESH_MS,
        ),
    }),
  notification: (webhookId: string, notificationId: string) =>
    queryOptions({
      queryKey: [...WEBHOOKS, 'notifications', webhookId, 'detail', notificationId] as const,
      queryFn: ({ signal }) => api(getWebhookNotification, { params: { webhookId, notificationId }, signal }),
      refetchInterval: (query) => whileStreamDown(query.state.data && !isUnderWay(query.state.data.status) ? false : DELIVERING_REFRESH_MS),
    }),
  /**
   * The newest attempts (at most 100, more than the 10 a delivery makes) as of the notification's
   * attempt count. Each attempt changes the key, so the list follows the notification's own
   * refreshes: polling the two apart could miss the last attempt of a round that ended between polls.
   */
  attempts: (webhookId: string, notification: Pick<Notification, 'id' | 'attempts'>) =>
    queryOptions({
      queryKey: [...WEBHOOKS, 'notifications', webhookId, 'attempts', notification.id, notification.attempts] as const,
      queryFn: ({ signal }) => api(listNotificationAttempts, { params: { webhookId, notificationId: notification.id }, query: { pageSize: 100 }, signal }),
      placeholderData: keepPreviousData,
    }),
};

export function useCreateWebhook({ onError }: FormMutationOptions) {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    // A webhook sends the workspace's events out: confirmed with a passkey when I have one (as are changing and deleting one).
    mutationFn: async (body: CreateWebhookRequest, keyFor) => {
      const headers = await stepUpHeaders(queryClient, { operationId: 'createWebhook', body });
      return api(createWebhook, { body, headers, idempotencyKey: keyFor(body) });
    },
    onSuccess: (webhook) => {
      notifications.show({ color: 'teal', title: 'Webhook registered', message: `Events will be sent to ${webhook.url}.` });
    },
    onError,
    invalidates: [[...WEBHOOKS, 'list']],
  });
}

export function useUpdateWebhook(webhookId: string, { onError }: FormMutationOptions) {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: async (body: UpdateWebhookRequest, keyFor) => {
      const headers = await stepUpHeaders(queryClient, { operationId: 'updateWebhook', resourceId: webhookId, body });
      return api(updateWebhook, { params: { webhookId }, body, headers, idempotencyKey: keyFor({ webhookId, ...body }) });
    },
    onSuccess: (webhook) => {
      queryClient.setQueryData(webhookQueries.detail(webhookId).queryKey, webhook);
      notifications.show({ color: 'teal', title: 'Webhook saved', message: webhook.url });
    },
    onError,
    invalidates: [[...WEBHOOKS, 'list']],
  });
}

/** `onDeleted` runs first once the service has deleted it: the page stops drawing the webhook before its queries go. */
export function useDeleteWebhook(webhookId: string, { onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: async (_, keyFor) => {
      const headers = await stepUpHeaders(queryClient, { operationId: 'deleteWebhook', resourceId: webhookId });
      return api(deleteWebhook, { params: { webhookId }, headers, idempotencyKey: keyFor({ delete: webhookId }) });
    },
    meta: { errorTitle: 'The webhook was not deleted' },
    onSuccess: (webhook) => {
      onDeleted();
      // Gone from the cache too, so going back to its address asks the service (and says it is gone)
      // rather than drawing it from memory.
      queryClient.removeQueries({ queryKey: webhookQueries.detail(webhookId).queryKey });
      queryClient.removeQueries({ queryKey: [...WEBHOOKS, 'notifications', webhookId] });
      notifications.show({ color: 'teal', title: 'Webhook deleted', message: `Nothing more will be sent to ${webhook.url}.` });
    },
    invalidates: [[...WEBHOOKS, 'list']],
  });
}

export function useSendTestEvent(webhookId: string) {
  return useIdempotentMutation({
    // The key lasts until the service answers, so each click after an answer sends another event.
    mutationFn: (_, keyFor) => api(sendWebhookTestEvent, { params: { webhookId }, idempotencyKey: keyFor({ test: webhookId }) }),
    meta: { errorTitle: 'The test event was not sent' },
    onSuccess: () => {
      notifications.show({
        color: 'teal',
        title: 'Test event queued',
        message: 'A sample transaction.created event is on its way; it appears under Notifications.',
      });
    },
    invalidates: [[...WEBHOOKS, 'notifications', webhookId]],
  });
}

export function useResendNotification(webhookId: string, notificationId: string) {
  return useIdempotentMutation({
    mutationFn: (_, keyFor) => api(resendNotification, { params: { webhookId, notificationId }, idempotencyKey: keyFor({ resend: notificationId }) }),
    meta: { errorTitle: 'The notification was not resent' },
    onSuccess: () => {
      notifications.show({
        color: 'teal',
        title: 'Notification queued again',
        message: 'It is delivered again with a fresh set of attempts, under the same id.',
      });
    },
    invalidates: [[...WEBHOOKS, 'notifications', webhookId]],
  });
}

export function useResendFailed(webhookId: string) {
  return useIdempotentMutation({
    mutationFn: (_, keyFor) => api(resendFailedNotifications, { params: { webhookId }, body: {}, idempotencyKey: keyFor({ resendFailed: webhookId }) }),
    meta: { errorTitle: 'The failed notifications were not resent' },
    onSuccess: ({ total }) => {
      notifications.show({
        color: total === 0 ? 'gray' : 'teal',
        title: total === 0 ? 'Nothing to resend' : 'Failed notifications queued again',
        message:
          total === 0 ? 'No notification of this webhook has failed.' : `${total === 1 ? '1 notification is' : `${total} notifications are`} delivered again.`,
      });
    },
    invalidates: [[...WEBHOOKS, 'notifications', webhookId]],
  });
}
