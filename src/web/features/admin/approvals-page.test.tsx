import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '../../../contract/admin';
import { pendingQuorumChange } from '../../test/approval-requests';
import { type FakeCall, fakeService, noPasskeys, signInAs, unknownCall } from '../../test/fake-service';
import { renderPage } from '../../test/render';
import { jsonResponse } from '../../test/service';
import ApprovalsPage from './approvals-page';

// The signed-in user of signInAs is u1.
const raisedByOther = pendingQuorumChange({
  requestedBy: { id: 'u2', name: 'Ada Admin' },
  requiredApprovals: 3,
  decisions: [{ userId: 'u2', userName: 'Ada Admin', decision: 'APPROVE', decidedAt: Date.UTC(2025, 0, 2, 9), passkey: null }],
  createdAt: Date.UTC(2025, 0, 2, 9),
});

const raisedByMe: ApprovalRequest = {
  ...raisedByOther,
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'API_USER_CREATION',
  summary: 'Create API user "Treasury bot" (SIGNER)',
  change: { name: 'Treasury bot', role: 'SIGNER', coSignerSetupType: 'SGX_MACHINE' },
  requestedBy: { id: 'u1', name: 'Pat Person' },
  decisions: [{ userId: 'u1', userName: 'Pat Person', decision: 'APPROVE', decidedAt: Date.UTC(2025, 0, 2, 10), passkey: null }],
};

const decided = (id: string, summary: string): ApprovalRequest => ({
  ...raisedByOther,
  id,
  summary,
  status: 'EXECUTED',
  approvals: 3,
  decidedAt: Date.UTC(2025, 0, 3, 12),
});

function service(extra: (call: FakeCall) => Response | undefined = () => undefined) {
  return fakeService((call) => {
    const answer = extra(call) ?? noPasskeys(call);
    if (answer) return answer;
    if (call.path === '/v1/approval_requests?status=PENDING') {
      return jsonResponse(200, { data: [raisedByOther, raisedByMe], next: null, pendingCount: 2 });
    }
    if (call.path === '/v1/approval_requests?status=DECIDED') {
      return jsonResponse(200, { data: [decided('d1', 'First page request')], next: 'cursor-2', pendingCount: 2 });
    }
    if (call.path === '/v1/approval_requests?status=DECIDED&pageCursor=cursor-2') {
      return jsonResponse(200, { data: [decided('d2', 'Second page request')], next: null, pendingCount: 2 });
    }
    return unknownCall(call);
  });
}

const card = (summary: string) => screen.getByRole('article', { name: summary });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApprovalsPage', () => {
  it('shows each pending request with what it changes, its approvals so far and the decisions', async () => {
    await signInAs('ADMIN');
    service();
    renderPage(<ApprovalsPage />, '/admin/approvals');

    const other = await screen.findByRole('article', { name: raisedByOther.summary });
    expect(other).toHaveTextContent('Raised by Ada Admin');
    expect(other).toHaveTextContent('1 of 3 approvals');
    expect(other).toHaveTextContent('New threshold3');
    expect(other).toHaveTextContent('Threshold when raised2');
    expect(within(other).getByRole('list', { name: 'Decisions so far' })).toHaveTextContent('Ada Admin approved');

    const mine = card(raisedByMe.summary);
    expect(mine).toHaveTextContent('RoleSigner');
    expect(mine).toHaveTextContent('Co-signer setupSGX_MACHINE');
  });

  it('lets an admin approve or reject what others raised, and cancel what they raised themselves', async () => {
    await signInAs('ADMIN');
    service();
    renderPage(<ApprovalsPage />, '/admin/approvals');

    const other = await screen.findByRole('article', { name: raisedByOther.summary });
    expect(within(other).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();

    // Their own approval was counted when they raised it.
    const mine = card(raisedByMe.summary);
    expect(mine).toHaveTextContent('You approved this request.');
    expect(within(mine).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
  });

  it('asks before approving, then records the approval and refreshes the lists', async () => {
    await signInAs('ADMIN');
    const calls = service((call) => (call.method === 'POST' ? jsonResponse(200, { ...raisedByOther, approvals: 2 }) : undefined));
    const user = userEvent.setup();
    renderPage(<ApprovalsPage />, '/admin/approvals');

    await user.click(within(await screen.findByRole('article', { name: raisedByOther.summary })).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this request?' });
    expect(dialog).toHaveTextContent('With yours it has 2 of 3 approvals; 1 more is needed.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    const listsBefore = calls.filter((call) => call.path.startsWith('/v1/approval_requests?')).length;

    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe(`/v1/approval_requests/${raisedByOther.id}/approve`);
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path.startsWith('/v1/approval_requests?')).length).toBeGreaterThan(listsBefore));
  });

  it('shows an auditor the same requests, read-only', async () => {
    await signInAs('AUDITOR');
    service();
    renderPage(<ApprovalsPage />, '/admin/approvals');

    const other = await screen.findByRole('article', { name: raisedByOther.summary });
    expect(other).toHaveTextContent('1 of 3 approvals');
    expect(screen.getByText(/Your role, Auditor, can follow these requests but not decide on them/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve|Reject|Cancel request/ })).not.toBeInTheDocument();
  });

  it('lists decided requests a page at a time', async () => {
    await signInAs('ADMIN');
    service();
    const user = userEvent.setup();
    renderPage(<ApprovalsPage />, '/admin/approvals');

    const decidedSection = await screen.findByRole('region', { name: 'Decided' });
    const table = await within(decidedSection).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(table).toHaveTextContent('First page request');
    expect(table).toHaveTextContent('Executed');

    await user.click(within(decidedSection).getByRole('button', { name: 'Load more' }));

    expect(await within(table).findByText('Second page request')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(decidedSection).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('brings the request a link names into view and focus, marked as the current one', async () => {
    await signInAs('ADMIN');
    service();
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    renderPage(<ApprovalsPage />, `/admin/approvals#approval-${raisedByMe.id}`);

    const linked = await screen.findByRole('article', { name: raisedByMe.summary });
    await waitFor(() => expect(linked).toHaveFocus());
    expect(linked).toHaveAttribute('aria-current', 'true');
    expect(scrolled.mock.contexts).toEqual([linked]);
    expect(card(raisedByOther.summary)).not.toHaveAttribute('aria-current');
    scrolled.mockRestore();
  });
});
