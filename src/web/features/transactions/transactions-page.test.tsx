import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CreateTransactionResponse, TransactionWithTimeline } from '../../../contract/transactions';
import { VaultAccount } from '../../../contract/vault';
import { callService, callServiceFor, PEOPLE, realServiceForFile, signInTo } from '../../test/real-service';
import { renderPage, renderRoutes } from '../../test/render';
import { timelineSteps } from './status-timeline';
import TransactionPage from './transaction-page';
import TransactionsPage from './transactions-page';

// The real service, with the trading demo's vault accounts: Treasury (0), Trading desk (1), Cold storage (2).
const service = realServiceForFile();

function renderTransactions(path: string) {
  const user = userEvent.setup();
  const { address } = renderRoutes({ '/transactions': <TransactionsPage />, '/transactions/:txId': <TransactionPage /> }, path);
  const choose = async (name: string | RegExp, option: string | RegExp) => {
    await user.click(screen.getByRole('combobox', { name }));
    await user.click(await screen.findByRole('option', { name: option }));
  };
  return { user, address, choose };
}

/** A transfer submitted by the test itself, through the service's API. */
async function submitTransfer(body: Record<string, unknown>): Promise<string> {
  const response = await callService(service, '/v1/transactions', {
    method: 'POST',
    body: { assetId: 'BTC', source: { type: 'VAULT_ACCOUNT', id: '0' }, destination: { type: 'VAULT_ACCOUNT', id: '2' }, amount: '0.01', ...body },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return CreateTransactionResponse.parse(await response.json()).id;
}

const transaction = (id: string) => callServiceFor(service, `/v1/transactions/${id}`, TransactionWithTimeline);

describe('TransactionsPage', () => {
  it('submits a transfer between vault accounts and follows it to completed on its own page', async () => {
    await signInTo(service, PEOPLE.editor);
    const { user, address, choose } = renderTransactions('/transactions');

    await user.click(await screen.findByRole('button', { name: 'New transfer' }));
    const form = await screen.findByRole('form', { name: 'New transfer' });
    await choose(/From vault account/, 'Treasury (0)');
    await choose(/Asset/, /^BTC, 12\.5 available$/);
    expect(within(form).getByRole('textbox', { name: /Amount/ })).toHaveAccessibleDescription('12.5 BTC available in Treasury');
    await choose(/To vault account/, 'Trading desk (1)');

    // The contract's rule for amounts is checked in the browser before anything is sent.
    await user.type(within(form).getByRole('textbox', { name: /Amount/ }), '0,25');
    await user.click(within(form).getByRole('button', { name: 'Submit transfer' }));
    expect(await within(form).findByText(/amount must be a decimal number greater than 0/)).toBeInTheDocument();

    await user.clear(within(form).getByRole('textbox', { name: /Amount/ }));
    await user.type(within(form).getByRole('textbox', { name: /Amount/ }), '0.25');
    await user.type(within(form).getByRole('textbox', { name: /Note/ }), 'Rebalance to the desk');
    await user.click(within(form).getByRole('button', { name: 'Submit transfer' }));

    // The new transaction's own page, which follows it while it moves.
    await waitFor(() => expect(address()).toMatch(/^\/transactions\/[^/]+$/));
    const txId = decodeURIComponent(address().split('/')[2]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction' })).toBeInTheDocument();
    expect(await screen.findByText(txId)).toBeInTheDocument();
    // While it moves, its timeline ends on the status to come. Looked for as soon as the page shows
    // the transfer, before anything else: its steps take a second each, and on a loaded machine the
    // page once first drew Confirming when the transfer was already final.
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Status timeline' })).getByText('Next status')).toBeInTheDocument());
    const amounts = await screen.findByRole('table', { name: 'Amounts and fees' });
    expect(within(amounts).getByRole('row', { name: /^Requested/ })).toHaveTextContent('0.25 BTC');
    // The service gives no USD value; the catalogue's USD price does (the demo's BTC at 65,000).
    await waitFor(() => expect(within(amounts).getByRole('row', { name: /^Value/ })).toHaveTextContent('16,250.00 USD at the catalogue’s price'));
    // Who sent it, by name and role; the id is there to copy.
    const details = screen.getByRole('table', { name: 'Details' });
    await waitFor(() =>
      expect(
        within(details)
          .getByRole('row', { name: /^Created by/ })
          .querySelector('td'),
      ).toHaveTextContent(/^editor\s*Editor$/),
    );
    expect(within(details).getByRole('button', { name: 'Copy creator id' })).toBeInTheDocument();

    const timeline = screen.getByRole('list', { name: 'Status timeline' });
    await waitFor(() => expect(within(timeline).getByText('Confirming')).toBeInTheDocument());
    expect(within(timeline).getByText('Submitted')).toBeInTheDocument();
    expect(within(timeline).getAllByText('Waiting for block confirmations').length).toBeGreaterThan(0);

    await waitFor(() => expect(within(screen.getByTestId('transaction-status')).getByText('Completed')).toBeInTheDocument());
    expect(within(screen.getByTestId('transaction-status')).getByText('Confirmed on chain')).toBeInTheDocument();
    // Once final, the page stops waiting for a next status.
    expect(within(screen.getByRole('list', { name: 'Status timeline' })).queryByText('Next status')).not.toBeInTheDocument();

    // What the page shows is what the service holds.
    const stored = await transaction(txId);
    expect(stored.status).toBe('COMPLETED');
    expect(stored.note).toBe('Rebalance to the desk');
    // One step per status, the block confirmations folded into the one "Confirming" step.
    const steps = within(screen.getByRole('list', { name: 'Status timeline' })).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('data-status'))).toEqual(timelineSteps(stored.timeline).map((step) => step.status));
    expect(steps.map((step) => step.getAttribute('data-status'))).toEqual([
      'SUBMITTED',
      'PENDING_AML_SCREENING',
      'PENDING_AUTHORIZATION',
      'QUEUED',
      'PENDING_SIGNATURE',
      'BROADCASTING',
      'CONFIRMING',
      'COMPLETED',
    ]);
    expect(stored.timeline.filter((entry) => entry.status === 'CONFIRMING').length).toBeGreaterThan(1);
    expect(within(steps[6]!).getByText(/updates, the last at/)).toBeInTheDocument();
    const places = screen.getByRole('table', { name: 'Source and destination' });
    expect(within(places).getByRole('row', { name: /^From/ })).toHaveTextContent('Vault account Treasury (0)');
    expect(within(places).getByRole('row', { name: /^To/ })).toHaveTextContent('Vault account Trading desk (1)');
    // Each vault account links to its page.
    expect(within(places).getByRole('link', { name: 'Vault account Treasury (0)' })).toHaveAttribute('href', '/vault/accounts/0');
    expect(within(places).getByRole('link', { name: 'Vault account Trading desk (1)' })).toHaveAttribute('href', '/vault/accounts/1');
    expect(within(places).getByText(stored.destinationAddress)).toBeInTheDocument();

    // The explorer link comes from the catalogue's template for the asset's chain.
    const link = await screen.findByRole('link', { name: /^Transaction on / });
    expect(link).toHaveAttribute('href', expect.stringContaining(encodeURIComponent(stored.txHash!)));
    expect(within(screen.getByRole('table', { name: 'On chain' })).getByText(stored.txHash!)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'All transactions' }));
    const row = (await screen.findByRole('link', { name: `Open transaction ${txId}` })).closest('tr')!;
    // The list may first draw what it cached before the transfer completed, then its fresh page.
    await waitFor(() => expect(row).toHaveTextContent('Completed'));
    await waitFor(() => expect(row).toHaveTextContent(/0\.25 BTC\s*16,250\.00 USD/));
  });

  it('filters the list by status in the address, and shows a failed transfer with its sub-status', async () => {
    await signInTo(service, PEOPLE.editor);
    const rejected = await submitTransfer({ simulation: { outcome: 'REJECTED_AML_SCREENING' }, note: 'screened' });
    await waitFor(async () => expect((await transaction(rejected)).status).toBe('REJECTED'), { interval: 500 });
    await signInTo(service, PEOPLE.viewer);

    const { user, address, choose } = renderTransactions('/transactions');
    // A viewer reads transactions but may not move funds.
    expect(await screen.findByRole('link', { name: `Open transaction ${rejected}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New transfer' })).not.toBeInTheDocument();

    await choose('Status', 'Rejected');
    await waitFor(() => expect(address()).toBe('/transactions?status=REJECTED'));
    await waitFor(() => {
      const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toHaveTextContent('Rejected');
    });

    await user.click(screen.getByRole('link', { name: `Open transaction ${rejected}` }));
    const status = await screen.findByTestId('transaction-status');
    expect(status).toHaveTextContent('Rejected');
    expect(status).toHaveTextContent('Rejected by AML screening');
    expect(screen.queryByText('In progress: this page follows it')).not.toBeInTheDocument();
  });

  it('refuses an amount above the available balance before it is sent, comparing the decimal strings exactly', async () => {
    await signInTo(service, PEOPLE.editor);
    // What Treasury holds now: the first test of this file moved some of it to the desk.
    const treasury = await callServiceFor(service, '/v1/vault/accounts/0', VaultAccount);
    const available = treasury.assets.find((asset) => asset.id === 'BTC')!.available;
    expect(available).toMatch(/^\d+(\.\d+)?$/);
    const { user, address, choose } = renderTransactions('/transactions');

    await user.click(await screen.findByRole('button', { name: 'New transfer' }));
    const form = await screen.findByRole('form', { name: 'New transfer' });
    await choose(/From vault account/, 'Treasury (0)');
    await choose(/Asset/, `BTC, ${available} available`);
    await choose(/To vault account/, 'Trading desk (1)');
    const amount = within(form).getByRole('textbox', { name: /Amount/ });

    await user.type(amount, available);
    expect(amount).not.toHaveAttribute('aria-invalid');
    // One unit in the 18th decimal place more: a JS number would not see the difference.
    await user.type(amount, `${available.includes('.') ? '' : '.'}${'0'.repeat(17 - (available.split('.')[1]?.length ?? 0))}1`);
    const refusal = `More than the ${available} BTC available in Treasury: lower the amount.`;
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    // The field is described by the refusal, then the balance.
    expect(amount).toHaveAccessibleDescription(`${refusal} ${available} BTC available in Treasury`);

    const posts = () => service.calls.filter((call) => call.method === 'POST' && call.path === '/v1/transactions').length;
    const before = posts();
    await user.click(within(form).getByRole('button', { name: 'Submit transfer' }));
    await waitFor(() => expect(amount).toHaveFocus());
    expect(within(form).getByText(refusal)).toBeInTheDocument();
    expect(posts()).toBe(before);
    expect(address()).toBe('/transactions');
  });

  it('shows an amount to the wei as every amount is shown: in the form, the list and on its page', async () => {
    await signInTo(service, PEOPLE.editor);
    // The demo's Trading desk holds 40.000000000000000001 ETH.
    const { user, choose } = renderTransactions('/transactions');
    await user.click(await screen.findByRole('button', { name: 'New transfer' }));
    const form = await screen.findByRole('form', { name: 'New transfer' });
    await choose(/From vault account/, 'Trading desk (1)');
    await choose(/Asset/, 'ETH, ≈40 available');
    expect(within(form).getByRole('textbox', { name: /Amount/ })).toHaveAccessibleDescription('≈40 ETH available in Trading desk');
    await user.hover(within(form).getByText('≈40 ETH'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Exactly 40.000000000000000001 ETH');
    cleanup();

    const txId = await submitTransfer({
      assetId: 'ETH',
      source: { type: 'VAULT_ACCOUNT', id: '1' },
      destination: { type: 'VAULT_ACCOUNT', id: '0' },
      amount: '0.100000000000000001',
    });
    renderTransactions('/transactions');
    const row = (await screen.findByRole('link', { name: `Open transaction ${txId}` })).closest('tr')!;
    expect(row).toHaveTextContent(/≈0\.1 ETH/);
    await user.click(within(row).getByRole('link', { name: `Open transaction ${txId}` }));
    const amounts = await screen.findByRole('table', { name: 'Amounts and fees' });
    expect(within(amounts).getByRole('row', { name: /^Requested/ })).toHaveTextContent('≈0.1 ETH');
    await user.hover(within(within(amounts).getByRole('row', { name: /^Requested/ })).getByText('≈0.1 ETH'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Exactly 0.100000000000000001 ETH');
  });

  it("says on a failed transfer's page what happened, not what has not happened yet", async () => {
    await signInTo(service, PEOPLE.editor);
    // Sent past the console's check: the service takes it and fails it before it reaches the chain.
    const txId = await submitTransfer({ amount: '999999' });
    renderTransactions(`/transactions/${txId}`);
    const status = await screen.findByTestId('transaction-status');
    await waitFor(() => expect(status).toHaveTextContent('Failed'));
    expect(status).toHaveTextContent('Insufficient funds');
    const amounts = screen.getByRole('table', { name: 'Amounts and fees' });
    expect(within(amounts).getByRole('row', { name: /^Fee (?!deducted)/ })).toHaveTextContent('None: failed (Insufficient funds)');
    const onChain = screen.getByRole('table', { name: 'On chain' });
    expect(onChain).toHaveTextContent('Never on chain: failed (Insufficient funds) before it was broadcast');
    expect(screen.queryByText(/not determined yet|not on chain yet/i)).not.toBeInTheDocument();
  });

  it('says so when the address names no transaction of the workspace', async () => {
    await signInTo(service, PEOPLE.viewer);
    // Its failure is shown by the route's error boundary.
    renderPage(<TransactionPage />, '/transactions/00000000-0000-4000-8000-000000000000');
    expect(await screen.findByText('No such transaction')).toBeInTheDocument();
  });
});
