import { expect, type Browser, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from './demo';
import { AuditLogPage } from './pages/audit-log-page';
import { ConsoleShell } from './pages/console-shell';
import { SignInPage } from './pages/sign-in-page';

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signInAs(email, DEMO_PASSWORD);
  return { context, page, signIn, shell: new ConsoleShell(page), audit: new AuditLogPage(page) };
}

test('a relative range survives a reload, and an event’s link shows it in context', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page, shell, audit } = await signedIn(browser, DEMO_USERS.auditor);
  await shell.open('Audit log');
  // The first read of a year of events, on a service that has just started, on a shared machine.
  await expect(audit.rows.first()).toBeVisible({ timeout: 30_000 });

  // Relative: the address says "the last 7 days", not two times, and a reload keeps it so.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/\/audit\?range=7d$/);
  await page.reload();
  await expect(page).toHaveURL(/\/audit\?range=7d$/);
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
  await expect(audit.rows.first()).toBeVisible({ timeout: 30_000 });

  // The drawer's link opens the event on a page of its own, among the events around it.
  await audit.rows.first().click();
  await expect(audit.drawer).toBeVisible();
  const eventId = await audit.rows.first().getAttribute('data-event-id');
  await audit.drawer.getByRole('link', { name: 'Open with context' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit/events/${eventId}$`));
  const around = page.getByRole('table', { name: 'Events around it' });
  await expect(around.locator('tr[aria-current="true"]')).toHaveCount(1);
  // The newest Security event of the week has older events before it in the workspace.
  expect(await around.locator('tbody tr').count()).toBeGreaterThan(1);
  await page.reload();
  await expect(around.locator('tr[aria-current="true"]')).toHaveCount(1);

  await context.close();
});

test('the live tail shows an event another user writes within a second', async ({ browser }) => {
  test.setTimeout(120_000);
  const auditor = await signedIn(browser, DEMO_USERS.auditor);
  const streams: number[] = [];
  auditor.page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/v1/events/stream') streams.push(response.status());
  });
  await auditor.page.goto('/audit?range=15m&category=Security');
  await expect(auditor.page.getByRole('button', { name: 'Last 15 minutes' })).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
  // The auditor's own sign-in is the newest Security event of the last 15 minutes.
  await expect(auditor.audit.rows.first()).toBeVisible({ timeout: 30_000 });
  await auditor.page.getByRole('switch', { name: 'Live tail' }).check();
  await expect.poll(() => streams).toContain(200);

  const newestBefore = await auditor.audit.rows.first().getAttribute('data-event-id');

  // Another person signs in, in a browser of their own: that writes a Security event.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const signIn = new SignInPage(otherPage);
  await signIn.goto();
  const session = await signIn.signInAs(DEMO_USERS.admin, DEMO_PASSWORD);
  const signedInAt = Date.now();

  // A new row on top within a second of the sign-in being answered (the event is committed by then), without a reload.
  await expect(auditor.audit.rows.first()).not.toHaveAttribute('data-event-id', newestBefore!, { timeout: 1_000 });
  console.log(`live tail: a new row showed ${Date.now() - signedInAt} ms after the other browser's sign-in was answered`);
  await expect(auditor.audit.rows.first()).toContainText('Signed in');
  await expect(auditor.audit.rows.first()).toContainText(session.user.name);

  await Promise.all([auditor.context.close(), other.close()]);
});

test('a saved view reopens by its id', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page, audit } = await signedIn(browser, DEMO_USERS.auditor);
  await page.goto('/audit?range=7d');
  await expect(audit.rows.first()).toBeVisible({ timeout: 30_000 });
  // A saved view keeps the search (and opens by its id alone).
  await audit.chooseCategories(['Security']);
  await expect(page).toHaveURL(/range=7d&category=Security$/);
  const name = `Security week ${Date.now()}`;
  await page.getByRole('button', { name: 'Save this view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Last 24 hours' }).click();
  await expect(page).toHaveURL(/\/audit\?range=24h&category=Security$/);
  const saved = page.getByRole('list', { name: 'Your saved views' }).getByRole('link', { name });
  await expect(saved).toHaveAttribute('href', /^\/audit\?view=[0-9a-f-]{36}$/);
  await saved.click();
  await expect(page).toHaveURL(/\/audit\?range=7d&category=Security$/);
  await expect(audit.rows.first()).toContainText('Security');

  await context.close();
});
