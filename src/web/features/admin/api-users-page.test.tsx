import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeService, noPasskeys, signedInForEachTest, unknownCall } from '../../test/fake-service';
import { renderAt, renderPage } from '../../test/render';
import { jsonResponse } from '../../test/service';
import ApiUsersPage from './api-users-page';

const users = [
  {
    id: '6f1d3c7e-8d5a-4a57-9f77-2b8f3c1a9e01',
    name: 'Treasury bot',
    role: 'SIGNER',
    enabled: true,
    status: 'READY',
    userType: 'API',
  },
  {
    id: '0b9c1a62-3f1e-4d7b-8c55-7e6a2d4f1b22',
    name: 'Reporting',
    role: 'NON_SIGNING_ADMIN',
    enabled: false,
    status: 'PENDING_ACTIVATION',
    userType: 'API',
  },
];

const noPendingRequests = { data: [], next: null, pendingCount: 0 };

/** The service as these tests need it: the API users, and the pending approval requests. */
function serve(list: unknown[], pending: unknown = noPendingRequests) {
  return fakeService((call) => {
    if (call.path === '/v1/management/api_users') return jsonResponse(200, { users: list });
    if (call.path === '/v1/approval_requests?status=PENDING') return jsonResponse(200, pending);
    return unknownCall(call);
  });
}

signedInForEachTest('ADMIN');

describe('ApiUsersPage', () => {
  it('lists what the service returns, with labels a person can read', async () => {
    const calls = serve(users);
    renderAt(<ApiUsersPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'API users' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading API users');

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Treasury bot');
    expect(rows[0]).toHaveTextContent('Signer');
    expect(rows[0]).toHaveTextContent('Ready');
    expect(within(rows[0]!).getByRole('switch', { name: 'Enabled' })).toBeChecked();
    expect(within(rows[0]!).getByRole('switch', { name: 'Enabled' })).toHaveAccessibleDescription('Treasury bot');
    expect(rows[0]).toHaveTextContent(users[0]!.id);
    expect(rows[1]).toHaveTextContent('Non-Signing Admin');
    expect(rows[1]).toHaveTextContent('Pending activation');
    expect(within(rows[1]!).getByRole('switch', { name: 'Enabled' })).not.toBeChecked();
    expect(within(rows[1]!).getByRole('button', { name: 'Copy API key of Reporting' })).toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'GET', path: '/v1/management/api_users' }));
  });

  it('brings forward the row a name elsewhere links to (#api-user-<id>), and only that one', async () => {
    serve(users);
    renderAt(<ApiUsersPage />, `/admin/api-users#api-user-${users[1]!.id}`);

    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows[1]).toHaveAttribute('id', `api-user-${users[1]!.id}`);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).not.toHaveAttribute('aria-current');
    expect(window.HTMLElement.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it('offers a pairing token only for a user waiting for activation', async () => {
    serve(users);
    renderAt(<ApiUsersPage />);

    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).queryByRole('button', { name: 'Issue pairing token' })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Issue pairing token' })).toHaveAccessibleDescription('Reporting');
  });

  it('asks before disabling an API user, and enables one without asking', async () => {
    const calls = fakeService((call) => {
      if (call.path === '/v1/management/api_users') return jsonResponse(200, { users });
      if (call.path === '/v1/approval_requests?status=PENDING') return jsonResponse(200, noPendingRequests);
      const user = users.find((candidate) => call.path === `/v1/management/api_users/${candidate.id}/enabled`);
      if (call.method === 'PUT' && user) return jsonResponse(200, { ...user, ...(call.body as object) });
      return noPasskeys(call) ?? unknownCall(call);
    });
    const user = userEvent.setup();
    renderAt(<ApiUsersPage />);
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    const puts = () => calls.filter((call) => call.method === 'PUT');

    await user.click(within(rows[0]!).getByRole('switch', { name: 'Enabled' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable “Treasury bot”?' });
    expect(puts()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ path: `/v1/management/api_users/${users[0]!.id}/enabled`, body: { enabled: false } });

    await user.click(within(rows[1]!).getByRole('switch', { name: 'Enabled' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toMatchObject({ path: `/v1/management/api_users/${users[1]!.id}/enabled`, body: { enabled: true } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says honestly that there are none yet', async () => {
    serve([]);
    renderAt(<ApiUsersPage />);

    expect(await screen.findByText('No API users yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failure with its request id, and tries again on request', async () => {
    let failed = false;
    fakeService((call) => {
      if (call.path === '/v1/approval_requests?status=PENDING') return jsonResponse(200, noPendingRequests);
      if (call.path !== '/v1/management/api_users') return unknownCall(call);
      if (failed) return jsonResponse(200, { users });
      failed = true;
      return jsonResponse(500, { message: 'Internal server error', code: 500 }, 'req-7f3a');
    });
    const user = userEvent.setup();
    renderPage(<ApiUsersPage />, '/admin/api-users');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The API users could not be loaded');
    expect(alert).toHaveTextContent('Internal server error');
    expect(alert).toHaveTextContent('req-7f3a');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('lists an API user still pending approval, marked so, with the way to its request', async () => {
    const request = {
      id: '3c2d6a1e-5b7f-4e0a-9c1d-8f2e4b6a7c90',
      kind: 'API_USER_CREATION',
      status: 'PENDING',
      summary: 'Create API user "Payouts" (SIGNER)',
      change: { name: 'Payouts', role: 'SIGNER' },
      requestedBy: { id: 'u-1', name: 'Adam Admin' },
      requiredApprovals: 2,
      approvals: 1,
      decisions: [],
      createdAt: 1_700_000_000_000,
      decidedAt: null,
      result: null,
    };
    const quorumChange = { ...request, id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', kind: 'ADMIN_QUORUM_THRESHOLD', change: { threshold: 3 } };
    serve(users, { data: [request, quorumChange], next: null, pendingCount: 2 });
    renderAt(<ApiUsersPage />);

    const table = await screen.findByRole('table', { name: '2 API users, 1 pending approval' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('Payouts');
    expect(rows[2]).toHaveTextContent('Signer');
    expect(rows[2]).toHaveTextContent('Pending approval');
    expect(within(rows[2]!).queryByRole('switch')).not.toBeInTheDocument();
    const link = within(rows[2]!).getByRole('link', { name: 'Approval request (1 of 2)' });
    expect(link).toHaveAttribute('href', `/admin/approvals#approval-${request.id}`);
    expect(link).toHaveAccessibleDescription('Payouts');
  });
});
