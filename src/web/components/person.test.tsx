import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiUsersResponse, PeopleResponse } from '../../contract/admin';
import { SessionUser } from '../../contract/auth';
import { accessTokenOf, API_USERS, callServiceFor, PEOPLE, realServiceForFile, signInTo } from '../test/real-service';
import { renderAt } from '../test/render';
import { Person } from './person';

// The real service: Harbourside's people and its API user "Treasury bot", and Quiet Fund, whose
// editor and API user bear the same names as Harbourside's.
const service = realServiceForFile();
const ids = { admin: '', editor: '', treasuryBot: '', outsider: '', outsiderBot: '' };

beforeAll(async () => {
  const idOf = async (person: (typeof PEOPLE)[keyof typeof PEOPLE]) =>
    (await callServiceFor(service, '/v1/auth/session', SessionUser, { accessToken: await accessTokenOf(service, person) })).id;
  ids.admin = await idOf(PEOPLE.admin);
  ids.editor = await idOf(PEOPLE.editor);
  ids.outsider = await idOf(PEOPLE.outsider);
  const adminToken = await accessTokenOf(service, PEOPLE.admin);
  const { users } = await callServiceFor(service, '/v1/management/api_users', ApiUsersResponse, { accessToken: adminToken });
  ids.treasuryBot = users.find((user) => user.name === API_USERS.treasuryBot.name)!.id;
  // Quiet Fund's bot, as Quiet Fund sees its own people.
  const quiet = await callServiceFor(service, '/v1/console/people', PeopleResponse, { accessToken: await accessTokenOf(service, PEOPLE.outsider) });
  ids.outsiderBot = quiet.people.find((person) => person.kind === 'apiUser')!.id;
});

/** What the reader gets: the text, without the gaps between the parts. */
const shown = (element: HTMLElement) => element.textContent?.replace(/\s+/g, ' ').trim();

/**
 * Renders each Person in a paragraph of its own, as the pages put one in a sentence; answers what
 * the one under `key` shows.
 */
function renderPeople(people: Record<string, Parameters<typeof Person>[0]>) {
  renderAt(
    <>
      {Object.entries(people).map(([key, props]) => (
        <p key={key} data-testid={key}>
          <Person {...props} />
        </p>
      ))}
    </>,
  );
  return (key: string) => shown(screen.getByTestId(key));
}

describe('Person', () => {
  it('names a console user with their role, linking to their page for every role', async () => {
    for (const viewer of [PEOPLE.admin, PEOPLE.viewer]) {
      await signInTo(service, viewer);
      const { unmount } = renderAt(
        <p data-testid="editor">
          <Person id={ids.editor} />
        </p>,
      );
      const link = await screen.findByRole('link', { name: 'editor' });
      expect(link).toHaveAttribute('href', `/people/${ids.editor}`);
      expect(shown(screen.getByTestId('editor'))).toBe('editor Editor');
      unmount();
    }
  });

  it('names an API user as one, linking to its row in the API users list for a role that may open it', async () => {
    await signInTo(service, PEOPLE.admin);
    const text = renderPeople({ bot: { id: ids.treasuryBot, name: 'Treasury bot (co-signer)' } });
    const link = await screen.findByRole('link', { name: 'Treasury bot' });
    expect(link).toHaveAttribute('href', `/admin/api-users#api-user-${ids.treasuryBot}`);
    expect(text('bot')).toBe('Treasury bot API user, Signer');
  });

  it('shows a viewer the API user’s name and role without a link to a page the viewer may not open', async () => {
    await signInTo(service, PEOPLE.viewer);
    const text = renderPeople({ bot: { id: ids.treasuryBot } });
    await waitFor(() => expect(text('bot')).toBe('Treasury bot API user, Signer'));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('never resolves a person of another workspace, even one whose name exists here', async () => {
    await signInTo(service, PEOPLE.admin);
    // Quiet Fund's editor and bot: Harbourside has an "editor" and a "Treasury bot" of its own.
    const text = renderPeople({ outsider: { id: ids.outsider }, outsiderBot: { id: ids.outsiderBot, name: 'as recorded' }, own: { id: ids.admin } });
    await waitFor(() => expect(text('own')).toBe('admin Admin'));
    // An id nobody here names is shown as it is; a record's own name stays the record's, with no role.
    expect(text('outsider')).toBe(ids.outsider);
    expect(text('outsiderBot')).toBe('as recorded');
  });

  it('shows an actor that is no person (an engine) by the name its record carries', async () => {
    await signInTo(service, PEOPLE.auditor);
    const text = renderPeople({ engine: { id: 'transaction-engine', name: 'Transaction engine' }, own: { id: ids.admin } });
    // Once the people are known (the admin is named), the engine still has only its record's name.
    await waitFor(() => expect(text('own')).toBe('admin Admin'));
    expect(text('engine')).toBe('Transaction engine');
  });
});
