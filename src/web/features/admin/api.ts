import { queryOptions } from '@tanstack/react-query';
import { ApiUsersResponse } from '../../../contract/admin';
import { session } from '../../lib/session';

/** Query keys of the API users, nested so that invalidating `all` refreshes every view of them. */
export const apiUserQueries = {
  all: ['admin', 'api-users'] as const,
  list: () =>
    queryOptions({
      queryKey: [...apiUserQueries.all, 'list'] as const,
      queryFn: ({ signal }) => session.api.request('/v1/management/api_users', ApiUsersResponse, { signal }),
      select: (response) => response.users,
    }),
};
