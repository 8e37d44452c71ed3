import { session } from '../lib/session';
import { createQueryClient } from './query-client';

/**
 * The signed-in console's one query cache: the shell provides it to the pages, and the page routes'
 * loaders fill it before a page renders. Its chunk comes with the shell's, not with the sign-in page.
 */
export const queryClient = createQueryClient();

// Whatever one user loaded must not be shown to whoever signs in next on this tab.
session.subscribe(() => {
  if (session.getSnapshot().status !== 'signed-in') queryClient.clear();
});
