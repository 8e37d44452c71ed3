import type { Page } from '@playwright/test';
import { ORDER_STATUSES, TERMINAL_ORDER_STATUSES } from '../src/contract/trading';
import { seriousViolations } from './axe';
import { expect, type Persona, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { textLines } from './text-lines';
import { resizeTo } from './viewport';

/*
 * Each demo role opens the console on its home: the tiles of what waits for it (only what the role
 * may act on), the sections it may read, and every tile leading to its list, filtered. No count is
 * asserted: the demo's transfers move on as the service runs; the tiles and their lists are the
 * role's, whatever the counts. (That signing in lands on the home is console.spec.ts's.)
 */

type Tile = 'Approvals to decide' | 'Travel Rule messages pending' | 'Failed webhook notifications' | 'Stuck transfers' | 'Open orders';

interface Home {
  signedInAs: Persona;
  tiles: Tile[];
  sections: string[];
  absent: string[];
}

const ADMIN_TILES: Tile[] = ['Approvals to decide', 'Travel Rule messages pending', 'Failed webhook notifications', 'Stuck transfers', 'Open orders'];
const EVERYONE = ['Balances', 'Recent orders', 'Recent transfers'];
const AUDIT = ['Quorum and screening changes', 'Security events', 'Audit log integrity'];

// Each role's persona is named literally (signedInAs: '…'): the setup project signs in those.
const HOMES: Home[] = [
  { signedInAs: 'owner', tiles: ADMIN_TILES, sections: [...EVERYONE, 'Quorum and API user changes'], absent: AUDIT },
  { signedInAs: 'admin', tiles: ADMIN_TILES, sections: [...EVERYONE, ...AUDIT], absent: ['Quorum and API user changes'] },
  // The auditor and the viewer read; nothing waits for them to act on (not the Travel Rule messages).
  { signedInAs: 'auditor', tiles: [], sections: [...EVERYONE, ...AUDIT], absent: [] },
  {
    signedInAs: 'trader',
    tiles: ['Travel Rule messages pending', 'Stuck transfers', 'Open orders'],
    sections: EVERYONE,
    absent: [...AUDIT, 'Quorum and API user changes'],
  },
  { signedInAs: 'viewer', tiles: [], sections: EVERYONE, absent: [...AUDIT, 'Quorum and API user changes'] },
];

const OPEN_ORDERS = ORDER_STATUSES.filter((status) => !TERMINAL_ORDER_STATUSES.includes(status));

/** The data-status of every status badge in the main landmark (orders and transactions mark theirs). */
const shownStatuses = (page: Page) =>
  page
    .getByRole('main')
    .locator('tbody [data-status]')
    .evaluateAll((badges) => badges.map((b) => b.getAttribute('data-status')));

/** What the list behind each tile must show once its link is followed. */
const LANDINGS: Record<Tile, (page: Page, shell: ConsoleShell) => Promise<void>> = {
  'Approvals to decide': async (page, shell) => {
    await expect(page).toHaveURL(/\/admin\/approvals$/);
    await expect(shell.main.getByRole('heading', { name: 'Waiting for a decision' })).toBeVisible();
  },
  'Travel Rule messages pending': async (page, shell) => {
    await expect(page).toHaveURL(/\/compliance\/travel-rule\?status=PENDING$/);
    await expect(shell.main.getByRole('combobox', { name: 'Status' })).toHaveValue('Pending');
    const rows = shell.main.getByRole('table').locator('tbody tr');
    // The demo's messages waiting for the counterparty: none of another status.
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) await expect(row).toContainText('Pending');
  },
  'Failed webhook notifications': async (page) => {
    // One webhook with failures: its failed notifications; none or several: the webhooks.
    await expect(page).toHaveURL(/\/webhooks(\/[^/?]+\?statuses=FAILED)?$/);
  },
  'Stuck transfers': async (page, shell) => {
    // Exactly the stuck ones (the service's rule, the one the tile counts by), the filter in sight.
    await expect(page).toHaveURL(/\/transactions\?status=CONFIRMING&stuck=true&sort=ASC$/);
    await expect(shell.pageHeading('Transactions')).toBeVisible();
    await expect(shell.main.getByRole('switch', { name: /Stuck only/ })).toBeChecked();
    await expect(shell.main.getByRole('table').or(shell.main.getByText(/No transaction/))).toBeVisible();
    expect((await shownStatuses(page)).filter((status) => status !== 'CONFIRMING')).toEqual([]);
  },
  'Open orders': async (page, shell) => {
    await expect(page).toHaveURL(`/trading/orders?statuses=${OPEN_ORDERS.join(',')}`);
    await expect(shell.pageHeading('Orders')).toBeVisible();
    await expect(shell.main.getByRole('table').or(shell.main.getByText(/No order/))).toBeVisible();
    expect((await shownStatuses(page)).filter((status) => !OPEN_ORDERS.includes(status as never))).toEqual([]);
  },
};

/** The console opened at its root, with the stored sign-in: the home page. */
async function startHome(page: Page) {
  const shell = new ConsoleShell(page);
  await shell.start('/');
  await expect(shell.pageHeading('Home')).toBeVisible();
  return shell;
}

const waiting = (shell: ConsoleShell) => shell.main.getByRole('region', { name: 'Waiting for you' });

/** The home has drawn every part: the balances, and no part still loading (or checking the audit log). */
async function homeLoaded(shell: ConsoleShell) {
  await expect(shell.main.getByRole('region', { name: 'Balances' }).getByRole('table')).toBeVisible();
  await expect(shell.main.locator('[aria-label^="Loading"], [aria-label="Checking the audit log\'s integrity"]')).toHaveCount(0);
}

/** A page at 390 px, in light then dark: no serious accessibility problem, and nothing wider than the screen. */
async function checkNarrow(page: Page, shell: ConsoleShell, loaded: () => Promise<void>) {
  const wide = page.viewportSize()!;
  await resizeTo(page, { width: 390, height: 844 });
  for (const scheme of ['light', 'dark'] as const) {
    if (scheme === 'dark') await shell.header.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await loaded();
    expect(await seriousViolations(page), `${scheme} at 390 px`).toEqual([]);
    // The page scrolls down, never sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${scheme} at 390 px`).toBeLessThanOrEqual(390);
    // The product's name in the header stays on one line beside the header's buttons.
    expect(await textLines(shell.header.getByRole('link', { name: 'Asset Ops' })), `${scheme} at 390 px`).toHaveLength(1);
  }
  await shell.header.getByRole('button', { name: 'Switch to light theme' }).click();
  await resizeTo(page, wide);
}

for (const home of HOMES) {
  const role = home.signedInAs;
  test.describe(`as the ${role}`, () => {
    test.use({ signedInAs: home.signedInAs });

    test(`the ${role} lands on a home with the ${role}'s tiles, each leading to its filtered list`, async ({ page }) => {
      const shell = await startHome(page);
      await homeLoaded(shell);
      expect(
        await waiting(shell)
          .locator('[data-tile]')
          .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-tile'))),
      ).toEqual(home.tiles);
      // Without a tile, no "Waiting for you" at all.
      await expect(waiting(shell)).toHaveCount(home.tiles.length > 0 ? 1 : 0);
      // Whoever may place an order starts one from the home.
      await expect(shell.main.getByRole('group', { name: 'Start' }).getByRole('link', { name: 'New order' })).toHaveCount(
        ['owner', 'admin', 'trader'].includes(role) ? 1 : 0,
      );
      for (const name of home.sections) await expect(shell.main.getByRole('region', { name }), name).toBeVisible();
      for (const name of home.absent) await expect(shell.main.getByRole('region', { name }), name).toHaveCount(0);
      // Each role's home on a phone, in either scheme (the admin's home in both schemes wide is checked below).
      await checkNarrow(page, shell, () => homeLoaded(shell));

      for (const tile of home.tiles) {
        await waiting(shell).locator(`[data-tile="${tile}"]`).click();
        await LANDINGS[tile](page, shell);
        await page.goBack();
        await expect(shell.pageHeading('Home')).toBeVisible();
      }

      // The balances lead to the vault accounts, and each asset to its transfers.
      const balances = shell.main.getByRole('region', { name: 'Balances' });
      await expect(balances.getByRole('link', { name: 'Vault accounts' })).toHaveAttribute('href', '/vault/accounts');
      await balances.getByRole('link', { name: 'BTC', exact: true }).click();
      await expect(page).toHaveURL(/\/transactions\?assets=BTC$/);
      await expect(shell.pageHeading('Transactions')).toBeVisible();
      await expect(shell.main.getByRole('table')).toBeVisible();
      for (const row of await shell.main.getByRole('table').locator('tbody tr').all()) await expect(row).toContainText('BTC');
    });
  });
}

test.describe('as the auditor', () => {
  test.use({ signedInAs: 'auditor' });

  test("the auditor's links lead to the audit log, filtered to what the home showed", async ({ page }) => {
    const shell = await startHome(page);
    await expect(shell.main.getByRole('region', { name: 'Audit log integrity' }).getByRole('status')).toContainText('Intact');

    await shell.main.getByRole('link', { name: 'All security events of the last 7 days' }).click();
    await expect(page).toHaveURL(/\/audit\?startTime=\d+&endTime=\d+&category=Security$/);
    await expect(shell.pageHeading('Audit log')).toBeVisible();
    await page.goBack();

    await shell.main.getByRole('link', { name: 'These changes in the audit log' }).click();
    await expect(page).toHaveURL(/\/audit\?startTime=\d+&endTime=\d+&subject=Quorum&subject=Screening$/);
    await expect(shell.pageHeading('Audit log')).toBeVisible();
    await page.goBack();

    // A person's name leads to their page (the auditor's own sign-in, by the setup project, is
    // among the security events), and from there to their events in the audit log.
    await shell.main.getByRole('region', { name: 'Security events' }).getByRole('link', { name: 'Audrey Auditor' }).first().click();
    await expect(page).toHaveURL(/\/people\/[0-9a-f-]{36}$/);
    const userId = new URL(page.url()).pathname.split('/').at(-1)!;
    await expect(shell.pageHeading('Audrey Auditor')).toBeVisible();
    const details = shell.main.getByRole('table', { name: 'Details' });
    await expect(details.getByRole('row', { name: /^Role/ })).toContainText('Auditor');
    await expect(details.getByRole('row', { name: /^Last signed in/ })).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    await expect(details.getByRole('row', { name: /^User id/ })).toContainText(userId);
    await shell.main.getByRole('link', { name: 'Audrey Auditor’s events in the audit log' }).click();
    await expect(page).toHaveURL(`/audit?range=30d&userId=${userId}`);
    await expect(shell.pageHeading('Audit log')).toBeVisible();
  });
});

test.describe('as the admin', () => {
  test.use({ signedInAs: 'admin' });

  test('a person’s page has no serious accessibility problems, in light and dark and at 390 px', async ({ page }) => {
    // The admin sees every row of it: the last sign-in and the passkeys.
    const shell = await startHome(page);
    await homeLoaded(shell);
    await shell.main.getByRole('region', { name: 'Security events' }).getByRole('link', { name: 'Adam Admin' }).first().click();
    await expect(shell.pageHeading('Adam Admin')).toBeVisible();
    const loaded = () => expect(shell.main.getByRole('table', { name: 'Details' }).getByRole('row', { name: /^Passkeys/ })).toBeVisible();
    await loaded();
    expect(await seriousViolations(page)).toEqual([]);
    await checkNarrow(page, shell, loaded);
    // Dark and wide.
    await shell.header.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the home page has no serious accessibility problems in light and dark, a moment’s local time shown', async ({ page }) => {
    // The admin's home has every kind of part (each role's home at 390 px is checked with its tiles above).
    const shell = await startHome(page);
    await expect(shell.main.getByRole('region', { name: 'Audit log integrity' }).getByRole('status')).toBeVisible();
    await homeLoaded(shell);
    expect(await seriousViolations(page)).toEqual([]);
    // A moment says how long ago it was, and shows the viewer's local time when it has the keyboard
    // focus: checked with that tooltip open, in either scheme.
    const moment = shell.main.getByRole('region', { name: 'Security events' }).locator('time').first().locator('..');
    await expect(moment).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC \((just now|\d+ (min|h|d) ago)\)$/);
    await expect(moment).toHaveAttribute('tabindex', '0');
    const localTime = page.getByRole('tooltip').filter({ hasText: /^Your local time: / });
    // Reached with the keyboard (a tooltip opens on focus-visible, not on a focus a click gave).
    const tabTo = async () => {
      await moment.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(moment).toBeFocused();
    };
    await tabTo();
    await expect(localTime).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await shell.header.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo();
    await expect(localTime).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
