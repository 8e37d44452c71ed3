import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditLogData } from '../../../contract/audit';
import { fakeService, signedInForEachTest, unknownCall } from '../../test/fake-service';
import { copied, renderAt, TestProviders } from '../../test/render';
import { jsonResponse } from '../../test/service';
import { AuditEventDrawer, EventDetail, WAITING_FOR_SEQUENCER } from './audit-event-drawer';

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
    render(<EventDetail event={EVENT} />, { wrapper: TestProviders });
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

// Listed in the second between its write and the sequencer: no hash, no place in the chain or the tree yet.
const PENDING = { ...EVENT, id: 'event-2', hash: null };

describe('an audit event waiting to be sequenced', () => {
  signedInForEachTest('AUDITOR');

  it('says so for its hash rather than showing an empty one', () => {
    render(<EventDetail event={PENDING} />, { wrapper: TestProviders });
    const hash = screen.getByText('Hash').nextElementSibling as HTMLElement;
    expect(hash).toHaveTextContent(WAITING_FOR_SEQUENCER);
    expect(hash.querySelector('code')).toBeNull();
    // The raw JSON is the event as the service listed it: its hash null.
    expect(screen.getByText(/"hash": null/)).toBeInTheDocument();
  });

  it('shows a sequenced event’s hash as it is', () => {
    render(<EventDetail event={EVENT} />, { wrapper: TestProviders });
    const hash = screen.getByText('Hash').nextElementSibling as HTMLElement;
    expect(hash.querySelector('code')).toHaveTextContent(/^hash-1$/);
  });

  it('says in the drawer that its proof comes once it is sequenced and signed, and asks again by itself', async () => {
    const proofPath = `/v1/management/audit_logs/${PENDING.id}/inclusion_proof`;
    const calls = fakeService((call) =>
      call.path.startsWith(proofPath)
        ? jsonResponse(409, { message: `Event ${PENDING.id} is waiting to be sequenced: it gets its place in the tree within seconds`, code: 409 })
        : unknownCall(call),
    );
    renderAt(<AuditEventDrawer event={PENDING} opened onClose={() => undefined} />);

    const waiting = await screen.findByRole('status', { name: 'Not yet in a signed tree head (within seconds)' });
    expect(waiting).toHaveTextContent(
      'The event is waiting to be sequenced: within seconds the service gives it its place in the log, then signs a tree head that includes it. This check runs again by itself until one includes the event.',
    );
    expect(within(screen.getByRole('region', { name: 'In the signed log' })).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith(proofPath)).length).toBeGreaterThanOrEqual(2), { timeout: 4_000 });
  });
});
