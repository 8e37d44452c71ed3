import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { AT_LOCALHOST } from './passkey-people';
import { ConsoleShell } from './pages/console-shell';
import { SecurityPage } from './pages/security-page';
import { SignInPage } from './pages/sign-in-page';
import { VirtualAuthenticator } from './virtual-authenticator';
import { resizeTo } from './viewport';

/*
 * The owner's own passkeys, at localhost (AT_LOCALHOST). The test signs the owner out: no other
 * test of this file may use the owner's stored sign-in. The quorum approved with passkeys and the
 * passkey requirement are passkeys-quorum.spec.ts and passkeys-required.spec.ts, each in a
 * workspace of its own, whatever passkeys and settings they leave.
 */
test.use({ baseURL: AT_LOCALHOST, signedInAs: 'owner' });

test('an admin registers a passkey, signs out and signs in with it, then removes it', async ({ page }) => {
  // Four accessibility scans and three ceremonies: 1.6 min on the 2-core machine shared with other work.
  test.setTimeout(240_000);
  const authenticator = await VirtualAuthenticator.attach(page);
  const shell = new ConsoleShell(page);
  const security = new SecurityPage(page);

  await shell.start('/security');
  await expect(security.heading).toBeVisible();
  await expect(security.passkeys).toContainText('You have no passkey yet.');
  await expect(security.policy).toContainText('Not required');
  expect(await seriousViolations(page)).toEqual([]);

  // A name is required, checked before the authenticator is asked.
  await security.addButton.click();
  await expect(shell.main.getByText('name must not be empty')).toBeVisible();
  expect(await authenticator.credentials()).toEqual([]);

  await security.add('Olivia’s laptop');
  await expect(page.getByText('Passkey added')).toBeVisible();
  const row = security.row('Olivia’s laptop');
  await expect(row).toContainText('Never');
  // The authenticator holds a discoverable credential for localhost, the one the service listed.
  const [credential] = await authenticator.credentials();
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  // Light, dark and a phone's width, with a passkey listed.
  expect(await seriousViolations(page)).toEqual([]);
  await shell.header.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await seriousViolations(page)).toEqual([]);
  await resizeTo(page, { width: 390, height: 844 });
  await expect(security.row('Olivia’s laptop')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shell.header.getByRole('button', { name: 'Switch to light theme' }).click();
  await resizeTo(page, { width: 1280, height: 720 });

  // Renamed, and the name is what the list shows.
  await row.getByRole('button', { name: 'Rename Olivia’s laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename “Olivia’s laptop”' });
  await rename.getByRole('textbox', { name: 'New name' }).fill('Work laptop');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(security.row('Work laptop')).toBeVisible();

  // Signed out, then in again without typing anything: the authenticator names the account.
  await shell.signOut();
  const signIn = new SignInPage(page);
  await expect(signIn.heading).toBeVisible();
  const answered = page.waitForResponse((r) => r.url().endsWith('/v1/auth/passkey_sign_in'));
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  expect((await answered).status()).toBe(200);
  await shell.expectSignedInAs('Olivia Owner', 'Owner');
  expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(credential!.signCount);

  await security.open();
  await expect(security.row('Work laptop')).not.toContainText('Never');

  // Removing it is confirmed with it, and then it signs nobody in.
  await security.remove('Work laptop');
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(security.passkeys).toContainText('You have no passkey yet.');
  await shell.signOut();
  await expect(signIn.heading).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(signIn.error).toContainText('Passkey sign-in failed');
});
