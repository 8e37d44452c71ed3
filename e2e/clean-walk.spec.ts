import type { Page } from '@playwright/test';
import { mayPerform } from '../src/contract/operations';
import { Webhook } from '../src/contract/webhooks';
import { NAV_ITEMS } from '../src/web/app/navigation';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { expectDrawn, openInConsole } from './pages/console-walk';
import { SignInPage } from './pages/sign-in-page';

/*
 * A clean walk of the console leaves a clean browser: no error in its console and no request the
 * service refused or failed (4xx, 5xx). An error logged on a walk that did nothing wrong hides the
 * one that matters, and a refused request is a question the console should not have asked.
 */

/** What went wrong in the page while it was watched: console errors, uncaught exceptions, refused or failed requests. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error on ${new URL(page.url()).pathname}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught on ${new URL(page.url()).pathname}: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return problems;
}

/** Record pages no list links to: an audit event's page is opened from its drawer in the log (covered by audit-explorer.spec.ts). */
const OPENED_FROM_A_DRAWER = ['Audit event'];

/** A route's path as a pattern of the addresses it matches: `/webhooks/:webhookId` → `/webhooks/<anything>`. */
const pattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);

test('the sign-in page, signed out, logs no error and makes no refused request', async ({ page }) => {
  const problems = watch(page);
  const signIn = new SignInPage(page);
  await signIn.goto();
  await expect(signIn.heading).toBeVisible();
  // The session check has answered: the page offers the sign-in, not a loader.
  await expect(signIn.email).toBeEditable();
  expect(problems).toEqual([]);
});

test.describe('as an admin', () => {
  test.use({ signedInAs: 'admin' });

  test('every page an admin may open, and a record of each kind the lists link to, logs no error and makes no refused request', async ({ page }) => {
    // Some twenty pages, each waited on until drawn in full.
    const problems = watch(page);
    const shell = new ConsoleShell(page);
    const { role } = (await shell.start()).user;
    const pages = NAV_ITEMS.filter((item) => mayPerform(role, item.operation));
    const fixed = pages.filter((item) => !item.path.includes(':')).map((item) => item.path);
    // A record's page is reached the way a person reaches it: through the first link to one that a page shows.
    const records = pages
      .filter((item) => item.path.includes(':') && !OPENED_FROM_A_DRAWER.includes(item.label))
      .map((item) => ({ label: item.label, matches: pattern(item.path) }));
    const opened = new Set<string>();

    for (const path of fixed) {
      await openInConsole(page, path);
      const hrefs = await page
        .getByRole('main')
        .locator('a[href^="/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      for (const record of records) {
        if (opened.has(record.label)) continue;
        const href = hrefs.map((h) => h.split(/[?#]/)[0]!).find((h) => record.matches.test(h) && !fixed.includes(h));
        if (!href) continue;
        opened.add(record.label);
        await openInConsole(page, href);
        await openInConsole(page, path);
      }
    }
    expect(problems).toEqual([]);
    // The records this workspace's lists show are opened (on the first run: people, transactions, vault accounts).
    expect(opened.size).toBeGreaterThan(0);
  });

  test('deleting a webhook goes back to the list without asking for the deleted webhook again', async ({ page, request, apiSession }) => {
    const { headers } = await apiSession('admin');
    const created = await request.post('/v1/webhooks', {
      headers,
      // Nothing listens there: the webhook is deleted before anything is sent (e2e/run.mjs lets webhooks point at 127.0.0.1).
      data: { url: 'http://127.0.0.1:9/clean-walk', description: 'Deleted by the clean walk', events: ['transaction.created'] },
    });
    expect(created.status()).toBe(201);
    const webhook = Webhook.parse(await created.json());

    const problems = watch(page);
    const shell = new ConsoleShell(page);
    await shell.start(`/webhooks/${webhook.id}`);
    await expectDrawn(page);
    await page.getByRole('main').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this webhook?' }).getByRole('button', { name: 'Delete webhook' }).click();
    await expect(page).toHaveURL(/\/webhooks$/);
    await expectDrawn(page);
    await expect(page.getByRole('main').getByText('Deleted by the clean walk')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
