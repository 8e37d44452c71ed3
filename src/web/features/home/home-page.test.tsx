import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { HomeSummary } from '../../../contract/home';
import { OrderDetails } from '../../../contract/trading';
import { CreateTransactionResponse } from '../../../contract/transactions';
import { callService, callServiceFor, PEOPLE, type Person, realServiceForFile, signInTo } from '../../test/real-service';
import { pageAt } from '../../test/page-at';
import { renderRoutes } from '../../test/render';
import HomePage, { HOME_LINKS } from './home-page';

// The real service: Harbourside Capital has the trading demo (vault accounts Treasury, Trading desk
// and Cold storage with balances, and USD prices); Quiet Fund has no trading beta. A transfer in
// CONFIRMING counts as stuck after STUCK_SECONDS, so a test sees one within its time.
const STUCK_SECONDS = 10;
const service = realServiceForFile({ stuckAlertSeconds: STUCK_SECONDS });

afterEach(() => cleanup());

/** Signs in as `person` and opens the home; answers the calls the page made, once it has drawn. */
async function openHome(person: Person) {
  await signInTo(service, person);
  const before = service.calls.length;
  renderRoutes({ '/': <HomePage /> }, '/');
  await screen.findByRole('heading', { level: 1, name: 'Home' });
  return { calls: () => service.calls.slice(before).map((call) => call.path) };
}

const region = (name: string) => screen.findByRole('region', { name });
/** The tile (a link) whose text starts with its count and names `label`. */
const tile = async (label: string) => {
  const waiting = await region('Waiting for you');
  return within(waiting).getByRole('link', { name: new RegExp(`^\\d+\\s*${label}`) });
};

describe('the home page', () => {
  it("shows a viewer the workspace's balances with their USD value, and no tile it cannot act on", async () => {
    const { calls } = await openHome(PEOPLE.viewer);
    const balances = await region('Balances');
    // 93.75 BTC at 65,000 + 290.000000000000000001 ETH at 3,200 + 2,650,000 USDC + 1,000,000 USDT + 4,000 SOL at 150.
    expect(within(balances).getByTestId('usd-total')).toHaveTextContent('11,271,750.00 USD');
    // An 18-decimal total at a glance, the exact amount in its tooltip (on hover, and on keyboard focus: a tab stop).
    const eth = within(balances).getByRole('row', { name: /^ETH ≈290 928,000\.00 USD$/ });
    const total = within(eth).getByText('≈290');
    expect(total).toHaveAttribute('tabindex', '0');
    await userEvent.setup().hover(total);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Exactly 290.000000000000000001');
    expect(within(balances).getByRole('link', { name: 'Vault accounts' })).toHaveAttribute('href', HOME_LINKS.vaultAccounts);

    // A viewer acts on nothing: nothing waits for them, and they are offered nothing they may not start.
    expect(screen.queryByRole('region', { name: 'Waiting for you' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Travel Rule messages pending/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Approvals to decide/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Failed webhook notifications/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open orders/ })).not.toBeInTheDocument();
    expect(await region('Recent orders')).toBeInTheDocument();
    expect(await region('Recent transfers')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Security events' })).not.toBeInTheDocument();
    // Nothing the role may not read was asked for.
    expect(calls().filter((path) => /audit_logs|approval_requests/.test(path))).toEqual([]);
  });

  it('asks the catalogue for the assets it shows in one request, never one per asset', async () => {
    const { calls } = await openHome(PEOPLE.viewer);
    await within(await region('Balances')).findByRole('row', { name: /^ETH / });
    // The recent transfers have drawn (their assets are asked for as they draw).
    await waitFor(() => expect(screen.queryByLabelText('Loading: Recent transfers')).not.toBeInTheDocument());
    expect(calls().filter((path) => path.startsWith('/v1/assets/'))).toEqual([]);
    // One list request for the balances' assets (the recent transfers' may be a second set).
    const lists = calls().filter((path) => path.startsWith('/v1/assets?'));
    expect(lists.length).toBeGreaterThanOrEqual(1);
    expect(lists.length).toBeLessThanOrEqual(2);
  });

  it('shows an admin what waits for a decision, each tile linking to its filtered list, and the latest transfer', async () => {
    await signInTo(service, PEOPLE.admin);
    const transfer = await callService(service, '/v1/transactions', {
      method: 'POST',
      body: { assetId: 'BTC', source: { type: 'VAULT_ACCOUNT', id: '0' }, destination: { type: 'VAULT_ACCOUNT', id: '2' }, amount: '0.01' },
    });
    expect(transfer.status).toBe(200);
    await openHome(PEOPLE.admin);

    expect(await tile('Approvals to decide')).toHaveAttribute('href', HOME_LINKS.approvals);
    expect(await tile('Failed webhook notifications')).toHaveAttribute('href', HOME_LINKS.webhooks);
    expect(await tile('Stuck transfers')).toHaveAttribute('href', '/transactions?status=CONFIRMING&stuck=true&sort=ASC');
    expect(await tile('Open orders')).toHaveAttribute(
      'href',
      '/trading/orders?statuses=CREATED,AWAITING_PAYMENT,AWAITING_INFORMATION,PENDING_USER_ACTION,PROCESSING',
    );
    const transfers = await region('Recent transfers');
    expect(await within(transfers).findByRole('link', { name: /^0\.01 BTC/ })).toBeInTheDocument();
    // The admin's own sign-in is a security event of the last 7 days.
    const security = await region('Security events');
    // A sentence about the person, named with the role they hold once the workspace's people are known.
    await waitFor(() =>
      expect(
        within(security)
          .getAllByRole('listitem')
          .map((line) => line.textContent),
      ).toContainEqual(expect.stringMatching(/^admin\s*Admin signed in/)),
    );
    expect(within(security).queryByText(/Sign-in signed in/)).not.toBeInTheDocument();
    expect(
      within(security)
        .getByRole('link', { name: /All security events/ })
        .getAttribute('href'),
    ).toMatch(/^\/audit\?startTime=\d+&endTime=\d+&category=Security$/);
  });

  it("shows an auditor the security events, the integrity check's result and the quorum changes", async () => {
    await openHome(PEOPLE.auditor);
    const integrity = await region('Audit log integrity');
    expect(await within(integrity).findByRole('status')).toHaveTextContent(/^Intact: the hash chain of \d+ events? of the last 24 hours is unbroken/);
    expect(
      within(integrity)
        .getByRole('link', { name: /Open the audit log/ })
        .getAttribute('href'),
    ).toMatch(/^\/audit\?startTime=\d+&endTime=\d+$/);
    const changes = await region('Quorum and screening changes');
    expect(
      within(changes)
        .getByRole('link', { name: /These changes/ })
        .getAttribute('href'),
    ).toMatch(/&subject=Quorum&subject=Screening$/);
    expect(await region('Security events')).toBeInTheDocument();
    // An auditor reads; nothing waits for them to act on, not the Travel Rule messages either, and they move no funds.
    expect(screen.queryByRole('region', { name: 'Waiting for you' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New transfer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New order' })).not.toBeInTheDocument();
  });

  it('shows a trader open orders and balances, and starts a new order or transfer from the home', async () => {
    await signInTo(service, PEOPLE.editor);
    // An order to the wei: the recent orders read it as every amount is shown.
    await callServiceFor(service, '/v1/trading/orders', OrderDetails, {
      method: 'POST',
      body: {
        via: { type: 'PROVIDER', providerId: 'HARBOR' },
        executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: '0.250000000000000001', baseAssetId: 'ETH', quoteAssetId: 'USDT' },
        settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '1' } },
      },
    });
    await openHome(PEOPLE.editor);
    expect(await within(await region('Recent orders')).findByRole('link', { name: /^Sell ≈0\.25 ETH for USDT: / })).toBeInTheDocument();
    expect(await tile('Open orders')).toBeInTheDocument();
    const start = screen.getByRole('group', { name: 'Start' });
    expect(within(start).getByRole('link', { name: 'New order' })).toHaveAttribute('href', '/trading/orders/new');
    expect(within(start).getByRole('link', { name: 'New transfer' })).toHaveAttribute('href', '/transactions');
    expect(within(start).queryByRole('link', { name: 'Create API user' })).not.toBeInTheDocument();
    expect(await tile('Stuck transfers')).toBeInTheDocument();
    expect(await region('Balances')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Audit log integrity' })).not.toBeInTheDocument();
  });

  it('leads from the stuck-transfers tile to a list of exactly the transfers it counts, saying why', async () => {
    await signInTo(service, PEOPLE.editor);
    const submit = async (assetId: string) => {
      const response = await callService(service, '/v1/transactions', {
        method: 'POST',
        body: {
          assetId,
          source: { type: 'VAULT_ACCOUNT', id: '0' },
          destination: { type: 'VAULT_ACCOUNT', id: '2' },
          amount: '0.01',
          simulation: { outcome: 'STUCK' },
        },
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return CreateTransactionResponse.parse(await response.json()).id;
    };
    // Two low-fee transfers that stay in CONFIRMING: only the EVM one counts as stuck (the engine's rule).
    const stuck = await submit('ETH');
    const utxo = await submit('BTC');
    await waitFor(async () => expect((await callServiceFor(service, '/v1/console/home', HomeSummary)).transactions?.stuck).toBe(1), { interval: 1_000 });

    const user = userEvent.setup();
    // The transactions page as the console's router serves it (features do not import each other).
    const TransactionsPage = pageAt('/transactions')!.page;
    const { address } = renderRoutes(
      {
        '/': <HomePage />,
        '/transactions': (
          <Suspense fallback={null}>
            <TransactionsPage />
          </Suspense>
        ),
      },
      '/',
    );
    const stuckTile = await tile('Stuck transfers');
    expect(stuckTile).toHaveTextContent(`1Stuck transfersConfirming for more than ${STUCK_SECONDS} seconds`);
    await user.click(stuckTile);
    await waitFor(() => expect(address()).toBe(HOME_LINKS.stuckTransfers));
    // The filter bar shows why the list is short.
    // The transactions page is a chunk of its own, fetched as the link is followed.
    expect(await screen.findByRole('switch', { name: /Stuck only/ })).toBeChecked();
    const shown = async () =>
      (await screen.findAllByRole('link', { name: /^Open transaction / })).map((link) => link.getAttribute('aria-label')!.replace('Open transaction ', ''));
    expect(await shown()).toEqual([stuck]);

    // Without the filter, every transfer in CONFIRMING: the BTC one was there all along.
    await user.click(screen.getByRole('switch', { name: /Stuck only/ }));
    await waitFor(() => expect(address()).toBe('/transactions?status=CONFIRMING&sort=ASC'));
    await waitFor(async () => expect((await shown()).sort()).toEqual([stuck, utxo].sort()));
  });

  it('shows no trading parts in a workspace without the trading beta, and asks for none', async () => {
    const { calls } = await openHome(PEOPLE.outsider);
    expect(await region('Recent transfers')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Balances' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent orders' })).not.toBeInTheDocument();
    expect(calls().filter((path) => /trading|vault/.test(path))).toEqual([]);
  });
});
