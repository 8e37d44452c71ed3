import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditLogData } from '../../../contract/audit';
import { copied, TestProviders } from '../../test/render';
import { EventDetail } from './audit-event-drawer';

// An API user's pairing token issued, as the service records it (src/server/features/admin/pairing.ts):
// its expiry in epoch milliseconds; and a change whose values hold an ISO time, a count and a number
// that only looks like a moment.
const EXPIRES = Date.UTC(2026, 10, 30, 19, 48, 17, 679);
const EVENT = AuditLogData.parse({
  id: 'event-1',
  timestamp: Date.UTC(2026, 10, 28, 19, 48, 17),
  createdAt: Date.UTC(2026, 10, 28, 19, 48, 17),
  user: 'Ada Admin',
  userId: 'user-ada',
  category: 'Administration',
  subject: 'API user',
  event: 'Pairing token issued',
  tenantId: 'workspace-1',
  requestId: null,
  sourceAddress: null,
  detail: {
    apiUserId: 'api-1',
    name: 'Treasury bot',
    expiresAt: EXPIRES,
    attempts: 3,
    reference: 1795981697679,
    before: { status: 'PENDING', lastSeenAt: '2026-11-27T19:48:22.000Z' },
    after: { status: 'WAITING_FOR_PAIRING', lastSeenAt: null },
  },
  hash: 'hash-1',
});

describe("an audit event's details", () => {
  it('writes the moments they hold as every moment is written, keeping the recorded value for a copy', () => {
    render(
      <TestProviders>
        <EventDetail event={EVENT} />
      </TestProviders>,
    );
    const expires = screen.getByText('expiresAt').nextElementSibling as HTMLElement;
    expect(within(expires).getByText('2026-11-30 19:48:17 UTC')).toHaveAttribute('dateTime', new Date(EXPIRES).toISOString());
    expect(expires).not.toHaveTextContent(String(EXPIRES));
    // Its copy button, and a copy of the time itself (focused, or selected), carry the value as recorded.
    expect(within(expires).getByRole('button', { name: 'Copy expiresAt as recorded' })).toBeInTheDocument();
    const time = within(expires).getByText('2026-11-30 19:48:17 UTC').closest('[tabindex]') as HTMLElement;
    time.focus();
    expect(copied(time)).toBe(String(EXPIRES));

    // A number under a name that is no time's, and text that is no time, stay as recorded.
    expect(screen.getByText('attempts').nextElementSibling).toHaveTextContent(/^3$/);
    expect(screen.getByText('reference').nextElementSibling).toHaveTextContent(/^1795981697679$/);

    // An ISO time in a change is a moment too; an empty one stays empty.
    const change = within(screen.getByRole('table', { name: 'Values before and after the change' })).getByRole('row', { name: /^lastSeenAt/ });
    const [before, after] = within(change).getAllByRole('cell');
    expect(within(before!).getByText('2026-11-27 19:48:22 UTC')).toBeInTheDocument();
    expect(within(before!).getByRole('button', { name: 'Copy lastSeenAt as recorded' })).toBeInTheDocument();
    expect(after).toHaveTextContent(/^null$/);
  });
});
