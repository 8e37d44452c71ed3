import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import { jsonResponse } from '../../test/service';
import { AppNavbar } from './app-navbar';

function renderNavbar(role: Parameters<typeof AppNavbar>[0]['role'], path = '/') {
  return renderAt(<AppNavbar role={role} onNavigate={() => {}} />, path);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AppNavbar', () => {
  it('shows an admin the whole administration area, audit log included', () => {
    renderNavbar('ADMIN');
    const administration = screen.getByRole('group', { name: 'Administration' });
    expect(within(administration).getByRole('link', { name: 'API users' })).toHaveAttribute('href', '/admin/api-users');
    expect(within(administration).getByRole('link', { name: 'Quorum' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Audit log' })).toBeInTheDocument();
  });

  it('shows an auditor the audit log and what admins decide, but not API users', () => {
    renderNavbar('AUDITOR');
    expect(screen.getByRole('link', { name: 'Audit log' })).toBeInTheDocument();
    const administration = screen.getByRole('group', { name: 'Administration' });
    expect(
      within(administration)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Quorum', 'Approvals']);
    expect(screen.queryByRole('link', { name: 'API users' })).not.toBeInTheDocument();
  });

  it('shows pages open to any role to a viewer, and neither audit log nor API users', () => {
    renderNavbar('VIEWER');
    for (const name of ['Assets', 'Blockchains', 'Orders', 'Travel rule', 'Screening', 'Earn', 'Transactions', 'Webhooks']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
    // Nothing of Administration is left for a viewer, so its heading goes too.
    expect(screen.queryByRole('group', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it('marks the page being shown as current', () => {
    renderNavbar('ADMIN', '/catalogue/blockchains');
    expect(screen.getByRole('link', { name: 'Blockchains' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Assets' })).not.toHaveAttribute('aria-current');
    // Every path starts with "/": Home is current on the home page only.
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('data-active');
  });

  it('marks Home as current on the home page', () => {
    renderNavbar('VIEWER', '/');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Assets' })).not.toHaveAttribute('aria-current');
  });

  it('counts the requests waiting for a decision next to Approvals, without changing the link’s name', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { data: [], next: null, pendingCount: 3 }));
    vi.stubGlobal('fetch', fetch);
    renderNavbar('AUDITOR');

    const approvals = screen.getByRole('link', { name: 'Approvals' });
    // The badge's code is fetched on first use, which can take a moment in a test run.
    await waitFor(() => expect(approvals).toHaveTextContent('Approvals3'));
    expect(approvals).toHaveAccessibleDescription('3 requests wait for a decision');
    expect(fetch).toHaveBeenCalledWith('/v1/approval_requests?status=PENDING&pageSize=1', expect.anything());
  });
});
