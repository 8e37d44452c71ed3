import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type CreateOrderRequest, OrderDetails } from '../../../contract/trading';
import { readableAmount } from '../../lib/amounts';
import { callServiceFor, PEOPLE, realServiceForFile, signInTo } from '../../test/real-service';
import { renderPage, renderRoutes } from '../../test/render';
import OrderPage from './order-page';

// The simulated provider sees a prefunded order's payment after 15 s rather than 3 s: the first
// test watches the page ask for the payment, then follow the order to its receipt, and with the
// machine's load at 15 the page drew after the 3 s had passed, with the order already completed.
const service = realServiceForFile({ depositSeenMs: 15_000 });

const place = (body: CreateOrderRequest) => callServiceFor(service, '/v1/trading/orders', OrderDetails, { method: 'POST', body });
const renderTrading = (path: string) => renderRoutes({ '/trading/orders/:orderId': <OrderPage /> }, path);

const kyc = {
  entityType: 'INDIVIDUAL' as const,
  externalReferenceId: 'c-1',
  participantRelationshipType: 'FirstParty' as const,
  fullName: { firstName: 'Grace', lastName: 'Hopper' },
  dateOfBirth: '1976-12-09',
  postalAddress: { streetName: 'Main St', buildingNumber: '1', postalCode: '10001', city: 'New York', subdivision: 'NY', district: 'Manhattan', country: 'US' },
};

describe('the order page', () => {
  it('shows where to pay a prefunded order, then follows it to its receipt', async () => {
    await signInTo(service, PEOPLE.editor);
    // Selling XRP: the provider's deposit address is on the XRP ledger, which needs a tag.
    const order = await place({
      via: { type: 'PROVIDER', providerId: 'HARBOR' },
      executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: '250', baseAssetId: 'XRP', quoteAssetId: 'USDT' },
      settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '1' } },
    });
    renderTrading(`/trading/orders/${order.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sell 250 XRP' })).toBeInTheDocument();
    // The account the order delivers to links to its page.
    expect(await screen.findByRole('link', { name: 'Vault account Trading desk (1)' })).toHaveAttribute('href', '/vault/accounts/1');

    // The instructions as the service gives them, once the page shows it has them.
    await screen.findByRole('region', { name: 'Payment instructions' });
    const instruction = (await callServiceFor(service, `/v1/trading/orders/${order.id}`, OrderDetails)).paymentInstructions![0]!;
    // Found again after that call rather than held across it: the page redraws as the order moves
    // (a repeat run, when the provider took 3 s, found the first region's buttons detached).
    const payment = await screen.findByRole('region', { name: 'Payment instructions' });
    // Whether it still asks for the payment depends on whether the engine has seen the deposit yet:
    // payment-instructions.test.tsx checks both.
    expect(within(payment).getByTestId('payment-deposit-address')).toHaveTextContent(instruction.address.blockchainAddress);
    expect(within(payment).getByTestId('payment-tag-or-memo')).toHaveTextContent(instruction.address.tag!);
    expect(within(payment).getByRole('button', { name: 'Copy deposit address' })).toBeInTheDocument();
    expect(within(payment).getByRole('button', { name: 'Copy tag or memo' })).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR code of the deposit address for XRP' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    // The provider sees the deposit, executes and delivers; the page follows without a reload.
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    const done = await callServiceFor(service, `/v1/trading/orders/${order.id}`, OrderDetails);
    expect(done.status).toBe('COMPLETED');
    expect(receipt).toHaveTextContent(`Delivered ${readableAmount(done.receipt!.amount, undefined).shown} USDT`);
    expect(within(receipt).getByTestId('receipt-tx-hash')).toHaveTextContent(done.receipt!.txHash);
    // USDT is an Ethereum token: the receipt links to the transaction on Etherscan.
    expect(await within(receipt).findByRole('link', { name: /Transaction on etherscan\.io/ })).toHaveAttribute(
      'href',
      `https://etherscan.io/tx/${done.receipt!.txHash}`,
    );
    expect(screen.queryByRole('region', { name: 'Payment instructions' })).not.toBeInTheDocument();

    // Who placed it, by name and role, with the id to copy (checked after the payment instructions, which show only while the order waits for its deposit).
    const facts = screen.getByRole('table', { name: 'Order' });
    await waitFor(() =>
      expect(
        within(facts)
          .getByRole('row', { name: /^Created by/ })
          .querySelector('td'),
      ).toHaveTextContent(/^editor\s*Editor$/),
    );
    expect(within(facts).getByRole('button', { name: 'Copy creator id' })).toBeInTheDocument();

    const timeline = screen.getByRole('region', { name: 'Status timeline' });
    expect([...timeline.querySelectorAll('[data-status]')].map((item) => item.getAttribute('data-status'))).toEqual([
      'CREATED',
      'AWAITING_PAYMENT',
      'PROCESSING',
      'COMPLETED',
    ]);
    const steps = within(screen.getByRole('table', { name: 'Execution steps' }))
      .getAllByRole('row')
      .slice(1);
    expect(steps.map((row) => row.getAttribute('data-step-status'))).toEqual(['COMPLETED', 'COMPLETED']);
    expect(steps.map((row) => row.getAttribute('data-step'))).toEqual(['EXECUTE', 'DELIVERY']);
    expect(within(screen.getByRole('table', { name: 'Fees' })).getByText('Order fee')).toBeInTheDocument();
    expect(screen.queryByText('Following the order…')).not.toBeInTheDocument();
  });

  it('says why an order failed', async () => {
    await signInTo(service, PEOPLE.editor);
    // A fill-or-kill limit far below the market: the provider does not fill it.
    const order = await place({
      via: { type: 'PROVIDER_ACCOUNT', providerId: 'ATLAS', accountId: 'atlas-main' },
      executionRequestDetails: { type: 'LIMIT', timeInForce: 'FOK', limitPrice: '1', side: 'BUY', baseAmount: '0.1', baseAssetId: 'BTC', quoteAssetId: 'USDC' },
      settlement: { type: 'DVP', sourceAccount: { type: 'VAULT_ACCOUNT', accountId: '0' }, destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
      participantsIdentification: { originator: kyc, beneficiary: kyc },
      sourceOfFunds: { reasonForPayment: 'SAVINGS' },
    });
    renderTrading(`/trading/orders/${order.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(/The provider did not fill the order/);
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Execution steps' }).querySelector('[data-step="EXECUTE"]')).toHaveAttribute('data-step-status', 'FAILED'),
    );
    expect(screen.getByRole('region', { name: 'Order' })).toHaveTextContent('Grace Hopper (individual)');
  });

  it('answers an unknown order with the service’s words', async () => {
    await signInTo(service, PEOPLE.viewer);
    // Its failure is shown by the route's error boundary.
    renderPage(<OrderPage />, '/trading/orders/6f1c2a52-1b7e-4bf4-9a39-2c1d1f8a0c11');
    expect(await screen.findByRole('alert')).toHaveTextContent('No order 6f1c2a52-1b7e-4bf4-9a39-2c1d1f8a0c11');
  });
});
