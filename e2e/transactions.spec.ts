import { TransactionsResponse, TransactionWithTimeline } from '../src/contract/transactions';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { TransactionsPage } from './pages/transactions-page';
import { textLines } from './text-lines';
import { resizeTo } from './viewport';

test.describe('as a trader', () => {
  test.use({ signedInAs: 'trader' });

  test('a trader sends USDC to a one-time address and watches it move to completed, with its explorer link', async ({ page, request, apiSession }) => {
    const shell = new ConsoleShell(page);
    const transactions = new TransactionsPage(page);
    await shell.startOn('Transactions', '/transactions');
    // The demo's seeded transfers are listed.
    await expect(transactions.table.getByRole('row').nth(1)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await transactions.newTransferButton.click();
    await transactions.choose(/From vault account/, 'Treasury (0)');
    await transactions.choose(/Asset/, /^USDC, /);
    await transactions.form.locator('label', { hasText: 'One-time address' }).click();
    await transactions.field(/^Address/).fill('0x8ba1f109551bD432803012645Ac136ddd64DBA72');
    await transactions.field(/Amount/).fill('100.5');
    await transactions.field(/Note/).fill('e2e payout');
    expect(await seriousViolations(page)).toEqual([]);
    await transactions.submit.click();

    // The new transfer's own page follows it through its statuses.
    await expect(page).toHaveURL(/\/transactions\/[^/?]+$/);
    const txId = transactions.openTransactionId();
    await expect(transactions.amounts.getByRole('row', { name: /^Requested/ })).toContainText('100.5 USDC');
    await expect(transactions.places.getByRole('row', { name: /^To/ })).toContainText('One-time address');
    await expect(transactions.places.getByRole('row', { name: /^To/ })).toContainText('0x8ba1f109551bD432803012645Ac136ddd64DBA72');
    await expect(transactions.timeline.getByText('Confirming', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(transactions.status).toContainText('Completed', { timeout: 30_000 });
    await expect(transactions.status).toContainText('Confirmed on chain');
    await expect(transactions.timeline.getByText('Next status')).toHaveCount(0);

    const { headers } = await apiSession('trader');
    const stored = TransactionWithTimeline.parse(await (await request.get(`/v1/transactions/${txId}`, { headers })).json());
    expect(stored.status).toBe('COMPLETED');
    expect(stored.note).toBe('e2e payout');
    // One step per status: the block confirmations are folded into the one "Confirming" step.
    const statuses = stored.timeline.map((entry) => entry.status).filter((status, i, all) => status !== all[i - 1]);
    await expect(transactions.timeline.getByRole('listitem')).toHaveCount(statuses.length);
    // USDC lives on Ethereum: the catalogue's explorer template makes the link.
    await expect(transactions.onChain.getByRole('link', { name: 'Transaction on etherscan.io' })).toHaveAttribute(
      'href',
      `https://etherscan.io/tx/${stored.txHash}`,
    );
    expect(await seriousViolations(page)).toEqual([]);

    // On a phone the address breaks into lines of even length: none left with a character or two.
    await resizeTo(page, { width: 390, height: 844 });
    const lines = await textLines(transactions.places.getByRole('row', { name: /^To/ }).locator('code'));
    expect(lines.reduce((sum, n) => sum + n, 0)).toBe(42);
    expect(Math.min(...lines), `lines of ${lines.join(', ')} characters`).toBeGreaterThanOrEqual(Math.max(...lines) - 2);
    await resizeTo(page, { width: 1280, height: 720 });

    // Back in the list, the row says the same.
    await page.getByRole('link', { name: 'All transactions' }).click();
    await expect(transactions.row(txId)).toContainText('Completed');
    await expect(transactions.row(txId)).toContainText('100.5 USDC');
  });

  test('a transfer above the balance is refused before it is sent, and the form says why', async ({ page }) => {
    const shell = new ConsoleShell(page);
    const transactions = new TransactionsPage(page);
    await shell.startOn('Transactions', '/transactions');
    await transactions.newTransferButton.click();
    await transactions.choose(/From vault account/, 'Treasury (0)');
    const eth = transactions.form.getByRole('combobox', { name: /Asset/ });
    await transactions.choose(/Asset/, /^ETH, /);
    const available = /^ETH, (.+) available$/.exec(await eth.inputValue())![1]!;
    await transactions.choose(/To vault account/, 'Trading desk (1)');
    const amount = transactions.field(/Amount/);
    await amount.fill('999999');
    const refusal = `More than the ${available} ETH available in Treasury: lower the amount.`;
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(/: lower the amount\./);
    await expect(transactions.form.getByText(refusal, { exact: true })).toBeVisible();

    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/transactions') posted.push(request.url());
    });
    await transactions.submit.click();
    await expect(amount).toBeFocused();
    await expect(transactions.form.getByText(refusal, { exact: true })).toBeVisible();
    await expect(transactions.form).toBeVisible();
    expect(posted).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('as a viewer', () => {
  test.use({ signedInAs: 'viewer' });

  test('the list filters by status in the address, and a viewer cannot start a transfer', async ({ page, request, apiSession }) => {
    const { headers } = await apiSession('viewer');
    const blocked = TransactionsResponse.parse(await (await request.get('/v1/transactions?status=BLOCKED', { headers })).json());
    expect(blocked.length, 'the demo seeds a transfer blocked by policy').toBeGreaterThan(0);

    const shell = new ConsoleShell(page);
    const transactions = new TransactionsPage(page);
    await shell.startOn('Transactions', '/transactions');
    await expect(transactions.table).toBeVisible();
    await expect(transactions.newTransferButton).toHaveCount(0);

    // On a phone, every status badge keeps its whole label (Mantine would cut it short with an ellipsis).
    await resizeTo(page, { width: 390, height: 844 });
    const badges = transactions.table.locator('tbody .mantine-Badge-label');
    await expect(badges.first()).toBeVisible();
    expect(await badges.evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent))).toEqual([]);
    await resizeTo(page, { width: 1280, height: 720 });

    await transactions.filterByStatus('Blocked');
    await expect(page).toHaveURL(/status=BLOCKED/);
    await expect(transactions.table.locator('tbody tr')).toHaveCount(blocked.length);
    await expect(transactions.row(blocked[0]!.id)).toContainText('Blocked by the transaction policy');

    // The filter is in the address: a reload shows the same list.
    await page.reload();
    await expect(transactions.table.locator('tbody tr')).toHaveCount(blocked.length);
    await transactions.transactionLink(blocked[0]!.id).click();
    await expect(transactions.status).toContainText('Blocked');
    await expect(transactions.timeline.getByText('Blocked by the transaction policy')).toBeVisible();
  });
});
