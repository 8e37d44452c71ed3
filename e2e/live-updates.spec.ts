import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { TransactionsPage } from './pages/transactions-page';
import { WebhooksPage } from './pages/webhooks-page';

/** The console in `context` (a stored sign-in, from contextAs) at `path`, with the answers to its live stream counted. */
async function consoleIn(context: BrowserContext, path: string) {
  const page = await context.newPage();
  // The shell opens its live stream as soon as the user is signed in.
  const streams: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/v1/events/stream') streams.push(String(response.status()));
  });
  const shell = new ConsoleShell(page);
  await shell.start(path);
  return { page, streams, shell, transactions: new TransactionsPage(page), webhooks: new WebhooksPage(page) };
}

test('a transfer made in one browser shows in another one’s list, and follows its statuses there, without a reload', async ({ contextAs }) => {
  const watcher = await consoleIn(await contextAs('viewer'), '/transactions');
  const trader = await consoleIn(await contextAs('trader'), '/transactions');

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

test('a webhook registered elsewhere, and its notification failing then delivered, show in another browser without a reload or a poll', async ({
  request,
  apiSession,
  contextAs,
}) => {
  // A receiver that refuses at first (a 4xx other than 408 and 429 fails the notification at once), then accepts.
  let answer = 400;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(answer).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/live-hook`;
  const admin = (await apiSession('admin')).headers;
  const watcher = await consoleIn(await contextAs('viewer'), '/webhooks');

  try {
    await expect(watcher.shell.pageHeading('Webhooks')).toBeVisible();
    await expect.poll(() => watcher.streams).toContain('200');
    await expect(watcher.page.getByTestId('live-updates-off')).toHaveCount(0);

    // Registered through the API: the watcher's list gains it by itself. (Subscribed to stuck
    // transactions only, which the demo does not raise in a test's time: its notifications are the test events.)
    const created = await request.post('/v1/webhooks', {
      headers: admin,
      data: { url: receiverUrl, description: 'live e2e', events: ['transaction.alert.stuck'] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const webhookId = ((await created.json()) as { id: string }).id;
    const link = watcher.webhooks.main.getByRole('link', { name: receiverUrl });
    await expect(link).toBeVisible();
    await link.click();
    await expect(watcher.webhooks.main.getByText('No notifications yet')).toBeVisible();

    // With the stream up, the page does not poll: no notifications request in longer than its idle interval (5 s).
    const listRequests: number[] = [];
    watcher.page.on('request', (req) => {
      if (new URL(req.url()).pathname === `/v1/webhooks/${webhookId}/notifications`) listRequests.push(Date.now());
    });
    await watcher.page.waitForTimeout(6_000);
    expect(listRequests).toEqual([]);

    // A test event, refused by the receiver: the watcher's list shows it failed.
    const sent = await request.post(`/v1/webhooks/${webhookId}/test`, { headers: admin });
    expect(sent.status(), await sent.text()).toBe(202);
    const { notificationId } = (await sent.json()) as { notificationId: string };
    const row = watcher.webhooks.notifications.locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Failed');
    await expect(row).toContainText('1 of 10');

    // Resent while the receiver accepts: the same row turns delivered.
    answer = 200;
    const resent = await request.post(`/v1/webhooks/${webhookId}/notifications/${notificationId}/resend`, { headers: admin });
    expect(resent.status(), await resent.text()).toBe(202);
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('2 of 10');
    expect(listRequests.length).toBeGreaterThan(0);
    await expect(watcher.page.getByTestId('live-updates-off')).toHaveCount(0);
  } finally {
    await new Promise<void>((resolve) => {
      receiver.close(() => resolve());
      receiver.closeAllConnections();
    });
  }
});
