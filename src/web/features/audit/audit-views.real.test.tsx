import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPreferences, SavedViews } from '../../../contract/audit-views';
import { callServiceFor, PEOPLE, realServiceForFile, signInTo } from '../../test/real-service';
import { renderRoutes } from '../../test/render';
import AuditEventPage from './audit-event-page';
import AuditLogPage from './audit-log-page';

// The real service: the auditor's sign-in is itself an event of the last 15 minutes, most often
// of the very second the page opens in, which "last 15 minutes" must include.
const service = realServiceForFile();

// jsdom does no layout: give the table's scrolling box a height and each row one, as a browser would.
const layout = {
  clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!,
  offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!,
};
beforeAll(async () => {
  Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 56 });
});
afterAll(async () => {
  Object.defineProperty(Element.prototype, 'clientHeight', layout.clientHeight);
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', layout.offsetHeight);
});

const ROUTES = { '/audit': <AuditLogPage />, '/audit/events/:eventId': <AuditEventPage /> };
/** The event rows rendered, without the header row; the first read of the log may take a while on a busy machine. */
const eventRows = async () =>
  within(await screen.findByRole('grid', { name: 'Audit events' }))
    .getAllByRole('row')
    .slice(1);

describe('the audit explorer against the real service', () => {
  it('keeps a relative range in the address, saves and reopens a view by id, keeps columns, and opens an event in context', async () => {
    await signInTo(service, PEOPLE.auditor);
    const user = userEvent.setup();
    const page = renderRoutes(ROUTES, '/audit?range=15m&category=Security');

    expect((await eventRows())[0]).toHaveTextContent('Security / Sign-in / Signed in');
    expect(page.address()).toBe('/audit?range=15m&category=Security');
    // The service was asked for the times the range means now.
    const asked = service.calls.filter((call) => call.path.startsWith('/v1/management/audit_logs?')).at(-1)!;
    const query = new URLSearchParams(asked.path.split('?')[1]);
    expect(Number(query.get('endTime')) - Number(query.get('startTime'))).toBe(15 * 60_000);

    // Saved under a name, on the service, for this reader; a second view of the same name is refused by the dialog.
    await user.click(screen.getByRole('button', { name: 'Save this view' }));
    await user.type(within(await screen.findByRole('dialog', { name: 'Save this view' })).getByLabelText('Name'), 'My sign-ins');
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const link = await within(await screen.findByRole('list', { name: 'Your saved views' })).findByRole('link', { name: 'My sign-ins' });
    const views = await callServiceFor(service, '/v1/management/audit_logs/views', SavedViews);
    expect(views.data.map((v) => [v.name, v.filters])).toEqual([['My sign-ins', 'range=15m&category=Security']]);
    expect(link).toHaveAttribute('href', `/audit?view=${views.data[0]!.id}`);
    await user.click(screen.getByRole('button', { name: 'Save this view' }));
    await user.type(within(await screen.findByRole('dialog', { name: 'Save this view' })).getByLabelText('Name'), 'My sign-ins');
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    expect(await screen.findByText('You already have a view named "My sign-ins"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    // A column chosen is shown and kept on the service.
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Show Request ID' }));
    expect(await screen.findByRole('columnheader', { name: /Request ID/ })).toBeInTheDocument();
    await waitFor(async () => {
      const kept = await callServiceFor(service, '/v1/management/audit_logs/preferences', AuditPreferences);
      expect(kept.columns.map((c) => c.id)).toEqual(['time', 'user', 'what', 'requestId']);
    });
    await user.keyboard('{Escape}');

    // Another range, then the saved view by its id: its search comes back.
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(page.address()).toBe('/audit?range=7d&category=Security'));
    await user.click(screen.getByRole('link', { name: 'My sign-ins' }));
    await waitFor(() => expect(page.address()).toBe('/audit?range=15m&category=Security'));

    // The newest event, opened from its drawer on a page of its own, among the events around it.
    const [first] = await eventRows();
    const eventId = first!.getAttribute('data-event-id')!;
    await user.click(first!);
    await user.click(await screen.findByRole('link', { name: 'Open with context' }));
    await waitFor(() => expect(page.address()).toBe(`/audit/events/${eventId}`));
    const around = await screen.findByRole('table', { name: 'Events around it' });
    const current = within(around)
      .getAllByRole('row')
      .filter((row) => row.getAttribute('aria-current') === 'true');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent('Security / Sign-in / Signed in');
  });
});
