import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CreateTransactionResponse, type TransactionStatus } from '../../../contract/transactions';
import { VaultAddressesPage } from '../../../contract/vault';
import { TRANSACTION_STATUS_LABELS } from '../../components/transaction-status-badge';
import { callService, callServiceFor, PEOPLE, realServiceForFile, signInTo } from '../../test/real-service';
import { renderPage, renderRoutes } from '../../test/render';
import VaultAccountPage from './vault-account-page';
import VaultAccountsPage from './vault-accounts-page';

// The real service, with the trading demo: Treasury (0), Trading desk (1), Cold storage (2), and USD
// prices BTC 65,000, ETH 3,200, SOL 150, USDC and USDT 1.
const service = realServiceForFile();

function renderPages(path: string, pageSize?: number) {
  const user = userEvent.setup();
  const view = renderRoutes(
    {
      '/vault/accounts': <VaultAccountsPage pageSize={pageSize} />,
      '/vault/accounts/:accountId': <VaultAccountPage />,
      '/transactions/:txId': <p>Transaction page</p>,
    },
    path,
  );
  return { user, ...view };
}

const rowOf = (table: HTMLElement, name: string | RegExp) => within(table).getByRole('row', { name });

describe('VaultAccountsPage', () => {
  it('lists the accounts with their USD value and assets, a page at a time, and searches them by name in the address', async () => {
    await signInTo(service, PEOPLE.viewer);
    const { user, address } = renderPages('/vault/accounts', 2);

    const table = await screen.findByRole('table', { name: 'Vault accounts' });
    // 12.5 BTC, 250 ETH, 2,500,000 USDC, 1,000,000 USDT and 4,000 SOL at the demo's prices, summed exactly.
    const treasury = rowOf(table, /^Treasury/);
    await waitFor(() => expect(treasury).toHaveTextContent('5,712,500.00 USD'));
    const held = within(within(treasury).getByRole('list', { name: 'Assets held' })).getAllByRole('listitem');
    expect(held.map((item) => item.textContent)).toEqual(['BTC', 'ETH', 'SOL', 'USDC', 'USDT']);
    // 40.000000000000000001 ETH is worth 128,000.0000000000000032 USD: rounded once, at the end.
    expect(rowOf(table, /^Trading desk/)).toHaveTextContent('359,250.00 USD');
    expect(screen.getByTestId('vault-accounts-count')).toHaveTextContent('2 accounts, more below');

    // The next page follows the service's cursor.
    await user.click(screen.getByRole('button', { name: 'More accounts' }));
    expect(await within(table).findByRole('row', { name: /^Cold storage/ })).toHaveTextContent('5,200,000.00 USD');
    expect(screen.getByTestId('vault-accounts-count')).toHaveTextContent(/^3 accounts$/);
    expect(screen.queryByRole('button', { name: 'More accounts' })).not.toBeInTheDocument();

    // The search is the name's start, any case, and lives in the address.
    // The search form (drawn anew for each search in the address, so that going back shows the earlier one).
    const search = () => screen.getByRole('search', { name: 'Vault accounts' });
    await user.type(within(search()).getByRole('textbox', { name: 'Name starts with' }), 'tr');
    await user.click(within(search()).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(address()).toBe('/vault/accounts?name=tr'));
    await waitFor(() => expect(screen.getByTestId('vault-accounts-count')).toHaveTextContent(/^2 accounts$/));
    const found = screen.getByRole('table', { name: 'Vault accounts' });
    expect(within(found).queryByRole('row', { name: /^Cold storage/ })).not.toBeInTheDocument();

    expect(within(search()).getByRole('textbox', { name: 'Name starts with' })).toHaveValue('tr');
    await user.clear(within(search()).getByRole('textbox', { name: 'Name starts with' }));
    await user.type(within(search()).getByRole('textbox', { name: 'Name starts with' }), 'nobody');
    await user.click(within(search()).getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'No vault account’s name starts with “nobody”' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show every account' }));
    await waitFor(() => expect(address()).toBe('/vault/accounts'));

    await user.click(await screen.findByRole('link', { name: 'Treasury' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Treasury' })).toBeInTheDocument();
    expect(address()).toBe('/vault/accounts/0');
  });
});

describe('VaultAccountPage', () => {
  it("shows each asset's amounts as every amount is shown, with its USD value, and each deposit address to copy or scan", async () => {
    await signInTo(service, PEOPLE.viewer);
    const { user } = renderPages('/vault/accounts/1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Trading desk' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('account-worth')).toHaveTextContent('359,250.00 USD'));
    const balances = await screen.findByRole('table', { name: 'Balances' });
    // ETH has 18 decimals: shown to eight, marked as cut, the last one in the tooltip (and in a copy).
    await waitFor(() => expect(rowOf(balances, /^ETH/)).toHaveTextContent('ETHEther≈40≈4000128,000.00 USD'));
    await user.hover(within(rowOf(balances, /^ETH/)).getAllByText('≈40')[0]!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Exactly 40.000000000000000001');
    await user.unhover(within(rowOf(balances, /^ETH/)).getAllByText('≈40')[0]!);
    const btc = rowOf(balances, /^BTC/);
    expect(
      within(btc)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1.25', '1.25', '0', '0', '81,250.00 USD']);

    const addresses = screen.getByRole('region', { name: 'Deposit addresses' });
    const btcAddress = (await callServiceFor(service, '/v1/vault/accounts/1/BTC/addresses_paginated', VaultAddressesPage)).addresses[0]!.address;
    const btcCard = within(addresses).getByRole('article', { name: 'BTC deposit address' });
    expect(await within(btcCard).findByText(btcAddress)).toBeInTheDocument();
    expect(within(btcCard).getByRole('button', { name: 'Copy BTC deposit address' })).toBeInTheDocument();
    const qr = await within(btcCard).findByRole('img', { name: 'QR code of the BTC deposit address' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(
      within(addresses)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['BTC deposit address', 'ETH deposit address', 'USDC deposit address']);
  }, 30_000);

  it('lists its recent transactions both ways, linking the other account', async () => {
    await signInTo(service, PEOPLE.editor);
    const sent = await callService(service, '/v1/transactions', {
      method: 'POST',
      body: { assetId: 'BTC', source: { type: 'VAULT_ACCOUNT', id: '2' }, destination: { type: 'VAULT_ACCOUNT', id: '0' }, amount: '0.5' },
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const txId = CreateTransactionResponse.parse(await sent.json()).id;
    const { user, address } = renderPages('/vault/accounts/2');

    const recent = await screen.findByRole('table', { name: 'Recent transactions' });
    const row = within(recent).getByRole('row', { name: new RegExp(`Open transaction ${txId}`) });
    expect(row).toHaveTextContent('Sent');
    // Its status as the transactions list writes it: the same words and colour.
    const badge = row.querySelector<HTMLElement>('[data-status]')!;
    expect(badge).toHaveTextContent(TRANSACTION_STATUS_LABELS[badge.dataset.status as TransactionStatus].label);
    // With its USD value at the catalogue's price.
    await waitFor(() => expect(row).toHaveTextContent(/0\.5 BTC\s*32,500\.00 USD/));
    await user.click(within(row).getByRole('link', { name: 'Treasury (0)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Treasury' })).toBeInTheDocument();
    const received = within(await screen.findByRole('table', { name: 'Recent transactions' })).getByRole('row', {
      name: new RegExp(`Open transaction ${txId}`),
    });
    expect(received).toHaveTextContent('Received');
    await user.click(within(received).getByRole('link', { name: `Open transaction ${txId}` }));
    expect(address()).toBe(`/transactions/${txId}`);
  }, 30_000);

  it('explains an account that does not exist', async () => {
    await signInTo(service, PEOPLE.viewer);
    // Its failure is shown by the route's error boundary.
    renderPage(<VaultAccountPage />, '/vault/accounts/404');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The vault account could not be loaded');
    expect(alert).toHaveTextContent('No vault account 404');
    expect(screen.getByRole('link', { name: 'All vault accounts' })).toHaveAttribute('href', '/vault/accounts');
  });
});
