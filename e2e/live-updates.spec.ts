import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { TransactionsPage } from './pages/transactions-page';

/** The console in `context` (a stored sign-in, from contextAs), with the answers to its live stream counted. */
async function consoleIn(context: BrowserContext) {
  const page = await context.newPage();
  // The shell opens its live stream as soon as the user is signed in.
  const streams: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/v1/events/stream') streams.push(String(response.status()));
  });
  const shell = new ConsoleShell(page);
  await shell.start('/transactions');
  return { page, streams, shell, transactions: new TransactionsPage(page) };
}

test('a transfer made in one browser shows in another one’s list, and follows its statuses there, without a reload', async ({ contextAs }) => {
  test.setTimeout(120_000);
  const watcher = await consoleIn(await contextAs('viewer'));
  const trader = await consoleIn(await contextAs('trader'));

  // The watcher's list, with its live stream open.
  await expect(watcher.shell.pageHeading('Transactions')).toBeVisible();
  await expect(watcher.transactions.table.getByRole('row').nth(1)).toBeVisible();
  await expect.poll(() => watcher.streams).toContain('200');
  await expect(watcher.page.getByTestId('live-updates-off')).toHaveCount(0);
  // From here on, every list request the watcher makes is counted: the notices cause them.
  const listRequests: number[] = [];
  watcher.page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v1/transactions') listRequests.push(Date.now());
  });

  await trader.transactions.newTransferButton.click();
  await trader.transactions.choose(/From vault account/, 'Treasury (0)');
  await trader.transactions.choose(/Asset/, /^USDC, /);
  await trader.transactions.form.locator('label', { hasText: 'One-time address' }).click();
  await trader.transactions.field(/^Address/).fill('0x8ba1f109551bD432803012645Ac136ddd64DBA72');
  await trader.transactions.field(/Amount/).fill('7.25');
  await trader.transactions.submit.click();
  await expect(trader.page).toHaveURL(/\/transactions\/[^/?]+$/);
  const txId = trader.transactions.openTransactionId();

  // The watcher's list gains the row by itself, and follows the transfer to the end, on the same page.
  const watchedUrl = watcher.page.url();
  await expect(watcher.transactions.row(txId)).toContainText('7.25 USDC');
  expect(listRequests.length).toBeGreaterThan(0);
  await expect(watcher.transactions.row(txId)).toContainText('Completed', { timeout: 60_000 });
  expect(watcher.page.url()).toBe(watchedUrl);
  await expect(watcher.page.getByTestId('live-updates-off')).toHaveCount(0);
});
