import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderDetails, OrdersResponse } from '../../../contract/trading';
import { session } from '../../lib/session';
import { callServiceFor, DEMO_WORKSPACE, PEOPLE, realServiceForFile, signInTo } from '../../test/real-service';
import { renderPage, renderRoutes } from '../../test/render';
import { loadDraft, saveDraft } from './draft-storage';
import OrderBuilderPage from './order-builder-page';
import { EMPTY_DRAFT, EMPTY_PARTICIPANT, type OrderDraft, REVIEW_STEP } from './order-draft';
import OrderPage from './order-page';
import { BERLIN_ADDRESS } from '../../../server/test/fixtures';

const service = realServiceForFile();

afterEach(() => {
  sessionStorage.clear();
});

const owner = () => {
  const state = session.getSnapshot();
  if (state.status !== 'signed-in') throw new Error('not signed in');
  return state.user;
};

/** A complete Atlas draft (full KYC, source of funds), saved as if the builder had been left at its review. */
function saveAtlasDraft(execution: Partial<OrderDraft['execution']> = {}) {
  const person = {
    ...EMPTY_PARTICIPANT,
    externalReferenceId: 'cust-7',
    participantRelationshipType: 'FirstParty' as const,
    fullName: { firstName: 'Ada', lastName: 'Lovelace' },
    dateOfBirth: '1985-12-10',
    postalAddress: BERLIN_ADDRESS,
  };
  const draft: OrderDraft = {
    ...EMPTY_DRAFT,
    providerId: 'ATLAS',
    accountId: 'atlas-main',
    execution: { ...EMPTY_DRAFT.execution, type: 'MARKET', side: 'BUY', baseAssetId: 'BTC', quoteAssetId: 'USDC', baseAmount: '0.01', ...execution },
    settlement: {
      type: 'DVP',
      sourceAccount: { type: 'VAULT_ACCOUNT', accountId: '0', address: '', tag: '' },
      destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0', address: '', tag: '' },
    },
    participants: { originator: person, beneficiary: { ...person, externalReferenceId: 'cust-8' } },
    sourceOfFunds: { reasonForPayment: 'SAVINGS' },
  };
  saveDraft(owner(), { draft, step: REVIEW_STEP, reached: REVIEW_STEP, submission: null });
}

const ordersTotal = async () => (await callServiceFor(service, '/v1/trading/orders?pageSize=1', OrdersResponse)).total;

/** The builder, and the order page it leads to. */
const renderTrading = (path: string) => renderRoutes({ '/trading/orders/new': <OrderBuilderPage />, '/trading/orders/:orderId': <OrderPage /> }, path);

function builder() {
  const user = userEvent.setup();
  const next = (label: string) => user.click(screen.getByRole('button', { name: `Next: ${label}` }));
  const choose = async (label: string | RegExp, option: string | RegExp, scope: HTMLElement = document.body) => {
    await user.click(await within(scope).findByRole('combobox', { name: label }));
    await user.click(screen.getByRole('option', { name: option }));
  };
  const fill = async (label: string | RegExp, value: string, scope: HTMLElement = document.body) => {
    const input = within(scope).getByRole('textbox', { name: label });
    await user.clear(input);
    await user.click(input);
    await user.paste(value);
  };
  const currentStep = () => screen.getByRole('navigation', { name: 'Steps of the order' }).querySelector('[aria-current="step"]')?.textContent;
  return { user, next, choose, fill, currentStep };
}

describe('the order builder', () => {
  it('builds a market buy with DVP settlement and full KYC, step by step, and follows it to completion', async () => {
    await signInTo(service, PEOPLE.editor);
    const before = await ordersTotal();
    renderTrading('/trading/orders/new');
    const { user, next, choose, fill, currentStep } = builder();

    // Provider: the manifest says what Atlas requires; the one account is chosen for us.
    await user.click(await screen.findByRole('radio', { name: /Atlas Prime Brokerage/ }));
    expect(screen.getByRole('radio', { name: /Northwind Markets/ })).toBeDisabled();
    expect(screen.getByText(/Identification \(KYC\) of the originator and the beneficiary/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Account at Atlas Prime Brokerage/ })).toHaveValue('Atlas main account (atlas-main)');
    // Opening the page leaves the focus alone; each step opened takes it to its heading.
    expect(screen.getByRole('heading', { level: 2, name: 'Step 1 of 6: Provider' })).not.toHaveFocus();
    await next('execution');

    // Execution: a market buy of 0.5 BTC for USDC, with a live estimate from the catalogue's prices.
    expect(currentStep()).toMatch(/Execution/);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Step 2 of 6: Execution' })).toHaveFocus());
    // The step's chunk, fetched as the page opened, may still be on its way (a first transform here).
    expect(await screen.findByRole('radio', { name: /Market/ })).toBeChecked();
    await next('settlement');
    expect(await screen.findAllByText('Required')).not.toHaveLength(0);
    expect(currentStep()).toMatch(/Execution/);
    await choose(/Base asset/, 'BTC');
    await choose(/Quote asset/, 'USDC');
    await fill(/Amount of BTC/, '0.5');
    const estimate = screen.getByTestId('order-estimate');
    await waitFor(() => expect(estimate).toHaveTextContent('1 BTC = 65,000 USDC'));
    expect(estimate).toHaveTextContent('You pay about 32,582.75 USDC and receive about 0.5 BTC');
    await next('settlement');

    // Settlement: delivery versus payment, from the trading desk to the treasury, each offered with
    // its balance (whatever the file's other orders, settled before this one in a shuffled run, left).
    expect(await screen.findByRole('radio', { name: /Delivery versus payment/ })).toBeChecked();
    await choose(/Source vault account/, /Trading desk \(1\): [\d,.]+ USDC available/);
    await choose(/Destination vault account/, /Treasury \(0\): [\d,.]+ BTC available/);
    await next('participants');

    // Participants: an individual originator, and this workspace as the beneficiary.
    const originator = await screen.findByRole('region', { name: 'Originator' });
    expect(within(originator).getByText('Required by Atlas Prime Brokerage')).toBeInTheDocument();
    await choose(/Relationship to this workspace/, /Third party/, originator);
    await fill(/Your reference for this party/, 'cust-42', originator);
    await fill(/First name/, 'Ada', originator);
    await fill(/Last name/, 'Lovelace', originator);
    // A date of birth is typed as the console writes a day, which the input says.
    expect(within(originator).getByLabelText(/Date of birth/)).toHaveAccessibleDescription('YYYY-MM-DD, e.g. 1985-12-10');
    await user.type(within(originator).getByLabelText(/Date of birth/), '1985-12-10');
    await fill(/Email/, 'ada@example.com', originator);
    await fill(/Phone/, '+4930123456', originator);
    await fill(/Street/, 'Unter den Linden', originator);
    await fill(/Building number/, '5', originator);
    await fill(/Postal code/, '10117', originator);
    await fill(/City/, 'Berlin', originator);
    await fill(/District/, 'Mitte', originator);
    await fill(/State or region/, 'Berlin', originator);
    await choose(/Country/, 'Germany (DE)', originator);

    const beneficiary = screen.getByRole('region', { name: 'Beneficiary' });
    await user.click(within(beneficiary).getByRole('button', { name: 'Use this workspace’s details' }));
    expect(within(beneficiary).getByRole('textbox', { name: /Business name/ })).toHaveValue(DEMO_WORKSPACE);
    await next('source of funds');

    // The workspace's registration and address are not known to the service: the step says what is missing.
    expect(currentStep()).toMatch(/Participants/);
    const registration = within(beneficiary).getByRole('textbox', { name: /Registration number/ });
    expect(registration).toHaveAttribute('aria-invalid', 'true');
    expect(registration).toHaveAccessibleDescription(/Required/);
    expect(registration).toHaveFocus();
    await fill(/Registration number/, 'HRB 98765', beneficiary);
    await fill(/Street/, 'Am Sandtorkai', beneficiary);
    await fill(/Building number/, '1', beneficiary);
    await fill(/Postal code/, '20457', beneficiary);
    await fill(/City/, 'Hamburg', beneficiary);
    await fill(/District/, 'HafenCity', beneficiary);
    await fill(/State or region/, 'Hamburg', beneficiary);
    await choose(/Country/, 'Germany (DE)', beneficiary);
    await waitFor(() => expect(registration).not.toHaveAttribute('aria-invalid', 'true'));
    await next('source of funds');

    await choose(/Reason for payment/, 'Investment');
    await next('review');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Step 6 of 6: Review' })).toHaveFocus());

    // Review, then submit: the order page follows the order to the end.
    expect(await screen.findByRole('region', { name: 'Participants' })).toHaveTextContent('Ada Lovelace (individual)');
    expect(screen.getByRole('region', { name: 'Participants' })).toHaveTextContent(`${DEMO_WORKSPACE} (business)`);
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/trading\/orders\/new$/);
    await user.click(screen.getByRole('button', { name: 'Submit order' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Buy 0.5 BTC' })).toBeInTheDocument();
    const orderId = screen.getByTestId('address').textContent!.split('/').pop()!;
    expect(await screen.findByRole('region', { name: 'Receipt' })).toHaveTextContent('Delivered 0.5 BTC');
    const order = await callServiceFor(service, `/v1/trading/orders/${orderId}`, OrderDetails);
    expect(order).toMatchObject({
      status: 'COMPLETED',
      via: { providerId: 'ATLAS', accountId: 'atlas-main' },
      settlement: { type: 'DVP', sourceAccount: { accountId: '1' }, destinationAccount: { accountId: '0' } },
      sourceOfFunds: { reasonForPayment: 'INVESTMENT' },
      participantsIdentification: {
        originator: { entityType: 'INDIVIDUAL', fullName: { firstName: 'Ada', lastName: 'Lovelace' }, dateOfBirth: '1985-12-10', phone: '+4930123456' },
        beneficiary: { entityType: 'BUSINESS', businessName: DEMO_WORKSPACE, participantRelationshipType: 'FirstParty', registrationNumber: 'HRB 98765' },
      },
    });
    expect(await ordersTotal()).toBe(before + 1);
    // Accepted: the draft, personal data and all, is gone from the tab.
    expect(loadDraft(owner())).toBeNull();
  });

  it('keeps the draft through a reload, in this tab and never in the address', async () => {
    await signInTo(service, PEOPLE.editor);
    renderTrading('/trading/orders/new');
    const { user, next, choose, fill, currentStep } = builder();
    await user.click(await screen.findByRole('radio', { name: /Harbor OTC/ }));
    await next('execution');
    await choose(/Base asset/, 'ETH');
    await fill(/Amount of ETH/, '2.25');
    expect(screen.getByRole('combobox', { name: /Quote asset/ })).toHaveValue('USDT');

    cleanup();
    renderTrading('/trading/orders/new');
    await waitFor(() => expect(currentStep()).toMatch(/Execution/));
    expect(screen.getByRole('textbox', { name: /Amount of ETH/ })).toHaveValue('2.25');
    expect(screen.getByRole('combobox', { name: /Quote asset/ })).toHaveValue('USDT');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/trading\/orders\/new$/);

    // Back to the provider, which was chosen before the reload.
    await user.click(screen.getByRole('button', { name: /Provider/ }));
    expect(screen.getByRole('radio', { name: /Harbor OTC/ })).toBeChecked();

    // Discarded on purpose, after a confirmation, it is gone.
    await user.click(screen.getByRole('button', { name: 'Discard the draft' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Discard this draft?' })).getByRole('button', { name: 'Discard the draft' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Harbor OTC/ })).not.toBeChecked());
    expect(loadDraft(owner())?.draft.execution.baseAmount).toBe('');
  });

  it('does not create a second order when the answer to the first submission was lost, even across a reload', async () => {
    await signInTo(service, PEOPLE.editor);
    saveAtlasDraft();
    const before = await ordersTotal();
    renderTrading('/trading/orders/new');
    const { user } = builder();

    service.loseAnswerTo((method, path) => method === 'POST' && path === '/v1/trading/orders');
    await user.click(await screen.findByRole('button', { name: 'Submit order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/No answer from the service/);
    // It did arrive: the service has the order.
    expect(await ordersTotal()).toBe(before + 1);

    cleanup();
    renderTrading('/trading/orders/new');
    await user.click(await screen.findByRole('button', { name: 'Submit order' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy 0.01 BTC' })).toBeInTheDocument();

    const posts = service.calls.filter((call) => call.method === 'POST' && call.path === '/v1/trading/orders').slice(-2);
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(posts[1]!.headers.get('Idempotency-Key')).toBe(posts[0]!.headers.get('Idempotency-Key'));
    expect(await ordersTotal()).toBe(before + 1);
  });

  it('asks the provider for a quote and prices the order at it', async () => {
    await signInTo(service, PEOPLE.editor);
    saveAtlasDraft({ type: 'QUOTE', baseAmount: '0.2' });
    renderTrading('/trading/orders/new');
    const { user, currentStep } = builder();

    // No quote yet: the review sends the user back to get one.
    await user.click(await screen.findByRole('button', { name: 'Submit order' }));
    expect(await screen.findByText('Get a quote first')).toBeInTheDocument();
    expect(currentStep()).toMatch(/Execution/);

    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    const quote = screen.getByRole('region', { name: 'Quote from Atlas Prime Brokerage' });
    await waitFor(() => expect(quote).toHaveTextContent(/Valid until \d{4}-\d{2}-\d{2} [\d:]+ UTC \((60|59|58) s left\)/));
    expect(quote).toHaveTextContent('0.2 BTC for 13,000 USDC');
    await waitFor(() => expect(screen.getByTestId('order-estimate')).toHaveTextContent('At the provider’s quote: 1 BTC = 65,000 USDC'));
    expect(screen.getByTestId('order-estimate')).toHaveTextContent('You pay 13,034 USDC and receive 0.2 BTC');
    expect(screen.queryByText('Get a quote first')).not.toBeInTheDocument();

    // Another amount is another quote.
    await user.type(screen.getByRole('textbox', { name: /Amount of BTC/ }), '5');
    await waitFor(() => expect(quote).toHaveTextContent(/This quote is for buying 0\.2 BTC for USDC, not for the order as it is now/));
    expect(screen.getByTestId('order-estimate')).toHaveTextContent('Estimate at the market price');
  });

  it('shows amounts to the wei as every amount is shown: a quote, a stale quote, the balances it pays from', async () => {
    await signInTo(service, PEOPLE.editor);
    saveAtlasDraft({ type: 'QUOTE', side: 'SELL', baseAssetId: 'ETH', baseAmount: '0.200000000000000001' });
    renderTrading('/trading/orders/new');
    const { user, choose } = builder();
    await user.click(await screen.findByRole('button', { name: 'Submit order' }));
    await user.click(await screen.findByRole('button', { name: 'Get a quote' }));
    const quote = screen.getByRole('region', { name: 'Quote from Atlas Prime Brokerage' });
    await waitFor(() => expect(quote).toHaveTextContent(/^Quote from Atlas Prime Brokerage≈0\.2 ETH for 640 USDC/));
    await user.type(screen.getByRole('textbox', { name: /Amount of ETH/ }), '5');
    await waitFor(() => expect(quote).toHaveTextContent(/This quote is for selling ≈0\.2 ETH for USDC, not for the order as it is now/));

    // Selling 41 ETH from the trading desk, which holds 40.000000000000000001.
    await user.clear(screen.getByRole('textbox', { name: /Amount of ETH/ }));
    await user.type(screen.getByRole('textbox', { name: /Amount of ETH/ }), '41');
    await user.click(screen.getByRole('radio', { name: /Market/ }));
    await user.click(screen.getByRole('button', { name: 'Next: settlement' }));
    await choose(/Source vault account/, 'Trading desk (1): ≈40 ETH available');
    const short = await screen.findByRole('alert', { name: 'Not enough in this account' });
    expect(short).toHaveTextContent('Trading desk has ≈40 ETH available, less than the 41 ETH this order is estimated to pay');
  });

  it('puts a refusal of the service on the field it names, in the step that holds it', async () => {
    await signInTo(service, PEOPLE.editor);
    // Atlas's 1.5 USDC network fee is more than a sale of 0.00001 BTC brings in.
    saveAtlasDraft({ side: 'SELL', baseAmount: '0.00001' });
    renderTrading('/trading/orders/new');
    const { user, currentStep } = builder();
    await user.click(await screen.findByRole('button', { name: 'Submit order' }));

    const amount = await screen.findByRole('textbox', { name: /Amount of BTC/ });
    expect(currentStep()).toMatch(/Execution/);
    expect(amount).toHaveAccessibleDescription(/the fees would take all of it/);
    expect(amount).toHaveFocus();
  });

  it('shows the service’s own words to a workspace without the trading beta', async () => {
    await signInTo(service, PEOPLE.outsider);
    // Its failure is shown by the route's error boundary.
    renderPage(<OrderBuilderPage />, '/trading/orders/new');
    expect(await screen.findByRole('heading', { name: 'Trading is not available' })).toBeInTheDocument();
    expect(screen.getByText(/access is arranged with your account manager/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Next/ })).not.toBeInTheDocument();
  });
});
