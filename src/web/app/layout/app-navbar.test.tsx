import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { AppNavbar } from './app-navbar';

function renderNavbar(role: Parameters<typeof AppNavbar>[0]['role'], path = '/') {
  return renderAt(<AppNavbar role={role} onNavigate={() => {}} />, path);
}

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
    expect(within(administration).getAllByRole('link').map((link) => link.textContent)).toEqual(['Quorum', 'Approvals']);
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
  });
});
