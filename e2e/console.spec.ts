import { ROLE_LABELS } from '../src/contract/role-labels';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { SignInPage } from './pages/sign-in-page';

// Every area page an admin may open, in navigation order.
const ADMIN_PAGES = [
  'Home',
  'Quorum',
  'Approvals',
  'API users',
  'Audit log',
  'Assets',
  'Blockchains',
  'Vault accounts',
  'Orders',
  'Travel rule',
  'Screening',
  'Earn',
  'Transactions',
  'Webhooks',
];

test('an admin signs in, lands on the home page, opens every area through the navigation and signs out', async ({ page, workspace, password }) => {
  // Fourteen pages, each drawn and checked: past the default 30 s on a loaded machine.
  const signIn = new SignInPage(page);
  const shell = new ConsoleShell(page);

  await signIn.goto();
  await expect(page).toHaveTitle('Sign in · Asset Ops');
  const session = await signIn.signInAs(workspace.email('admin'), password);

  await shell.expectSignedInAs(session.user.name, ROLE_LABELS.ADMIN);
  // Signing in without a page to return to lands on the home page.
  await expect(shell.pageHeading('Home')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(shell.navLink('Home')).toHaveAttribute('aria-current', 'page');
  await expect(shell.navigation.getByRole('link')).toHaveCount(ADMIN_PAGES.length);
  for (const name of ADMIN_PAGES) {
    await shell.open(name);
    await expect(page).toHaveTitle(`${name} · Asset Ops`);
  }

  await shell.signOut();
  await expect(signIn.heading).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);

  // The refresh cookie was revoked: a reload must not bring the session back.
  await page.reload();
  await expect(signIn.heading).toBeVisible();
});

test.describe('as an auditor', () => {
  test.use({ signedInAs: 'auditor' });

  test('an auditor sees the audit log but not API users, and is told so at its address', async ({ page }) => {
    const shell = new ConsoleShell(page);

    const session = await shell.start();

    await shell.expectSignedInAs(session.user.name, ROLE_LABELS.AUDITOR);
    await expect(shell.navLink('Audit log')).toBeVisible();
    await expect(shell.navLink('API users')).toHaveCount(0);
    await shell.open('Audit log');

    await page.goto('/admin/api-users');
    await expect(shell.main.getByText("You don't have access")).toBeVisible();
  });
});

test('a wrong password is refused with a clear message', async ({ page, workspace }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();

  // Not the admin account: failed attempts count towards its sign-in throttle.
  await signIn.signIn(workspace.email('signer'), 'not-the-password');

  await expect(signIn.error).toContainText('Sign-in failed');
  await expect(signIn.error).toContainText('Email or password is incorrect');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('an invalid email is caught before anything is sent', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  let sent = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/v1/auth/sign_in')) sent = true;
  });

  await signIn.signIn('not-an-email', 'whatever');

  await expect(page.getByText('email must be an email address')).toBeVisible();
  await expect(signIn.email).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toBe(false);
});

test('a deep link survives signing in', async ({ page, workspace, password }) => {
  const signIn = new SignInPage(page);
  const shell = new ConsoleShell(page);

  await page.goto('/catalogue/blockchains');
  await expect(signIn.heading).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in\?from=%2Fcatalogue%2Fblockchains$/);

  await signIn.signInAs(workspace.email('trader'), password);
  await expect(shell.pageHeading('Blockchains')).toBeVisible();
  await expect(page).toHaveURL(/\/catalogue\/blockchains$/);
});

test.describe('as a viewer', () => {
  test.use({ signedInAs: 'viewer' });

  test('the help menu opens the API reference in a new tab', async ({ page, context }) => {
    const shell = new ConsoleShell(page);
    await shell.start();

    await shell.header.getByRole('button', { name: 'Help' }).click();
    const opened = context.waitForEvent('page');
    await page.getByRole('menuitem', { name: 'API reference (opens in a new tab)' }).click();
    const reference = await opened;
    await expect(reference).toHaveURL(/\/docs$/);
    await expect(reference.locator('.opblock').first()).toBeVisible({ timeout: 30_000 });
  });
});
