import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { AdminApprovalsPage } from './pages/admin-approvals-page';
import { AdminService } from './pages/admin-service';
import { CatalogueAssetsPage } from './pages/catalogue-assets-page';
import { ConsoleShell } from './pages/console-shell';
import { SignInPage } from './pages/sign-in-page';

test('the sign-in page has no serious accessibility problems, also with an error shown', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  expect(await seriousViolations(page)).toEqual([]);

  await signIn.signIn('not-an-email', '');
  await expect(page.getByText('email must be an email address')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('as an admin', () => {
  test.use({ signedInAs: 'admin' });

  test('the console shell has no serious accessibility problems, in light and dark', async ({ page }) => {
    // Four full-page scans after signing in: 32 s in a CI run and 55 s on a machine also running the
    // server suite, past the default 30; 90 s as the other multi-step scenarios have.
    const shell = new ConsoleShell(page);
    const assets = new CatalogueAssetsPage(page);
    await shell.start();

    await shell.open('API users');
    await expect(shell.main.getByRole('table').or(shell.main.getByText('No API users yet'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The assets of one symbol: the table's parts in a few rows, not a page of 100 that axe would
    // read one by one in each scheme (26 and 30 s a scan on a loaded machine).
    await shell.open('Assets');
    await assets.filterSymbol('USDC');
    await expect(page).toHaveURL(/symbol=USDC/);
    await expect
      .poll(async () => {
        const rows = await assets.rows.allInnerTexts();
        return rows.length > 0 && rows.every((row) => row.includes('USDC'));
      })
      .toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await shell.header.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);

    await shell.open('API users');
    await expect(shell.main.getByRole('table').or(shell.main.getByText('No API users yet'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('as an approver', () => {
  test.use({ signedInAs: 'approver' });

  test('the open command palette and an asset’s drawer have no serious accessibility problems and no second banner', async ({ page }) => {
    // Two full-page scans, each with a dialog open.
    const shell = new ConsoleShell(page);
    const assets = new CatalogueAssetsPage(page);
    await assets.start('?symbol=USDC&blockchainId=ETH');
    await expect(page.getByRole('banner')).toHaveCount(1);

    // Every page and action the role has: more than the list shows at once, so it scrolls.
    await page.keyboard.press('Control+K');
    const search = page.getByRole('combobox', { name: 'Search pages, actions and the workspace' });
    await expect(search).toBeFocused();
    const list = page.getByRole('listbox', { name: 'Pages, actions and what was found' });
    await expect(list.getByRole('option').first()).toBeVisible();
    expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await expect(page.getByRole('banner')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();

    await assets.open('USDC', 'USDC');
    await expect(assets.drawer.getByRole('heading', { name: /USD/ }).first()).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(shell.header).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('as the second admin', () => {
  test.use({ signedInAs: 'admin2' });

  test('the administration pages and their dialogs have no serious accessibility problems', async ({ page, request, apiSession }) => {
    // Three pages and their dialogs, each scanned in full: the budget of the shell's check above
    // (32 s at 30 under a load of 20 on two cores, with no step waiting on anything but the machine).
    // A change waiting for approval, so the inbox shows a request with its buttons.
    const service = new AdminService(request, (await apiSession('admin')).headers);
    await service.requestThreshold(2);
    await service.requestThreshold(3);
    const shell = new ConsoleShell(page);
    const approvals = new AdminApprovalsPage(page);
    // Straight to the first page scanned: the admin's home would be a page load of its own.
    await shell.start('/admin/quorum');
    await expect(shell.pageHeading('Quorum')).toBeVisible();
    await expect(shell.main.getByText('A threshold change is waiting for approval')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await shell.open('Approvals');
    const summary = 'Change the admin quorum threshold from 2 to 3';
    await approvals.request(summary).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('dialog', { name: 'Approve this request?' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await shell.open('API users');
    await shell.main.getByRole('button', { name: 'New API user' }).click();
    await expect(page.getByRole('dialog', { name: 'New API user' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('the navigation can be used with the keyboard alone', async ({ page, workspace, password }) => {
  const signIn = new SignInPage(page);
  const shell = new ConsoleShell(page);
  await signIn.goto();
  await signIn.email.focus();
  await page.keyboard.type(workspace.email('auditor'));
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(shell.header).toBeVisible();

  // The first stop skips the header and navigation.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

  const target = shell.navLink('Blockchains');
  for (let stops = 0; stops < 30 && !(await target.evaluate((link) => link === document.activeElement)); stops++) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(shell.pageHeading('Blockchains')).toBeVisible();
});

test('the API reference has no serious accessibility problems, with an operation open', async ({ page }) => {
  // Swagger UI draws 80-odd operations and their schemas; axe reads every one of them. With the
  // machine's load at 13 the drawing alone took 40 s: the bound is tripled (test.slow), as a bound.
  test.slow();
  await page.goto('/docs');
  const operations = page.locator('.opblock');
  await expect(operations.first()).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);

  await page.locator('.opblock-summary-control').first().click();
  await expect(operations.first().locator('.opblock-body')).toBeVisible();
  // Opening one changes only that operation's block: axe reads it alone, not the 80-odd again
  // (with the machine's load at 13, a full read took 53 s, the opened block alone 15 s).
  await expect(page.locator('.opblock.is-open')).toHaveCount(1);
  expect(await seriousViolations(page, '.opblock.is-open')).toEqual([]);
});
