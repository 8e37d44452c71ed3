import type { QueryClient } from '@tanstack/react-query';
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
}
