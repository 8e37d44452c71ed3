import { Anchor, Badge, Code, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Person as PersonRecord } from '../../contract/admin';
import { mayPerform } from '../../contract/operations';
import type { Role } from '../../contract/roles';
import { peopleQuery, personRole } from '../lib/people-queries';
import { useSessionState } from '../lib/use-session-state';

/** An API user's row in the API users list, the page that shows API users. */
export const apiUserAnchor = (id: string) => `api-user-${id}`;
/** Where one API user is shown: its row in the API users list, which scrolls to and marks it. */
export const apiUserHref = (id: string) => `/admin/api-users#${apiUserAnchor(id)}`;
/** A console user's own page. */
const consoleUserHref = (id: string) => `/people/${encodeURIComponent(id)}`;

/** Where a person is shown, if the viewer's role may open it: a console user's page, an API user's row. */
function personHref(person: PersonRecord, role: Role): string | undefined {
  if (person.kind === 'user') return mayPerform(role, 'getConsoleUser') ? consoleUserHref(person.id) : undefined;
  return mayPerform(role, 'listApiUsers') ? apiUserHref(person.id) : undefined;
}

/**
 * Who did something, by name and role, wherever the console says so ("created by", an approval's
 * requester and deciders, the audit log's user): a console user or an API user of the workspace,
 * looked up by `id` in the workspace's people. A console user's name links to their page, an API
 * user's to its row in the API users list, for the roles that may open them. `name` is the name the record itself carries (an
 * audit event's, an approval's): shown while the people load, and for an actor who is no person
 * (the transaction engine). An id nobody names is shown as it is, since it is all there is.
 * Inline (spans only), so it reads inside a sentence or a truncated table cell.
 */
export function Person({ id, name }: { id: string; name?: string }) {
  const people = useQuery(peopleQuery());
  const viewer = useSessionState();
  const person = people.data?.get(id);
  if (!person) {
    if (name !== undefined) return <span>{name}</span>;
    if (people.isPending)
      return (
        <Text span inherit c="dimmed">
          Loading the name…
        </Text>
      );
    return <Code>{id}</Code>;
  }
  const href = viewer.status === 'signed-in' ? personHref(person, viewer.user.role) : undefined;
  return (
    <>
      {href ? (
        <Anchor component={Link} to={href} inherit fw={500}>
          {person.name}
        </Anchor>
      ) : (
        <span style={{ fontWeight: 500 }}>{person.name}</span>
      )}{' '}
      <Badge component="span" size="sm" variant="light" tt="none" style={{ verticalAlign: 'middle' }}>
        {personRole(person)}
      </Badge>
    </>
  );
}
