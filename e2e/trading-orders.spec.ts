import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { TradingOrdersPage } from './pages/trading-orders-page';

const ADDRESS = { street: 'Unter den Linden', building: '5', postalCode: '10117', city: 'Berlin', district: 'Mitte', region: 'Berlin', country: 'DE' };

test.describe('as a trader', () => {
  test.use({ signedInAs: 'trader' });

  test('a trader builds a market buy with DVP settlement and full KYC, fixes what is missing, and watches it complete', async ({ page, workspace }) => {
    // Many steps on a shared machine: a generous budget, since this checks behaviour, not speed.
    // The estimate crosses the demo's latest prices of the assets, all in USD in this workspace.
    const shell = new ConsoleShell(page);
    const trading = new TradingOrdersPage(page);
    const { user } = await shell.startOn('Orders', '/trading/orders');
    expect(user.role).toBe('EDITOR');
    await trading.newOrderLink.click();
    await expect(trading.heading('New order')).toBeVisible();

    // Atlas requires full KYC of both parties and the source of funds, and says so.
    await trading.chooseProvider('Atlas Prime Brokerage');
    await expect(trading.main.getByText('Atlas Prime Brokerage requires')).toBeVisible();
    await trading.next('execution');

    await expect(trading.currentStep).toContainText('Execution');
    await expect(trading.main.getByRole('radio', { name: /Market/ })).toBeChecked();
    await trading.choose(/Base asset/, 'BTC');
    await trading.choose(/Quote asset/, 'USDC');
    await trading.fill(/Amount of BTC/, '0.5');
    await expect(trading.estimate).toContainText('1 BTC = 65,000 USDC');
    await expect(trading.estimate).toContainText('You pay about 32,582.75 USDC and receive about 0.5 BTC');

    // An accidental reload loses nothing, and the address holds nothing of the draft.
    await page.reload();
    await expect(trading.currentStep).toContainText('Execution');
    await expect(trading.field(/Amount of BTC/)).toHaveValue('0.5');
    // The estimate is worked out again from the restored draft, once the prices are loaded: the
    // page is whole before the step is left.
    await expect(trading.estimate).toContainText('You pay about 32,582.75 USDC and receive about 0.5 BTC');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/trading/orders/new');
    await trading.next('settlement');
    await expect(trading.currentStep).toContainText('Settlement');

    await expect(trading.main.getByRole('radio', { name: /Delivery versus payment/ })).toBeChecked();
    await trading.choose(/Source vault account/, /^Treasury \(0\)/);
    await trading.choose(/Destination vault account/, /^Trading desk \(1\)/);
    await trading.next('participants');

    const originator = trading.party('Originator');
    await expect(originator.getByText('Required by Atlas Prime Brokerage')).toBeVisible();
    await trading.choose(/Relationship to this workspace/, /Third party/, originator);
    await trading.fill(/Your reference for this party/, 'e2e-customer-1', originator);
    await trading.fill('First name', 'Ada', originator);
    await trading.fill('Last name', 'Lovelace', originator);
    await originator.getByLabel(/Date of birth/).fill('1985-12-10');
    await trading.fill('Email', 'ada@example.com', originator);
    await trading.fill('Phone', '+4930123456', originator);
    await trading.fillAddress(originator, ADDRESS);

    // The workspace as the beneficiary: its name is known, its registration and address are not.
    const beneficiary = trading.party('Beneficiary');
    await beneficiary.getByRole('button', { name: 'Use this workspace’s details' }).click();
    await expect(trading.field(/Business name/, beneficiary)).toHaveValue(workspace.name);
    await trading.next('source of funds');

    await expect(trading.currentStep).toContainText('Participants');
    const registration = trading.field(/Registration number/, beneficiary);
    await expect(registration).toHaveAttribute('aria-invalid', 'true');
    await expect(registration).toHaveAccessibleDescription(/Required/);
    await expect(registration).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await registration.fill('HRB 123456');
    await trading.fillAddress(beneficiary, { ...ADDRESS, street: 'Friedrichstraße', building: '43' });
    await expect(registration).not.toHaveAttribute('aria-invalid', 'true');
    await trading.next('source of funds');

    await trading.choose(/Reason for payment/, 'Investment');
    await trading.next('review');

    await expect(trading.main.getByRole('region', { name: 'Participants' })).toContainText('Ada Lovelace (individual)');
    await expect(trading.main.getByRole('region', { name: 'Participants' })).toContainText(`${workspace.name} (business)`);
    expect(await seriousViolations(page)).toEqual([]);
    await trading.submit.click();

    // The order's page follows it through the provider's steps to the end, without a reload.
    await expect(trading.heading('Buy 0.5 BTC')).toBeVisible();
    await expect(page).toHaveURL(/\/trading\/orders\/[0-9a-f-]{36}$/);
    await expect(trading.statusBadge).toHaveAttribute('data-status', 'COMPLETED');
    await expect(trading.receipt).toContainText('Delivered 0.5 BTC');
    // Bitcoin was delivered: the receipt links to its transaction on the chain's explorer.
    const txHash = (await trading.receipt.getByTestId('receipt-tx-hash').textContent()) ?? '';
    expect(txHash).not.toBe('');
    await expect(trading.receipt.getByRole('link', { name: 'Transaction on mempool.space' })).toHaveAttribute('href', `https://mempool.space/tx/${txHash}`);
    await expect(trading.timeline).toContainText('Created');
    await expect(trading.timeline).toContainText('Processing');
    await expect(trading.timeline).toContainText('Completed');
    expect(await seriousViolations(page)).toEqual([]);

    // The list shows it, completed.
    await trading.main.getByRole('link', { name: 'All orders' }).click();
    const row = trading.main
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Buy 0.5 BTC' }) })
      .first();
    await expect(row).toContainText('Completed');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('as a viewer', () => {
  test.use({ signedInAs: 'viewer' });

  test('a viewer sees the orders but cannot submit one', async ({ page }) => {
    const shell = new ConsoleShell(page);
    const trading = new TradingOrdersPage(page);
    await shell.startOn('Orders', '/trading/orders');
    await expect(trading.main.getByRole('search', { name: 'Filter orders' })).toBeVisible();
    await expect(trading.newOrderLink).toHaveCount(0);

    await trading.gotoBuilder();
    await expect(trading.main.getByRole('heading', { name: "You don't have access" })).toBeVisible();
    await expect(trading.main).toContainText('does not allow New order');
    await expect(trading.submit).toHaveCount(0);
    await expect(trading.main.getByRole('radio')).toHaveCount(0);
  });
});
