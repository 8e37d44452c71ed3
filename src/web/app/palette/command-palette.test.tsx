import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../contract/roles';
import { OrderDetails } from '../../../contract/trading';
import { CreateTransactionResponse } from '../../../contract/transactions';
import { Webhook } from '../../../contract/webhooks';
import TransactionsPage from '../../features/transactions/transactions-page';
import { callServiceFor, PEOPLE, type Person, realServiceForFile, signInTo } from '../../test/real-service';
import { renderAt } from '../../test/render';
import { PaletteLauncher } from './palette-launcher';

// The real service: its catalogue search, its roles and its 404s decide what the palette finds.
const service = realServiceForFile();

// A search of the service can take seconds on a loaded machine, longer than Testing Library's wait.

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`${pathname}${search}`}</output>;
}

/** The header's launcher over a console whose only page is the transactions page (for the palette's "New transfer"). */
async function openConsole(person: Person & { role: Role }) {
  await signInTo(service, person);
  const user = userEvent.setup();
  renderAt(
    <>
      <PaletteLauncher role={person.role} />
      <Routes>
        <Route path="/transactions" element={<TransactionsPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Address />
    </>,
  );
  const address = () => screen.getByTestId('address').textContent;
  const search = () => screen.findByRole('combobox', { name: 'Search pages, actions and the workspace' });
  const list = () => screen.getByRole('listbox', { name: 'Pages, actions and what was found' });
  /** The first option of that name, once the search has found it. */
  const option = async (name: string | RegExp) => (await within(list()).findAllByRole('option', { name }))[0]!;
  /**
   * Opens the palette with Ctrl+K and empties its search. Mantine's test environment skips
   * transitions, and with them the clearing of the search once the palette has faded out.
   */
  const open = async () => {
    await user.keyboard('{Control>}k{/Control}');
    const input = await search();
    await user.clear(input);
    return input;
  };
  /** The option Enter would open. */
  const chosen = async () => {
    const id = (await search()).getAttribute('aria-activedescendant');
    return id ? document.getElementById(id) : null;
  };
  return { user, address, search, list, option, chosen, open };
}

const lookUps = (path: string) => service.calls.filter((call) => call.path.startsWith(path));

describe('the command palette', () => {
  it('opens with Ctrl+K and finds an asset by its symbol once typing pauses; Enter opens it in the catalogue', async () => {
    const { user, address, search, list, option, chosen } = await openConsole(PEOPLE.editor);
    await user.keyboard('{Control>}k{/Control}');
    const input = await search();
    await waitFor(() => expect(input).toHaveFocus());

    const searches = () => lookUps('/v1/assets?').filter((call) => !call.path.includes('ids='));
    const before = searches().length;
    await user.keyboard('uSdC');
    // The service ranks the exact symbol first, and no page or action is named so.
    const usdc = await option(/^USDC · .*Asset · /);
    expect(within(list()).getAllByRole('option')[0]).toBe(usdc);
    // One search for the text as it stood when typing paused, not one per key.
    expect(searches().length - before).toBe(1);
    expect(searches().at(-1)?.path).toMatch(/[?&]q=uSdC(&|$)/);
    await waitFor(async () => expect(await chosen()).toBe(usdc));
    expect(usdc).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toMatch(/^\/catalogue\/assets\?q=USDC&asset=[^&]+$/));
    expect(screen.queryByRole('combobox', { name: 'Search pages, actions and the workspace' })).not.toBeInTheDocument();
  });

  it('puts the assets the workspace holds first, names every asset’s chain, and offers all the results in the catalogue', async () => {
    const { user, address, list, option } = await openConsole(PEOPLE.editor);
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('usdc');
    // The demo's vaults hold the Ethereum USDC; the service alone ranks other chains' USDC before it.
    const all = await option(/^All \d+ assets matching “usdc”/);
    const assets = within(list())
      .getAllByRole('option')
      .filter((entry) => /Asset · /.test(entry.textContent ?? ''));
    expect(assets).toHaveLength(5);
    expect(assets[0]).toHaveTextContent(/^USDC · .*Asset · Ethereum · USDC · Held$/);
    for (const entry of assets) expect(entry.textContent).toMatch(/^USDC · .+Asset · [^·]+ · USDC\w*/);
    expect(new Set(assets.map((entry) => entry.textContent)).size).toBe(5);

    await user.click(all);
    await waitFor(() => expect(address()).toBe('/catalogue/assets?q=usdc'));
  });

  it('lists the pages and actions the role may take, moves with the arrows and closes with Escape', async () => {
    const { user, search, list, chosen } = await openConsole(PEOPLE.editor);
    await user.click(screen.getByRole('button', { name: /Search/ }));
    const input = await search();
    await waitFor(() => expect(input).toHaveFocus());
    const names = () =>
      within(list())
        .getAllByRole('option')
        .map((entry) => entry.textContent);
    expect(names()).toEqual(
      expect.arrayContaining(['HomePage', 'TransactionsPage', 'OrdersPage · Trading', 'WebhooksPage', 'New transferAction', 'New orderAction']),
    );
    // An editor may not read the quorum or the API users, nor create an API user or a webhook.
    expect(names().filter((name) => /Quorum|API user|Register webhook/.test(name ?? ''))).toEqual([]);
    expect(within(list()).getByRole('group', { name: 'Pages' })).toBeInTheDocument();

    const first = await chosen();
    expect(first).toHaveTextContent('Home');
    await user.keyboard('{ArrowDown}');
    await waitFor(async () => expect(await chosen()).not.toBe(first));
    await user.keyboard('{ArrowUp}');
    await waitFor(async () => expect(await chosen()).toBe(first));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Search pages, actions and the workspace' })).not.toBeInTheDocument());
  });

  it('starts an action on its page: "New transfer" opens the transfer dialog', async () => {
    const { user, address, option } = await openConsole(PEOPLE.editor);
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('new tra');
    await option(/^New transfer\s*Action$/);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toBe('/transactions'));
    expect(await screen.findByRole('dialog', { name: 'New transfer' })).toBeInTheDocument();
  });

  it('finds an order, a transaction and a vault account by id or name, each saying what it is', async () => {
    const { user, address, option, open } = await openConsole(PEOPLE.editor);
    const order = await callServiceFor(service, '/v1/trading/orders', OrderDetails, {
      method: 'POST',
      body: {
        via: { type: 'PROVIDER', providerId: 'HARBOR' },
        executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: '250', baseAssetId: 'XRP', quoteAssetId: 'USDT' },
        settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '1' } },
      },
    });
    const transfer = await callServiceFor(service, '/v1/transactions', CreateTransactionResponse, {
      method: 'POST',
      // To the wei: its row reads it as every amount is shown.
      body: { assetId: 'ETH', source: { type: 'VAULT_ACCOUNT', id: '0' }, destination: { type: 'VAULT_ACCOUNT', id: '1' }, amount: '0.010000000000000001' },
    });

    await open();
    await user.paste(order.id);
    await option(new RegExp(`^Order ${order.id}\\s*Order · `));
    // An editor may not read API users: no look-up is sent for that kind.
    expect(lookUps('/v1/management/api_users')).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toBe(`/trading/orders/${order.id}`));

    await open();
    await user.paste(transfer.id);
    await option(/^≈0\.01 ETH\s*Transaction · /);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toBe(`/transactions/${transfer.id}`));

    await open();
    await user.keyboard('treas');
    await option(/^Treasury\s*Vault account · 0$/);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toBe('/vault/accounts/0'));
  });

  it('finds a webhook by id for an admin', async () => {
    const admin = await openConsole(PEOPLE.admin);
    const webhook = await callServiceFor(service, '/v1/webhooks', Webhook, {
      method: 'POST',
      body: { url: 'http://127.0.0.1:9/palette', events: ['transaction.created'], description: 'palette test' },
    });
    await admin.open();
    await admin.user.paste(webhook.id);
    await admin.option(/^http:\/\/127\.0\.0\.1:9\/palette\s*Webhook · /);
    await admin.user.keyboard('{Enter}');
    await waitFor(() => expect(admin.address()).toBe(`/webhooks/${webhook.id}`));
  });

  it('offers a viewer neither a new order nor a new transfer, and finds nothing for an id that names nothing', async () => {
    const viewer = await openConsole(PEOPLE.viewer);
    await viewer.open();
    expect(
      within(viewer.list())
        .getAllByRole('option', { name: /Action$/ })
        .map((entry) => entry.textContent),
    ).toEqual(['Register assetAction']);
    // An order id that names nothing: the service answers 404, and the palette finds nothing.
    await viewer.user.paste('6f1c2a52-1b7e-4bf4-9a39-2c1d1f8a0c11');
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
  });
});
