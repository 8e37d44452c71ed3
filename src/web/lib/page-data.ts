import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';

/** What a page's route loader knows when it prefetches: the cache, the path's parameters and the address's query. */
export interface PageLoadContext {
  queryClient: QueryClient;
  params: Params;
  /** The URL state (filters, paging) the page will read, so the query fetched is the one it renders. */
  search: URLSearchParams;
}

/**
 * What a page module exports as `pageData` beside its component. The route's loader runs `load`
 * before the page renders: it fetches the page's first query with `ensureQueryData`, from the same
 * `queryOptions` the page reads with `useSuspenseQuery`, so the page draws with its data (one
 * request, started beside the page's chunk rather than after it). When that query fails, the route's
 * error boundary shows the failure under `errorTitle` in place of the page, with a retry.
 */
export interface PageData {
  errorTitle: string;
  load: (context: PageLoadContext) => Promise<unknown>;
  /**
   * How the page shows that failure when some answers are not failures to it (trading's 403 for a
   * workspace outside the beta, the Travel Rule's 404 for no integration yet); the shared error view otherwise.
   */
  ErrorView?: ComponentType<PageErrorProps>;
  /** The way back to the list above a detail page, kept when the page cannot be shown. */
  back?: { to: string; label: string };
}

/** What the route's error boundary hands a page's own error view. */
export interface PageErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
}
