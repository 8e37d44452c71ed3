import type { Locator, Page } from '@playwright/test';
import { CreateTransactionResponse } from '../src/contract/transactions';
import { VaultAccount, VaultAddressesPage } from '../src/contract/vault';
import { readableAmount } from '../src/web/lib/amounts';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { resizeTo } from './viewport';

/*
 * The vault pages of this spec's workspace, with the demo's accounts: Treasury (0), Trading desk (1)
 * and Cold storage (2). The demo's transfers move balances as the service runs, so this spec reads
 * what it expects from the service as it goes, and makes its own transfer to find among the
 * account's recent transactions.
 */

test.use({ signedInAs: 'trader' });

const table = (page: Page, name: string): Locator => page.getByRole('main').getByRole('table', { name });

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test('a trader finds a vault account by name and reads its balances, deposit addresses and recent transactions', async ({
  page,
  request,
  context,
  apiSession,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { headers } = await apiSession('trader');
  // A transfer of this spec's own, from Cold storage to Treasury, for the recent transactions.
  const sent = await request.post('/v1/transactions', {
    headers,
    data: {
      assetId: 'BTC',
      source: { type: 'VAULT_ACCOUNT', id: '2' },
      destination: { type: 'VAULT_ACCOUNT', id: '0' },
      amount: '0.001',
      note: 'e2e vault page',
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const txId = CreateTransactionResponse.parse(await sent.json()).id;

  const shell = new ConsoleShell(page);
  await shell.startOn('Vault accounts', '/vault/accounts');
  const accounts = table(page, 'Vault accounts');
  await expect(accounts.getByRole('row', { name: /^Cold storage/ })).toContainText('USD');
  await expect(
    accounts
      .getByRole('row', { name: /^Treasury/ })
      .getByRole('list', { name: 'Assets held' })
      .getByRole('listitem')
      .filter({ hasText: 'BTC' }),
  ).toBeVisible();
  await expectAccessible(page);

  // The search is kept in the address, so the list can be shared and the back button undoes it.
  await page.getByRole('textbox', { name: 'Name starts with' }).fill('cold');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/vault\/accounts\?name=cold$/);
  await expect(accounts.getByRole('row')).toHaveCount(2);
  await accounts.getByRole('link', { name: 'Cold storage' }).click();

  await expect(shell.pageHeading('Cold storage')).toBeVisible();
  await expect(page).toHaveURL(/\/vault\/accounts\/2$/);
  const account = VaultAccount.parse(await (await request.get('/v1/vault/accounts/2', { headers })).json());
  const btc = account.assets.find((asset) => asset.id === 'BTC')!;
  // The page shows the amounts as the console shows every amount (BTC's 8 decimals are all shown).
  const balances = table(page, 'Balances');
  await expect(balances.getByRole('row', { name: /^BTC/ })).toContainText(readableAmount(btc.total, undefined).shown);
  await expect(balances.getByRole('row', { name: /^BTC/ })).toContainText('USD');

  const addresses = page.getByRole('region', { name: 'Deposit addresses' });
  const [expected] = VaultAddressesPage.parse(await (await request.get('/v1/vault/accounts/2/BTC/addresses_paginated', { headers })).json()).addresses;
  const card = addresses.getByRole('article', { name: 'BTC deposit address' });
  await expect(card.getByText(expected!.address)).toBeVisible();
  await expect(card.getByRole('img', { name: 'QR code of the BTC deposit address' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  await card.getByRole('button', { name: 'Copy BTC deposit address' }).click();
  await expect(card.getByRole('button', { name: 'BTC deposit address copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected!.address);

  const recent = table(page, 'Recent transactions').getByRole('row', { name: new RegExp(`Open transaction ${txId}`) });
  await expect(recent).toContainText('Sent');
  await expect(recent).toContainText('0.001 BTC');
  await expectAccessible(page);

  // Dark, then a phone's width (390 px): the same page, still without serious findings.
  await shell.header.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectAccessible(page);
  await resizeTo(page, { width: 390, height: 844 });
  await expect(card.getByRole('img', { name: 'QR code of the BTC deposit address' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/vault/accounts');
  await expect(table(page, 'Vault accounts').getByRole('row', { name: /^Treasury/ })).toBeVisible();
  await expectAccessible(page);
  await resizeTo(page, { width: 1280, height: 800 });
  await shell.header.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expectAccessible(page);

  // The transfer's page links back to both accounts.
  await page.goto(`/transactions/${encodeURIComponent(txId)}`);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Treasury \(0\)/ })
    .first()
    .click();
  await expect(shell.pageHeading('Treasury')).toBeVisible();
  await expect(table(page, 'Recent transactions').getByRole('row', { name: new RegExp(`Open transaction ${txId}`) })).toContainText('Received');
});
