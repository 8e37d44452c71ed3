import { ROLE_LABELS } from '../src/contract/role-labels';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { SignInPage } from './pages/sign-in-page';

test('a reload keeps the user signed in through the refresh cookie, and the token never reaches web storage', async ({
  page,
  context,
  workspace,
  password,
}) => {
  const signIn = new SignInPage(page);
  const shell = new ConsoleShell(page);

  await signIn.goto();
  const session = await signIn.signInAs(workspace.email('admin'), password);
  await shell.open('API users');

  const refreshed = page.waitForResponse((r) => r.url().endsWith('/v1/auth/refresh'));
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  await shell.expectSignedInAs(session.user.name, ROLE_LABELS.ADMIN);
  await expect(shell.pageHeading('API users')).toBeVisible();

  const storage = await page.evaluate(() => ({
    local: Object.entries(localStorage),
    session: Object.entries(sessionStorage),
    cookie: document.cookie,
  }));
  const exposed = JSON.stringify(storage);
  expect(exposed).not.toContain(session.accessToken);
  // After the reload the console holds a newer token; it must not be stored either.
  expect(exposed).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);

  // Whatever keeps the session alive is out of reach of page scripts.
  const cookies = await context.cookies();
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) {
    expect(cookie, cookie.name).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  }
});
