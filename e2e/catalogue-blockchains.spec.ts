import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { CatalogueBlockchainsPage } from './pages/catalogue-blockchains-page';
import { ConsoleShell } from './pages/console-shell';

test.use({ signedInAs: 'auditor' });

/** The legacy ids the service lists for a search, in the console's order (by name). */
async function fromService(request: APIRequestContext, token: string, search: string) {
  const answer = await request.get(`/v1/blockchains?pageSize=500&${search}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { legacyId: string; displayName: string }[] };
  return data.sort((a, b) => a.displayName.localeCompare(b.displayName)).map((chain) => chain.legacyId);
}

test('an auditor filters the blockchains, and the tabs lead between assets and blockchains', async ({ page }) => {
  const shell = new ConsoleShell(page);
  const chains = new CatalogueBlockchainsPage(page);
  const session = await shell.startOn('Blockchains', '/catalogue/blockchains');
  const every = await fromService(page.request, session.accessToken, '');
  expect(every.length).toBeGreaterThanOrEqual(40);
  await expect.poll(() => chains.legacyIds()).toEqual(every);
  const ethereum = chains.rows.filter({ has: page.getByText('ETH', { exact: true }) });
  await expect(ethereum).toContainText('Ethereum');
  await expect(ethereum).toContainText('EVM');
  await expect(ethereum).toContainText('ECDSA secp256k1');
  await expect(ethereum.getByRole('link', { name: /etherscan\.io/ })).toHaveAttribute('href', 'https://etherscan.io');

  await chains.chooseFilter('Network', 'Testnets');
  await expect(page).toHaveURL(/\/catalogue\/blockchains\?test=true$/);
  await expect.poll(() => chains.legacyIds()).toEqual(await fromService(page.request, session.accessToken, 'test=true'));
  for (const row of await chains.rows.all()) await expect(row).toContainText('Testnet');

  await chains.chooseFilter('Protocol', 'SOL');
  await expect(page).toHaveURL(/\/catalogue\/blockchains\?protocol=SOL&test=true$/);
  await expect.poll(() => chains.legacyIds()).toEqual(['SOL_TEST']);
  expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // A tab is a page of its own: it has its address, and the back button returns with the filters.
  await chains.tabs.getByRole('tab', { name: 'Assets' }).click();
  await expect(shell.pageHeading('Assets')).toBeVisible();
  await expect(page).toHaveURL(/\/catalogue\/assets$/);
  await expect(chains.tabs.getByRole('tab', { name: 'Assets' })).toHaveAttribute('aria-selected', 'true');
  await expect(chains.tabs.getByRole('tab', { name: 'Assets' })).toBeFocused();
  await page.goBack();
  await expect(shell.pageHeading('Blockchains')).toBeVisible();
  await expect.poll(() => chains.legacyIds()).toEqual(['SOL_TEST']);
});
