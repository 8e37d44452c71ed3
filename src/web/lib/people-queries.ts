import { queryOptions } from '@tanstack/react-query';
import type { Person } from '../../contract/admin';
import { ROLE_LABELS } from '../../contract/role-labels';
import { getConsoleUser, listPeople } from '../../contract/routes/people';
import { api } from './api';
import { peopleKeys } from './query-keys';

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
      const { people } = await api(listPeople, { signal });
      return new Map(people.map((person) => [person.id, person]));
    },
    staleTime: 5 * 60_000,
  });

/** One console user, for the page a name links to. */
export const consoleUserQuery = (id: string) =>
  queryOptions({
    queryKey: peopleKeys.consoleUser(id),
    queryFn: ({ signal }) => api(getConsoleUser, { params: { userId: id }, signal }),
  });

/** A person's role in words; an API user says it is one ("API user, Admin"). */
export const personRole = (person: Person) => (person.kind === 'apiUser' ? `API user, ${ROLE_LABELS[person.role]}` : ROLE_LABELS[person.role]);
