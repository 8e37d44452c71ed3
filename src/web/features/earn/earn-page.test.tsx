import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarnProvider, EarnProvidersResponse } from '../../../contract/earn';
import { fakeService, signInAs, unknownCall } from '../../test/fake-service';
import { renderPage } from '../../test/render';
import { jsonResponse } from '../../test/service';
import EarnPage from './earn-page';

const aave: EarnProvider = {
  providerId: 'AAVE',
  displayName: 'Aave',
  logoUrl: 'http://localhost/static/earn-logos/aave.svg',
  supportedChainIds: [1, 8453, 424242],
  isTermsApprovalRequired: true,
  termsOfServiceUrl: 'https://aave.com/terms-of-service',
  isTermsOfServiceApproved: false,
};
const morpho: EarnProvider = {
  ...aave,
  providerId: 'MORPHO',
  displayName: 'Morpho',
  supportedChainIds: [1],
  termsOfServiceUrl: 'https://morpho.org/terms-of-use',
  isTermsOfServiceApproved: true,
};

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function service() {
  const approved = new Set(['MORPHO']);
  return fakeService((call) => {
    if (call.path.startsWith('/v1/earn/providers?')) {
      const query = new URL(call.path, 'http://x').searchParams;
      const data = [aave, morpho].map((p) => ({ ...p, isTermsOfServiceApproved: approved.has(p.providerId) }));
      if (query.get('order') === 'DESC') data.reverse();
      const body: EarnProvidersResponse = { data, total: 2, next: '', prev: '' };
      return jsonResponse(200, body);
    }
    if (call.path === '/v1/earn/providers/approve_terms_of_service' && call.method === 'POST') {
      approved.add((call.body as { providerId: string }).providerId);
      return new Response(null, { status: 204 });
    }
    return unknownCall(call);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EarnPage', () => {
  it('shows each provider with its logo, chain names and terms status, sorted as the address says', async () => {
    await signInAs('VIEWER');
    const calls = service();
    const user = userEvent.setup();
    renderPage(
      <>
        <EarnPage />
        <Location />
      </>,
      '/earn',
    );
    const table = await screen.findByRole('table');
    const [aaveRow, morphoRow] = within(table).getAllByRole('row').slice(1);
    expect(within(aaveRow!).getByText('Ethereum')).toBeInTheDocument();
    expect(within(aaveRow!).getByText('Base')).toBeInTheDocument();
    expect(within(aaveRow!).getByText('Chain 424242')).toBeInTheDocument();
    expect(aaveRow!.querySelector('img')).toHaveAttribute('src', aave.logoUrl);
    expect(within(aaveRow!).getByText('Approval needed')).toBeInTheDocument();
    expect(within(morphoRow!).getByText('Approved')).toBeInTheDocument();
    expect(within(aaveRow!).getByRole('link', { name: /Terms of Aave/ })).toHaveAttribute('href', aave.termsOfServiceUrl);
    expect(calls[0]!.path).toBe('/v1/earn/providers?sortBy=displayName&order=ASC&pageSize=25');
    expect(within(table).getByRole('columnheader', { name: /Provider/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(table).getByRole('button', { name: /Provider/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?sortBy=displayName&order=DESC&pageSize=25'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent('Morpho'));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('approves a provider’s terms only after confirming, linking to the terms', async () => {
    await signInAs('ADMIN');
    const calls = service();
    const user = userEvent.setup();
    renderPage(<EarnPage />, '/earn');

    await user.click(await screen.findByRole('button', { name: 'Approve terms of Aave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the terms of Aave?' });
    expect(within(dialog).getByRole('link', { name: 'the terms of service of Aave' })).toHaveAttribute('href', aave.termsOfServiceUrl);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve terms' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve terms of Aave' })).not.toBeInTheDocument());
    const [post] = calls.filter((c) => c.method === 'POST');
    expect(post!.body).toEqual({ providerId: 'AAVE' });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(within(screen.getAllByRole('row')[1]!).getByText('Approved')).toBeInTheDocument();
  });
});
