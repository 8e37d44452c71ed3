import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminQuorumResponse, AdminQuorumState, ApprovalRequest } from '../../../contract/admin';
import { accessTokenOf, callServiceFor, PEOPLE, realServiceForFile, signInTo } from '../../test/real-service';
import { renderPage } from '../../test/render';
import { APPROVALS_POLL_MS } from './pending-approvals-badge';
import ApprovalsPage from './approvals-page';

// The real service: two admins of one workspace, whose quorum starts at a threshold of 1.
const service = realServiceForFile();

afterEach(() => {
  vi.useRealTimers();
});

describe('ApprovalsPage, when another admin decides', () => {
  it('moves the requester’s request to Decided and takes its Cancel away without a reload', async () => {
    await signInTo(service, PEOPLE.admin);
    // At threshold 1 the requester's own approval carries the change; from 2 on, a change waits for a second admin.
    await callServiceFor(service, '/v1/admin_quorum', AdminQuorumResponse, { method: 'PUT', body: { adminQuorumThreshold: 2 } });
    await callServiceFor(service, '/v1/admin_quorum', AdminQuorumResponse, { method: 'PUT', body: { adminQuorumThreshold: 1 } });
    const summary = 'Change the admin quorum threshold from 2 to 1';

    // Only the poll's timer is under the test's control; requests and rendering run as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderPage(<ApprovalsPage />, '/admin/approvals');
    const card = await screen.findByRole('article', { name: summary });
    expect(within(card).getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();

    // The second admin approves in a browser of their own: the requester's page hears nothing of it.
    const { pendingRequestId } = await callServiceFor(service, '/v1/admin_quorum', AdminQuorumState);
    const secondAdmin = await accessTokenOf(service, PEOPLE.admin2);
    const after = await callServiceFor(service, `/v1/approval_requests/${pendingRequestId}/approve`, ApprovalRequest, {
      method: 'POST',
      accessToken: secondAdmin,
    });
    expect(after.status).toBe('EXECUTED');
    expect(screen.getByRole('article', { name: summary })).toBeInTheDocument();

    // At the next poll the page catches up: the request is decided, and no Cancel is offered for it.
    vi.advanceTimersByTime(APPROVALS_POLL_MS);
    await waitFor(() => expect(screen.queryByRole('article', { name: summary })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Waiting for a decision' })).findByText('Nothing is waiting for a decision.')).toBeInTheDocument();
    const decided = screen.getByRole('region', { name: 'Decided' });
    await waitFor(() => expect(within(decided).getByRole('row', { name: new RegExp(summary) })).toHaveTextContent('Executed'));
  });
});
