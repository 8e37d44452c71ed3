import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AuditColumn,
  AuditEventContext,
  AuditPreferences,
  type CreateSavedViewRequest,
  DemoHistoryProgress,
  SavedView,
  SavedViews,
} from '../../../contract/audit-views';
import { session } from '../../lib/session';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { auditQueries } from './api';

/** The explorer's extensions: an event with its context, each reader's saved views and columns. */
const AUDIT_LOGS = '/v1/management/audit_logs';
const VIEWS = `${AUDIT_LOGS}/views`;
const PREFERENCES = `${AUDIT_LOGS}/preferences`;
const DEMO_HISTORY = `${AUDIT_LOGS}/demo_history`;
/** How often the explorer asks how far the demo history is, while it is being written. */
export const DEMO_HISTORY_POLL_MS = 3_000;

/** Where a saved view opens: by its id only, so that no filter value (a person's name) lands in a link. */
export const savedViewPath = (id: string) => `/audit?view=${encodeURIComponent(id)}`;

export const explorerQueries = {
  context: (id: string) =>
    queryOptions({
      queryKey: [...auditQueries.all, 'context', id] as const,
      queryFn: ({ signal }) => session.api.request(`${AUDIT_LOGS}/${encodeURIComponent(id)}/context?before=5&after=5`, AuditEventContext, { signal }),
      // An event and the ones before it never change; the ones after it may grow, which a reload shows.
      staleTime: Infinity,
    }),
  views: () =>
    queryOptions({
      queryKey: [...auditQueries.all, 'views'] as const,
      queryFn: ({ signal }) => session.api.request(VIEWS, SavedViews, { signal }),
      select: (page) => page.data,
      staleTime: 60_000,
    }),
  demoHistory: () =>
    queryOptions({
      queryKey: [...auditQueries.all, 'demo-history'] as const,
      queryFn: ({ signal }) => session.api.request(DEMO_HISTORY, DemoHistoryProgress, { signal }),
      // Asked again while the service is still writing it; once complete it stays so.
      refetchInterval: (query) => (query.state.data && query.state.data.written < query.state.data.total ? DEMO_HISTORY_POLL_MS : false),
      staleTime: Infinity,
    }),
  preferences: () =>
    queryOptions({
      queryKey: [...auditQueries.all, 'preferences'] as const,
      queryFn: ({ signal }) => session.api.request(PREFERENCES, AuditPreferences, { signal }),
      staleTime: Infinity,
    }),
};

export function useSaveView() {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: CreateSavedViewRequest) => session.api.request(VIEWS, SavedView, { method: 'POST', body, idempotencyKey: idempotency.keyFor(body) }),
    // Refusals (a name taken) are shown in the dialog, by its field.
    onSuccess: (view) => notifications.show({ color: 'teal', title: 'View saved', message: view.name }),
    onSettled: (_view, error) => {
      idempotency.settle(error);
      return queryClient.invalidateQueries({ queryKey: explorerQueries.views().queryKey });
    },
  });
}

export function useRenameView() {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      session.api.request(`${VIEWS}/${id}`, SavedView, { method: 'PATCH', body: { name }, idempotencyKey: idempotency.keyFor({ id, name }) }),
    onSettled: (_view, error) => {
      idempotency.settle(error);
      return queryClient.invalidateQueries({ queryKey: explorerQueries.views().queryKey });
    },
  });
}

export function useDeleteView() {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (id: string) => session.api.request(`${VIEWS}/${id}`, SavedView, { method: 'DELETE', idempotencyKey: idempotency.keyFor({ delete: id }) }),
    meta: { errorTitle: 'The view was not deleted' },
    onSuccess: (view) => notifications.show({ color: 'teal', title: 'View deleted', message: view.name }),
    onSettled: (_view, error) => {
      idempotency.settle(error);
      return queryClient.invalidateQueries({ queryKey: explorerQueries.views().queryKey });
    },
  });
}

/** Keeps the reader's columns: shown at once (the cache), then stored on the service. */
export function useSaveColumns() {
  const queryClient = useQueryClient();
  const key = explorerQueries.preferences().queryKey;
  return useMutation({
    mutationFn: (columns: AuditColumn[]) => session.api.request(PREFERENCES, AuditPreferences, { method: 'PUT', body: { columns } }),
    meta: { errorTitle: 'The columns were not kept' },
    onMutate: (columns) => queryClient.setQueryData(key, { columns }),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
