import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { SessionUser } from '../../../contract/auth';
import { accessTokenOf, callServiceFor, PEOPLE, realServiceForFile, signInTo } from '../../test/real-service';
import { renderPage } from '../../test/render';
import PersonPage from './person-page';

// The real service: Harbourside's editor (signed in once below, so the audit log has a sign-in), and Quiet Fund's editor.
const service = realServiceForFile();
const ids = { editor: '', outsider: '' };

beforeAll(async () => {
  const idOf = async (person: (typeof PEOPLE)[keyof typeof PEOPLE]) =>
    (await callServiceFor(service, '/v1/auth/session', SessionUser, { accessToken: await accessTokenOf(service, person) })).id;
  ids.editor = await idOf(PEOPLE.editor);
  ids.outsider = await idOf(PEOPLE.outsider);
});

/** The details table as the reader gets it: each row's name and value. */
async function details() {
  const table = await screen.findByRole('table', { name: 'Details' });
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .map((row) => [row.querySelector('th')?.textContent, row.querySelector('td')?.textContent]),
  );
}

describe('PersonPage against the real service', () => {
  it('shows an auditor a console user: role, state, when created and last signed in, passkeys, the id to copy and their audit events', async () => {
    await signInTo(service, PEOPLE.auditor);
    renderPage(<PersonPage />, `/people/${ids.editor}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'editor' })).toBeInTheDocument();
    const rows = await details();
    expect(Object.keys(rows)).toEqual(['Role', 'State', 'Created', 'Last signed in', 'Passkeys', 'User id']);
    expect(rows).toMatchObject({ Role: 'Editor', State: 'Enabled', Passkeys: '0', 'User id': ids.editor });
    // Times in UTC, with the relative time beside them.
    expect(rows.Created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    expect(rows['Last signed in']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    expect(screen.getByRole('button', { name: 'Copy user id' })).toBeInTheDocument();
    // The audit log's "Person" filter, by id.
    expect(screen.getByRole('link', { name: 'editor’s events in the audit log' })).toHaveAttribute('href', `/audit?range=30d&userId=${ids.editor}`);
  }, 30_000);

  it('shows a viewer the name, role and state, without what the viewer’s role may not read', async () => {
    await signInTo(service, PEOPLE.viewer);
    renderPage(<PersonPage />, `/people/${ids.editor}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'editor' })).toBeInTheDocument();
    expect(Object.keys(await details())).toEqual(['Role', 'State', 'Created', 'User id']);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  }, 30_000);

  it('says a person of another workspace is not found, and a malformed id is refused, in place of the page', async () => {
    await signInTo(service, PEOPLE.admin);
    const { unmount } = renderPage(<PersonPage />, `/people/${ids.outsider}`);
    expect(await screen.findByText(/Console user not found/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Person' })).toBeInTheDocument();
    expect(screen.getByText('The person could not be loaded')).toBeInTheDocument();
    unmount();

    renderPage(<PersonPage />, '/people/not-an-id');
    expect(await screen.findByText(/userId must be a UUID/)).toBeInTheDocument();
  }, 30_000);
});
