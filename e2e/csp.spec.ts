import type { Page } from '@playwright/test';
import { NAV_ITEMS, sectionsFor } from '../src/web/app/navigation';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { SignInPage } from './pages/sign-in-page';

/**
 * The console runs under the service's CSP (script-src 'self', no 'unsafe-eval') without a single
 * violation: one nobody sees is still a report, and hides a real one (an injected script) among
 * the noise. The browser fires `securitypolicyviolation` on the document for each, even when the
 * script that tried (as zod probing `new Function`) caught the refusal. The listener is in place
 * before the console's first script; the page keeps what it heard, and each check reads it once
 * the page shows what it loaded (the violation's event is queued before that render).
 */
type Heard = { cspViolations: string[] };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const heard = ((window as unknown as Heard).cspViolations = [] as string[]);
    document.addEventListener('securitypolicyviolation', (event) => {
      heard.push(`${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
});

const violations = (page: Page) => page.evaluate(() => (window as unknown as Heard).cspViolations);

test('the sign-in page, also when its form is checked, has no CSP violation', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  // The form's check loads zod, which builds its schemas.
  await signIn.signIn('not-an-email', '');
  await expect(page.getByText('email must be an email address')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test.describe('as an admin, who sees every page', () => {
  test.use({ signedInAs: 'admin' });

  test('no console page has a CSP violation', async ({ page }) => {
    // Fourteen pages, each loading its chunk and its data, on a machine that may be running more.
    const pages = sectionsFor('ADMIN').flatMap((section) => section.items.filter((item) => !item.hidden));
    expect(
      pages.map((item) => item.path),
      'an admin sees every page of the navigation',
    ).toEqual(NAV_ITEMS.filter((item) => !item.hidden).map((item) => item.path));
    const shell = new ConsoleShell(page);
    await shell.start();
    for (const item of pages) {
      await shell.open(item.label);
      expect(await violations(page), item.path).toEqual([]);
    }
  });
});
