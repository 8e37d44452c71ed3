import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CreateOrderRequest, OrderDetails } from '../../../contract/trading';
import { callServiceFor, DEMO_WORKSPACE, PEOPLE, realServiceForFile, signInTo } from '../../test/real-service';
import { renderPage, renderRoutes } from '../../test/render';
import OrdersPage from './orders-page';

const service = realServiceForFile();
const created: Record<'atlas' | 'harbor', OrderDetails | null> = { atlas: null, harbor: null };

const harbourside = {
  entityType: 'BUSINESS',
  externalReferenceId: 'o-1',
  participantRelationshipType: 'FirstParty',
  businessName: DEMO_WORKSPACE,
  registrationNumber: 'HRB 1',
  postalAddress: { streetName: 'Kai', buildingNumber: '1', postalCode: '20457', city: 'Hamburg', subdivision: 'Hamburg', district: 'HafenCity', country: 'DE' },
} as const;

const atlasOrder: CreateOrderRequest = {
  via: { type: 'PROVIDER_ACCOUNT', providerId: 'ATLAS', accountId: 'atlas-main' },
  // To the wei: the list shows it as every amount is shown, to eight decimals, the exact amount on hover.
  executionRequestDetails: { type: 'MARKET', side: 'BUY', baseAmount: '0.250000000000000001', baseAssetId: 'ETH', quoteAssetId: 'USDC' },
  settlement: { type: 'DVP', sourceAccount: { type: 'VAULT_ACCOUNT', accountId: '0' }, destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
  // The workspace buys for itself: it is both originator and beneficiary.
  participantsIdentification: { originator: harbourside, beneficiary: harbourside },
  sourceOfFunds: { reasonForPayment: 'INVESTMENT' },
};

const harborOrder: CreateOrderRequest = {
  via: { type: 'PROVIDER', providerId: 'HARBOR' },
  executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: '100', baseAssetId: 'XRP', quoteAssetId: 'USDT' },
  settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '2' } },
};

beforeAll(async () => {
  await signInTo(service, PEOPLE.editor);
  created.atlas = await callServiceFor(service, '/v1/trading/orders', OrderDetails, { method: 'POST', body: atlasOrder });
  created.harbor = await callServiceFor(service, '/v1/trading/orders', OrderDetails, { method: 'POST', body: harborOrder });
});

const renderTrading = (path: string) => renderRoutes({ '/trading/orders': <OrdersPage /> }, path);

const listCalls = () => service.calls.filter((call) => call.method === 'GET' && call.path.startsWith('/v1/trading/orders?'));

describe('the orders list', () => {
  it('lists the orders newest first, each a link to its page, with a way to a new one for a trader', async () => {
    await signInTo(service, PEOPLE.editor);
    renderTrading('/trading/orders');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Sell 100 XRP', 'Buy ≈0.25 ETH']);
    await userEvent.setup().hover(within(rows[1]!).getByText('≈0.25 ETH'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Exactly 0.250000000000000001 ETH');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', `/trading/orders/${created.harbor!.id}`);
    expect(await within(rows[0]!).findByText('Harbor OTC')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Atlas main account')).toBeInTheDocument();
    expect(screen.getByTestId('orders-count')).toHaveTextContent('2 orders');
    expect(screen.getByRole('link', { name: 'New order' })).toHaveAttribute('href', '/trading/orders/new');
  });

  it('keeps its filters in the address and asks the service for just those orders', async () => {
    await signInTo(service, PEOPLE.editor);
    const user = userEvent.setup();
    renderTrading('/trading/orders');
    await screen.findByRole('table');

    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    await user.click(screen.getByRole('option', { name: 'Atlas Prime Brokerage' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/trading/orders?providerId=ATLAS'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Buy ≈0.25 ETH' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/trading/orders?statuses=FAILED&providerId=ATLAS'));
    expect(await screen.findByText('No orders match these filters')).toBeInTheDocument();
    expect(listCalls().at(-1)?.path).toBe('/v1/trading/orders?pageSize=25&order=DESC&statuses=FAILED&providerId=ATLAS');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/trading\/orders$/));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
  });

  it('opens filtered from a link, days taken as UTC', async () => {
    await signInTo(service, PEOPLE.editor);
    const today = new Date().toISOString().slice(0, 10);
    renderTrading(`/trading/orders?from=2020-01-01&to=2020-01-31`);
    expect(await screen.findByText('No orders match these filters')).toBeInTheDocument();
    expect(listCalls().at(-1)?.path).toBe(`/v1/trading/orders?pageSize=25&order=DESC&startTime=${Date.UTC(2020, 0, 1)}&endTime=${Date.UTC(2020, 1, 1) - 1}`);
    cleanup();
    renderTrading(`/trading/orders?from=${today}&to=${today}`);
    expect(await screen.findByTestId('orders-count')).toHaveTextContent('2 orders');
  });

  it('takes the days of its range as the console writes a day, and says what it cannot read', async () => {
    await signInTo(service, PEOPLE.editor);
    const user = userEvent.setup();
    renderTrading('/trading/orders');
    await screen.findByRole('table');
    const from = screen.getByRole('textbox', { name: 'From (UTC)' });
    expect(from).toHaveAttribute('placeholder', 'YYYY-MM-DD');

    // The browser's own way of writing a day is not taken, and says so once left.
    await user.type(from, '01/31/2020');
    await user.tab();
    expect(from).toHaveAccessibleDescription('Write the day as YYYY-MM-DD, e.g. 2026-01-31');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/trading\/orders$/);

    await user.clear(from);
    await user.type(from, '2020-01-01');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/trading/orders?from=2020-01-01'));
    expect(from).not.toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByTestId('orders-count')).toHaveTextContent('2 orders');

    // Cleared from elsewhere, the input follows the address.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/trading\/orders$/));
    expect(from).toHaveValue('');
  });

  it('offers no new order to a viewer, who may only read', async () => {
    await signInTo(service, PEOPLE.viewer);
    renderTrading('/trading/orders');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New order' })).not.toBeInTheDocument();
  });

  it('shows the service’s own words to a workspace without the trading beta', async () => {
    await signInTo(service, PEOPLE.outsider);
    // Its failure is shown by the route's error boundary.
    renderPage(<OrdersPage />, '/trading/orders');
    expect(await screen.findByRole('heading', { name: 'Trading is not available' })).toBeInTheDocument();
    expect(screen.getByText('Trading is in beta and not enabled for this workspace: access is arranged with your account manager')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
