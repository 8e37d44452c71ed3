import type { Page } from '@playwright/test';
import { OrderDetails } from '../src/contract/trading';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { resizeTo } from './viewport';

/** The command palette as a keyboard user meets it: Ctrl+K, type, Enter. */
function palette(page: Page) {
  const search = page.getByRole('combobox', { name: 'Search pages, actions and the workspace' });
  const results = page.getByRole('listbox', { name: 'Pages, actions and what was found' });
  return {
    search,
    results,
    option: (name: string | RegExp) => results.getByRole('option', { name }),
    async open() {
      await page.keyboard.press('Control+K');
      await expect(search).toBeFocused();
    },
    /**
     * Types as a person does, a key at a time, and waits for the search of the whole text. On a busy
     * machine the keys can come slower than the search's delay, and the rows found for "usd" (USDT
     * among them) then show while "usdc" is still being looked up; the footer says "Searching" until
     * the last text's answer is in.
     */
    async type(text: string) {
      await page.keyboard.type(text);
      await expect(page.getByRole('status').filter({ hasText: /^(Searching the workspace…|\d+ results?)$/ })).toHaveText(/^\d+ results?$/);
    },
  };
}

/** The console with the stored sign-in, once the header offers the palette. */
async function start(page: Page) {
  const shell = new ConsoleShell(page);
  await shell.start();
  await expect(shell.header.getByRole('button', { name: /Search/ })).toBeVisible();
  return shell;
}

test.describe('as a trader', () => {
  test.use({ signedInAs: 'trader' });

  test('a trader opens an asset and an order from the palette with the keyboard alone', async ({ page, request, apiSession }) => {
    // Full-page axe scan with the palette open, on a machine that may be busy.
    // An order of the trader's own to look for: the workspace starts without one.
    const placed = await request.post('/v1/trading/orders', {
      headers: (await apiSession('trader')).headers,
      data: {
        via: { type: 'PROVIDER', providerId: 'HARBOR' },
        executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: '250', baseAssetId: 'XRP', quoteAssetId: 'USDT' },
        settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '1' } },
      },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
    const order = OrderDetails.parse(await placed.json());

    await page.emulateMedia({ colorScheme: 'light' });
    const shell = await start(page);
    const { search, results, option, open, type } = palette(page);

    await open();
    await type('USDC');
    // The service ranks an exact symbol first; Enter opens what is chosen, the first entry.
    await expect(option(/^USDC · .*Asset · /).first()).toBeVisible();
    await expect(results.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await expect(results.getByRole('option').first()).toHaveAccessibleName(/^USDC · /);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await seriousViolations(page)).toEqual([]);
    // The same open palette in dark (the console follows the system's scheme until one is picked),
    // then on a phone in either scheme: no serious problem, nothing wider than the screen.
    const wide = page.viewportSize()!;
    for (const [scheme, width] of [
      ['dark', wide.width],
      ['dark', 390],
      ['light', 390],
    ] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await resizeTo(page, width === 390 ? { width, height: 844 } : wide);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(results.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
      expect(await seriousViolations(page), `${scheme} at ${width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${scheme} at ${width} px`).toBeLessThanOrEqual(width);
    }
    await resizeTo(page, wide);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/catalogue\/assets\?q=USDC&asset=[^&]+$/);
    await expect(search).toBeHidden();
    await expect(page.getByRole('dialog').getByText('USDC').first()).toBeVisible();

    await open();
    await page.keyboard.insertText(order.id);
    await expect(option(new RegExp(`^Order ${order.id}\\s*Order · `))).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/trading/orders/${order.id}`);
    await expect(shell.main.getByText(`Order ${order.id}`)).toBeVisible();
  });
});

test.describe('as a signer', () => {
  test.use({ signedInAs: 'signer' });

  test('the palette puts the asset the workspace holds first, names every asset’s chain and opens all the results', async ({ page }) => {
    await start(page);
    const { results, option, open, type } = palette(page);

    await open();
    await type('usdc');
    // The workspace's vaults hold the Ethereum USDC; the other chains' USDC follow it.
    const assets = results.getByRole('option', { name: /Asset · / });
    await expect(assets).toHaveCount(5);
    await expect(assets.first()).toHaveAccessibleName(/^USDC · .*Asset · Ethereum · USDC · Held$/);
    for (const name of await assets.evaluateAll((rows) => rows.map((row) => row.textContent ?? ''))) expect(name).toMatch(/Asset · [^·]+ · USDC/);
    const all = option(/^All \d+ assets matching “usdc”/);
    await expect(all).toBeVisible();

    await all.click();
    await expect(page).toHaveURL(/\/catalogue\/assets\?q=usdc$/);
    await expect(page.getByRole('main').getByRole('textbox', { name: /^Search/ })).toHaveValue('usdc');
  });
});

test.describe('as a viewer', () => {
  test.use({ signedInAs: 'viewer' });

  test('a viewer is offered the pages and "Register asset", but not "New order"', async ({ page }) => {
    await start(page);
    const { results, option, open, type } = palette(page);

    await open();
    await expect(option(/^Orders\s*Page/)).toBeVisible();
    await expect(option(/^Register asset\s*Action$/)).toBeVisible();
    await expect(option(/^New (order|transfer)/)).toHaveCount(0);
    await type('new order');
    await expect(page.getByText('Nothing found')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(results).toBeHidden();
  });
});
