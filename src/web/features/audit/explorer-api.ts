import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditColumn, CreateSavedViewRequest } from '../../../contract/audit-views';
import {
  createAuditView,
  deleteAuditView,
  getAuditEventContext,
  getAuditPreferences,
  getDemoHistoryProgress,
  listAuditViews,
  putAuditPreferences,
  renameAuditView,
} from '../../../contract/routes/audit-views';
import { api } from '../../lib/api';
import { useIdempotentMutation } from '../../lib/use-idempotency-key';
import { auditQueries } from './api';

/* The explorer's extensions: an event with its context, each reader's saved views and columns. */

/** How often the explorer asks how far the demo history is, while it is being written. */
export const DEMO_HISTORY_POLL_MS = 3_000;

/** Where a saved view opens: by its id only, so that no filter value (a person's name) lands in a link. */
export const savedViewPath = (id: string) => `/audit?view=${encodeURIComponent(id)}`;

export const explorerQueries = {
  context: (id: string) =>
    queryOptions({
      queryKey: [...auditQueries.all, 'context', id] as const,
      queryFn: ({ signal }) => api(getAuditEventContext, { params: { id }, query: { before: 5, after: 5 }, signal }),
      // An event and the ones before it never change; the ones after it may grow, which a reload shows.
      staleTime: Infinity,
    }),
  views: () =>
    queryOptions({
      queryKey: [...auditQueries.all, 'views'] as const,
      queryFn: ({ signal }) => api(listAuditViews, { signal }),
      select: (page) => page.data,
      staleTime: 60_000,
    }),
  demoHistory: () =>
    queryOptions({
      queryKey: [...auditQueries.all, 'demo-history'] as const,
      queryFn: ({ signal }) => api(getDemoHistoryProgress, { signal }),
      // Asked again while the service is still writing it; once complete it stays so.
      refetchInterval: (query) => (query.state.data && query.state.data.written < query.state.data.total ? DEMO_HISTORY_POLL_MS : false),
      staleTime: Infinity,
    }),
  preferences: () =>
    queryOptions({
      queryKey: [...auditQueries.all, 'preferences'] as const,
      queryFn: ({ signal }) => api(getAuditPreferences, { signal }),
      staleTime: Infinity,
    }),
};

export function useSaveView() {
  return useIdempotentMutation({
    mutationFn: (body: CreateSavedViewRequest, keyFor) => api(createAuditView, { body, idempotencyKey: keyFor(body) }),
    // Refusals (a name taken) are shown in the dialog, by its field.
    onSuccess: (view) => notifications.show({ color: 'teal', title: 'View saved', message: view.name }),
    invalidates: [explorerQueries.views().queryKey],
  });
}

export function useRenameView() {
  return useIdempotentMutation({
    mutationFn: ({ id, name }: { id: string; name: string }, keyFor) =>
      api(renameAuditView, { params: { viewId: id }, body: { name }, idempotencyKey: keyFor({ id, name }) }),
    invalidates: [explorerQueries.views().queryKey],
  });
}

export function useDeleteView() {
  return useIdempotentMutation({
    mutationFn: (id: string, keyFor) => api(deleteAuditView, { params: { viewId: id }, idempotencyKey: keyFor({ delete: id }) }),
    meta: { errorTitle: 'The view was not deleted' },
    onSuccess: (view) => notifications.show({ color: 'teal', title: 'View deleted', message: view.name }),
    invalidates: [explorerQueries.views().queryKey],
  });
}

/** Keeps the reader's columns: shown at once (the cache), then stored on the service. */
export function useSaveColumns() {
  const queryClient = useQueryClient();
  const key = explorerQueries.preferences().queryKey;
  return useMutation({
    mutationFn: (columns: AuditColumn[]) => api(putAuditPreferences, { body: { columns } }),
    meta: { errorTitle: 'The columns were not kept' },
    onMutate: (columns) => queryClient.setQueryData(key, { columns }),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
