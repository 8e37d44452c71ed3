import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accessTokenOf, callService, PEOPLE, realServiceForFile, signInTo } from '../../test/real-service';
import { renderAt } from '../../test/render';
import AuditLogPage from './audit-log-page';

// The real service: its search, its histogram and the events its own sign-ins write.
const service = realServiceForFile();

// A query of the service can take seconds on a loaded machine, longer than Testing Library's wait.

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

describe('the audit explorer’s search and histogram against the real service', () => {
  it('finds events by part of a word in any case, counts them per bucket, and narrows the range to a bucket', async () => {
    // Events to find: the editor signs in, the viewer fails to (a wrong password), both now.
    await accessTokenOf(service, PEOPLE.editor);
    const refused = await fetch(new URL('/v1/auth/sign_in', service.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: PEOPLE.viewer.email, password: 'not the password' }),
    });
    expect(refused.status).toBe(401);
    await signInTo(service, PEOPLE.auditor);

    const now = Date.now();
    const startTime = now - 30 * 60_000;
    const endTime = now + 60_000;
    const user = userEvent.setup();
    renderAt(
      <>
        <AuditLogPage />
        <Address />
      </>,
      `/audit?startTime=${startTime}&endTime=${endTime}`,
    );
    const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
    const total = async () => (await screen.findByTestId('audit-histogram-total')).textContent;

    // Unfiltered: every sign-in of the hour (the editor's, the failed one, the auditor's own at least).
    await waitFor(async () => expect(await total()).toMatch(/^([3-9]|\d\d+) events in this range, per minute$/));

    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'FAILE{Enter}');
    await waitFor(() => expect(address().get('q')).toBe('FAILE'));
    // The service's own list of what matches and the histogram agree.
    const matching = await callService(service, `/v1/management/audit_logs?startTime=${startTime}&endTime=${endTime}&q=faile`);
    const { data } = (await matching.json()) as { data: { event: string }[] };
    expect(data.map((e) => e.event)).toEqual(['Sign-in failed']);
    await waitFor(async () => expect(await total()).toBe('1 event in this range, per minute'));

    // The table alternative narrows the range to its one non-empty minute, keeping the text.
    await user.click(screen.getByRole('button', { name: 'Show the counts as a table' }));
    const counts = screen.getByRole('table', { name: /Events per minute/ });
    const rows = within(counts).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    await user.click(within(rows[0]!).getByRole('button', { name: /^Show the events from / }));
    await waitFor(() => expect(Number(address().get('endTime')) - Number(address().get('startTime'))).toBeLessThan(60_000));
    expect(address().get('q')).toBe('FAILE');
    await waitFor(async () => expect(await total()).toMatch(/^1 event in this range, per minute$/));

    // Clearing the text shows every event of the narrowed range again, and the box follows the address.
    await user.click(screen.getByRole('button', { name: 'Clear the text' }));
    await waitFor(() => expect(address().has('q')).toBe(false));
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('');
  });
});
