import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { assetPages, CatalogueAssetsPage } from './pages/catalogue-assets-page';
import { ConsoleShell } from './pages/console-shell';

const USDC = { legacyId: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' };

interface ShippedToken {
  blockchainId: string;
  address: string;
  symbol: string;
  name: string;
  standard: string;
}

/** The demo's table of real tokens that are not in the catalogue: what registration resolves from. */
const shipped = JSON.parse(readFileSync(new URL('../src/server/features/catalogue/data/catalogue.json', import.meta.url), 'utf8')) as {
  blockchains: { id: string; legacyId: string }[];
  resolvable: ShippedToken[];
};
const ETH_ID = shipped.blockchains.find((chain) => chain.legacyId === 'ETH')!.id;

/** An Ethereum ERC-20 of the shipped table that this spec's workspace has not registered yet. */
async function unregisteredToken(request: APIRequestContext, token: string): Promise<ShippedToken> {
  const answer = await request.get('/v1/assets?blockchainId=ETH&scope=LOCAL&pageSize=1000', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  const registered = new Set(((await answer.json()) as { data: { onchain: { address: string | null } }[] }).data.map((a) => a.onchain.address?.toLowerCase()));
  const candidate = shipped.resolvable.find(
    (entry) =>
      entry.blockchainId === ETH_ID && entry.standard === 'ERC20' && /^[A-Za-z0-9]+$/.test(entry.symbol) && !registered.has(entry.address.toLowerCase()),
  );
  if (!candidate) throw new Error('Every shipped Ethereum token is registered in this workspace already');
  return candidate;
}

/** The address with the case of one letter flipped: still hex, but its EIP-55 checksum no longer matches. */
function withBadChecksum(address: string): string {
  const at = address.slice(2).search(/[a-fA-F]/) + 2;
  const letter = address[at]!;
  return address.slice(0, at) + (letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()) + address.slice(at + 1);
}

test.describe('as a viewer', () => {
  test.use({ signedInAs: 'viewer' });

  test('a viewer filters the assets and pages forward and back through the service’s cursors', async ({ page }) => {
    const shell = new ConsoleShell(page);
    const assets = new CatalogueAssetsPage(page);
    const session = await shell.startOn('Assets', '/catalogue/assets');
    await assets.choose('Blockchain', 'Ethereum (ETH)');
    await expect(page).toHaveURL(/\/catalogue\/assets\?blockchainId=ETH$/);
    await assets.setPageSize(250);
    await expect(page).toHaveURL(/\/catalogue\/assets\?blockchainId=ETH&pageSize=250$/);
    await expect(assets.rows).toHaveCount(250);
    // 100 is the console's default, which links leave out.
    await assets.setPageSize(100);
    await expect(page).toHaveURL(/\/catalogue\/assets\?blockchainId=ETH$/);

    // The console lists by symbol unless a search or a column says otherwise; the service pages that order.
    const expected = await assetPages(page.request, session.accessToken, new URLSearchParams({ blockchainId: 'ETH', sort: 'symbol', pageSize: '100' }), 3);
    expect(expected.length, 'Ethereum should have more than two pages of 100 assets').toBe(3);
    await expect(assets.main.getByRole('columnheader', { name: /Symbol/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(assets.pageNumber).toHaveText('Page 1');
    await expect.poll(() => assets.legacyIds()).toEqual(expected[0]);
    await expect(assets.previous).toBeDisabled();

    await assets.next.click();
    await expect(assets.pageNumber).toHaveText('Page 2');
    await expect(page).toHaveURL(/&pageCursor=/);
    await expect.poll(() => assets.legacyIds()).toEqual(expected[1]);

    await assets.next.click();
    await expect(assets.pageNumber).toHaveText('Page 3');
    await expect.poll(() => assets.legacyIds()).toEqual(expected[2]);

    await assets.previous.click();
    await expect(assets.pageNumber).toHaveText('Page 2');
    await expect.poll(() => assets.legacyIds()).toEqual(expected[1]);

    // The back button returns to the page shown before, and a reload keeps the page and its number.
    await page.goBack();
    await expect(assets.pageNumber).toHaveText('Page 3');
    await expect.poll(() => assets.legacyIds()).toEqual(expected[2]);
    await page.reload();
    await expect(assets.pageNumber).toHaveText('Page 3');
    await expect.poll(() => assets.legacyIds()).toEqual(expected[2]);
    await assets.previous.click();
    await expect(assets.pageNumber).toHaveText('Page 2');

    // Another filter is another list: it starts again at its first page.
    await assets.chooseFilter('Class', 'Native coin');
    await expect(page).toHaveURL(/\/catalogue\/assets\?blockchainId=ETH&assetClass=NATIVE$/);
    await expect.poll(() => assets.legacyIds()).toEqual(['ETH']);
    await expect(assets.pageNumber).toHaveText('Page 1');

    await assets.chooseFilter('Class', 'Fungible token');
    await assets.filterSymbol('USDT');
    await expect(page).toHaveURL(/assetClass=FT&symbol=USDT/);
    await expect.poll(() => assets.legacyIds()).toEqual(['USDT']);
    await expect(assets.row('USDT')).toContainText('Stablecoin');

    await assets.filterSymbol('NO_SUCH_SYMBOL');
    await expect(assets.main.getByText('No assets match these filters')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The search follows the typing, without Enter, and ranks the exact symbol first.
    await assets.main.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/catalogue\/assets$/);
    await assets.main.getByRole('textbox', { name: /^Search/ }).pressSequentially('usdc');
    await expect(page).toHaveURL(/\/catalogue\/assets\?q=usdc$/);
    // The symbol cell shows the asset's initials before its symbol.
    await expect.poll(async () => (await assets.rows.first().locator('td').first().innerText()).trim()).toMatch(/(^|\n)USDC$/);
  });
});

test.describe('as a signer', () => {
  test.use({ signedInAs: 'signer' });

  test('a signer opens an asset, sets its price and finds the note they wrote after a reload', async ({ page }) => {
    // Two writes, an accessibility scan and a reload: 29-36 s with two spec files at once on a
    // loaded machine, against the default 30 s for a test.
    const assets = new CatalogueAssetsPage(page);
    await assets.start('?blockchainId=ETH&symbol=USDC');
    await assets.open(USDC.legacyId, 'USDC');

    const drawer = assets.drawer;
    await expect(drawer.getByText(USDC.address, { exact: true })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Copy address' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: /Token on etherscan\.io/ })).toHaveAttribute('href', `https://etherscan.io/token/${USDC.address}`);
    await expect(drawer.getByRole('link', { name: /Address on etherscan\.io/ })).toHaveAttribute('href', `https://etherscan.io/address/${USDC.address}`);

    // Unique per run: the note of an earlier run must not pass for this one.
    const note = `Held for payroll, checked ${Date.now().toString(36)}`;
    await drawer.getByRole('button', { name: /^(Add a|Edit) note$/ }).click();
    await drawer.getByRole('textbox', { name: 'Your note' }).fill(note);
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/v1/assets/'));
    await drawer.getByRole('button', { name: 'Save note' }).click();
    expect((await saved).status()).toBe(200);
    await expect(drawer.getByTestId('my-note')).toHaveText(note);
    expect(await seriousViolations(page)).toEqual([]);

    await drawer.getByRole('button', { name: 'Set price' }).click();
    await assets.choose(/Currency/, 'CHF', drawer);
    await drawer.getByRole('textbox', { name: /Price of one USDC/ }).fill('0.9137');
    await drawer.getByRole('button', { name: 'Save price' }).click();
    await expect(drawer.getByTestId('asset-price')).toContainText('0.9137 CHF');
    await expect(drawer.getByTestId('asset-price')).toContainText(/set \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);

    // The open asset is part of the address: a reload shows it again, with the note from the service.
    await page.reload();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('my-note')).toHaveText(note);
    await expect(drawer.getByTestId('asset-price')).toContainText('0.9137 CHF');

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/catalogue\/assets\?blockchainId=ETH&symbol=USDC$/);
    await expect(assets.row(USDC.legacyId)).toContainText('0.9137 CHF');
  });
});

test.describe('as an admin', () => {
  test.use({ signedInAs: 'admin' });

  test('an admin registers a token by its address and finds it in the list as Local', async ({ page }) => {
    // Registration, a drawer and a list on a shared machine: a budget for behaviour, not speed.
    const assets = new CatalogueAssetsPage(page);
    const session = await assets.start();
    const token = await unregisteredToken(page.request, session.accessToken);

    await assets.registerButton.click();
    const dialog = assets.registerDialog;
    await assets.choose(/Blockchain/, 'Ethereum (ETH)', dialog);
    const address = dialog.getByRole('textbox', { name: /Address/ });
    await expect(address).toHaveAccessibleDescription(/EIP-55/);
    await expect(dialog.getByRole('textbox', { name: /Asset code/ })).toHaveCount(0);
    await address.fill(token.address);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    const registered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/v1/assets'));
    await dialog.getByRole('button', { name: 'Register asset' }).click();
    const answer = await registered;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    const { legacyId } = (await answer.json()) as { legacyId: string };
    await expect(page.getByText(`${token.symbol} registered`)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The list shows it at once (a search for its address), with its details open.
    await expect(page).toHaveURL(new RegExp(`\\?q=${token.address}&asset=${legacyId}$`));
    await expect(page.getByRole('dialog')).toContainText(token.address);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const row = assets.row(legacyId);
    await expect(row).toBeVisible();
    await expect(row).toContainText(token.name);
    await expect(row).toContainText('Ethereum');
    await expect(row.getByText('Local', { exact: true }).first()).toBeVisible();
  });

  test('the register form shows a bad checksum on the address as it is typed, and the service’s refusals on their fields', async ({ page }) => {
    const assets = new CatalogueAssetsPage(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/v1/assets')) posts.push(request.url());
    });

    await assets.start();
    await assets.registerButton.click();
    const dialog = assets.registerDialog;
    await assets.choose(/Blockchain/, 'Ethereum (ETH)', dialog);
    const address = dialog.getByRole('textbox', { name: /Address/ });

    await address.fill(withBadChecksum(USDC.address));
    await expect(dialog.getByText(/The checksum \(the mix of upper and lower case\) does not match/)).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Register asset' }).click();
    await expect(address).toBeFocused();
    expect(posts).toEqual([]);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    // A correct address of a token the catalogue already lists: the service refuses it (409 1001).
    await address.fill(USDC.address);
    await expect(address).not.toHaveAttribute('aria-invalid', 'true');
    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/v1/assets'));
    await dialog.getByRole('button', { name: 'Register asset' }).click();
    expect((await refused).status()).toBe(409);
    await expect(dialog.getByText('This token is already in the catalogue of every workspace: find it in the list instead.')).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
  });
});
