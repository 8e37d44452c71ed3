import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifyError } from '../components/notify-error';
import { isApiError } from '../lib/api-client';

declare module '@tanstack/react-query' {
  interface Register {
    /** `errorTitle` names a failed action in its notification, e.g. "Sign-out failed". */
    mutationMeta: { errorTitle?: string };
  }
}

// A 401 has already been dealt with by the API client, which refreshed or ended the session.
const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        // A first load that fails is shown by the page in place of its content; only a failed
        // background refresh of data already on screen needs a (quiet) word.
        if (query.state.data !== undefined && !isUnauthorized(error)) {
          notifyError('Could not refresh the data on screen', error, { quiet: true });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _variables, _result, mutation) {
        // A mutation with its own error handler shows the failure where it happened.
        if (mutation.options.onError || isUnauthorized(error)) return;
        notifyError(mutation.meta?.errorTitle ?? 'The action failed', error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change by asking again; an outage or a 5xx might.
        retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
}
