import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getAuditDimensions, getAuditHistogram, getAuditLogs, verifyAuditChain } from '../../../contract/routes/audit';
import { api } from '../../lib/api';
import { type AuditRange, type AuditView, toAuditSearch } from './audit-view';

/** One page of what `search` selects; `cursor` is the `next` of the page before, null for the first. */
export function fetchAuditPage(search: URLSearchParams, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams(search);
  if (cursor) query.set('pageCursor', cursor);
  return api(getAuditLogs, { query, signal });
}

/** Query keys of the audit log, nested so that invalidating `all` refreshes every view of it. */
export const auditQueries = {
  all: ['audit'] as const,
  events: (view: AuditView) =>
    infiniteQueryOptions({
      queryKey: [...auditQueries.all, 'events', view] as const,
      queryFn: ({ pageParam, signal }) => fetchAuditPage(toAuditSearch(view), pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next,
      // The range is absolute and an event is stamped when it is written, so the pages of a range
      // that has ended never change; refetching on focus would read every loaded page again.
      staleTime: Infinity,
    }),
  /** Counts per time bucket of what the view selects (its order and page size do not change them). */
  histogram: (view: AuditView, buckets: number) =>
    queryOptions({
      queryKey: [...auditQueries.all, 'histogram', { ...view, order: null, pageSize: null }, buckets] as const,
      queryFn: ({ signal }) => {
        const params = toAuditSearch(view);
        params.delete('order');
        params.delete('pageSize');
        params.set('buckets', String(buckets));
        return api(getAuditHistogram, { query: params, signal });
      },
      // Like the events: an absolute range that has ended never changes.
      staleTime: Infinity,
    }),
  /** Values seen over the last year, offered as suggestions in the filters. */
  dimensions: () =>
    queryOptions({
      queryKey: [...auditQueries.all, 'dimensions'] as const,
      queryFn: ({ signal }) => api(getAuditDimensions, { signal }),
      staleTime: 10 * 60_000,
    }),
  verification: ({ startTime, endTime }: AuditRange) =>
    queryOptions({
      queryKey: [...auditQueries.all, 'verification', { startTime, endTime }] as const,
      queryFn: ({ signal }) => api(verifyAuditChain, { query: { startTime, endTime }, signal }),
      // Walking the chain is costly: it runs when somebody asks (the page refetches on each click),
      // never by itself on focus, and is forgotten once the range changes.
      staleTime: Infinity,
      gcTime: 0,
    }),
};
