import { queryOptions } from '@tanstack/react-query';
import { ConsoleUser, PeopleResponse, type Person } from '../../contract/admin';
import { ROLE_LABELS } from '../../contract/role-labels';
import { peopleKeys } from './query-keys';
import { session } from './session';

/**
 * The names and roles behind the user ids that events, approvals, transfers and orders carry: the
 * workspace's people, read once into one cache entry (by id) whichever page shows a name. People
 * come and go through approvals, which invalidate `peopleKeys.all`; otherwise the list is kept for
 * minutes, so a long table of names asks for it once.
 */
export const peopleQuery = () =>
  queryOptions({
    queryKey: peopleKeys.all,
    queryFn: async ({ signal }) => {
      const { people } = await session.api.request('/v1/console/people', PeopleResponse, { signal });
      return new Map(people.map((person) => [person.id, person]));
    },
    staleTime: 5 * 60_000,
  });

/** One console user, for the page a name links to. */
export const consoleUserQuery = (id: string) =>
  queryOptions({
    queryKey: peopleKeys.consoleUser(id),
    queryFn: ({ signal }) => session.api.request(`/v1/console/people/${encodeURIComponent(id)}`, ConsoleUser, { signal }),
  });

/** A person's role in words; an API user says it is one ("API user, Admin"). */
export const personRole = (person: Person) => (person.kind === 'apiUser' ? `API user, ${ROLE_LABELS[person.role]}` : ROLE_LABELS[person.role]);
