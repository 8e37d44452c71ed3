import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';

// Issue 16: no layout shift while lists load. The answers whose arrival used to move what was
// drawn before them are held back, so each page is seen in its loading state and then drawn.
// Lighthouse's desktop screen: a shift only counts where it can be seen, and the audit log's events start 790 px down.
test.use({ signedInAs: 'admin', viewport: { width: 1350, height: 940 } });

interface Shift {
  value: number;
  moved: string[];
}

/** Records every layout shift from the page's first paint on, as Lighthouse counts CLS (shifts after input are left out). */
async function recordShifts(page: Page): Promise<() => Promise<Shift[]>> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          moved: (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : '(text)')),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
}

async function holdBack(page: Page, requests: RegExp) {
  await page.route(requests, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
}

test('the audit log keeps room for its saved views and its histogram while they load', async ({ page }) => {
  const shifts = await recordShifts(page);
  await holdBack(page, /\/v1\/management\/audit_logs\/(views|histogram)\b/);
  await new ConsoleShell(page).startOn('Audit log', '/audit');
  await expect(page.getByTestId('audit-histogram')).toBeVisible({ timeout: 30_000 });
  // The spec's admin has saved no view.
  await expect(page.getByText('None yet: save a search with its columns to come back to it.')).toBeVisible();
  expect(await shifts()).toEqual([]);
});

test('the asset list draws its rows once, with the names of their chains', async ({ page }) => {
  const shifts = await recordShifts(page);
  await holdBack(page, /\/v1\/blockchains\b/);
  await new ConsoleShell(page).startOn('Assets', '/catalogue/assets');
  const table = page.getByRole('table').filter({ hasText: 'Legacy ID' });
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  // No row was drawn with its chain still unnamed.
  await expect(table.getByRole('cell', { name: '…', exact: true })).toHaveCount(0);
  expect(await shifts()).toEqual([]);
});
