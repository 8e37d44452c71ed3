import { ConsoleUser, PeopleResponse, UserIdParam } from '../admin';
import { area } from './operation';

const people = area({ tags: ['Console (extension)'], roles: 'any' });

// Console people (extension): every role sees who did something somewhere (a transfer's creator,
// an approval's requester), so every role may read the names and roles behind those ids.
export const listPeople = people.get('listPeople', '/v1/console/people', 'The people of the workspace, by name (extension)', {
  description:
    'Every console user and API user of the caller’s workspace: id, name, kind and role (no email, no key material), so that a client can show the name and role behind the user ids that events, approvals, transfers and orders carry.',
  200: ['The people of the workspace, by name', PeopleResponse],
});

// One console user, for the page a name links to: the roles of the list above; what a role may
// not read elsewhere (the last sign-in, the passkey count) is left out for it.
export const getConsoleUser = people.get('getConsoleUser', '/v1/console/people/{userId}', 'One console user of the workspace (extension)', {
  description:
    'A console user of the caller’s workspace, for the page their name links to: name, role, whether they are enabled, when they were created and, for the roles that may read the audit log and the passkey policy, their last sign-in and how many passkeys they have (no email, no credentials). An id of another workspace, or of an API user, is 404.',
  params: UserIdParam,
  200: ['The console user', ConsoleUser],
});
