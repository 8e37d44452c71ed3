import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminQuorumState } from '../../../contract/admin';
import { pendingQuorumChange } from '../../test/approval-requests';
import { fakeService, signInAs, unknownCall } from '../../test/fake-service';
import { renderPage } from '../../test/render';
import { jsonResponse } from '../../test/service';
import QuorumPage from './quorum-page';

const PENDING_ID = '11111111-1111-4111-8111-111111111111';

const state = (pendingRequestId: string | null): AdminQuorumState => ({
  adminQuorumThreshold: 2,
  admins: [
    { id: 'a1', name: 'Olivia Owner', email: 'owner@demo.test', role: 'OWNER' },
    { id: 'a2', name: 'Nadia Non-Signing', email: 'nsadmin@demo.test', role: 'NON_SIGNING_ADMIN' },
    { id: 'a3', name: 'Adam Admin', email: 'admin@demo.test', role: 'ADMIN' },
  ],
  pendingRequestId,
});

const pending = pendingQuorumChange({ id: PENDING_ID });

/** The quorum page as `role` sees it, with the change `pendingRequestId` names waiting (or none). */
async function openAs(role: 'ADMIN' | 'AUDITOR', pendingRequestId: string | null) {
  await signInAs(role);
  const quorum = state(pendingRequestId);
  fakeService((call) => {
    if (call.path === '/v1/admin_quorum') return jsonResponse(200, quorum);
    if (call.path === `/v1/approval_requests/${PENDING_ID}`) return jsonResponse(200, pending);
    return unknownCall(call);
  });
  renderPage(<QuorumPage />, '/admin/quorum');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('QuorumPage', () => {
  it('shows the threshold and the admins who count, and lets an admin request a change', async () => {
    await openAs('ADMIN', null);

    expect(await screen.findByTestId('current-threshold')).toHaveTextContent('2');
    expect(screen.getByText(/of 3 admins must approve each administrative change/)).toBeInTheDocument();
    const admins = within(screen.getByRole('region', { name: 'Admins who count' }))
      .getAllByRole('row')
      .slice(1);
    expect(admins.map((row) => row.textContent)).toEqual([
      'Olivia OwnerOwnerowner@demo.test',
      'Nadia Non-SigningNon-Signing Adminnsadmin@demo.test',
      'Adam AdminAdminadmin@demo.test',
    ]);
    expect(screen.getByRole('region', { name: 'Request a new threshold' })).toBeInTheDocument();
  });

  it('shows an auditor the quorum without the form', async () => {
    await openAs('AUDITOR', null);

    expect(await screen.findByText('Your role, Auditor, can see the quorum but not change it.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Request a new threshold' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request change' })).not.toBeInTheDocument();
  });

  it('shows a pending change with its approvals so far instead of the form, and leads to Approvals', async () => {
    await openAs('ADMIN', PENDING_ID);

    expect(await screen.findByText('Change the admin quorum threshold from 2 to 3: 1 of 2 approvals so far.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review it in Approvals' })).toHaveAttribute('href', '/admin/approvals');
    expect(screen.queryByRole('button', { name: 'Request change' })).not.toBeInTheDocument();
  });

  it('tells an auditor both that a change is pending and that they cannot change the quorum', async () => {
    await openAs('AUDITOR', PENDING_ID);

    expect(await screen.findByText('Change the admin quorum threshold from 2 to 3: 1 of 2 approvals so far.')).toBeInTheDocument();
    expect(screen.getByText('Your role, Auditor, can see the quorum but not change it.')).toBeInTheDocument();
    expect(screen.queryByText(/A new change can be requested/)).not.toBeInTheDocument();
  });
});
