import { createPrivateKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { CompleteSetupResponse, RedeemPairingResponse } from '../src/contract/admin';
import { expect, test } from './fixtures';
import { AdminApiUsersPage } from './pages/admin-api-users-page';
import { ConsoleShell } from './pages/console-shell';

// At the demo's threshold of 1, which this spec's workspace keeps, the creator's own approval
// carries the request (the approval flow between two admins is the quorum spec's subject).
test.use({ signedInAs: 'admin' });

test('an admin creates an API user with a key made in the browser, and its co-signer pairs and sets up', async ({ page, request }) => {
  // RSA-4096 generation in the browser takes a few seconds, more on a busy machine.
  // Unique per run, within the 30 characters a name may have.
  const name = `E2E co-signer ${Date.now().toString(36)}`;
  const shell = new ConsoleShell(page);
  const apiUsers = new AdminApiUsersPage(page);

  await shell.startOn('API users', '/admin/api-users');
  await apiUsers.newUser.click();
  await apiUsers.fillNewUser({ name, role: 'Signer', coSignerSetupType: 'SGX_MACHINE' });

  const dialog = apiUsers.createDialog;
  await dialog.getByRole('button', { name: 'Generate key pair' }).click();
  await expect(dialog.getByText(/Generating an RSA-4096 key pair/)).toBeVisible();
  const downloadButton = dialog.getByRole('button', { name: 'Download private key' });
  await expect(downloadButton).toBeVisible({ timeout: 60_000 });

  const downloading = page.waitForEvent('download');
  await downloadButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^e2e-co-signer-[a-z0-9]+-private-key\.pem$/);
  const pem = await readFile(await download.path(), 'utf8');
  expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----\r?\n[\s\S]+-----END PRIVATE KEY-----\s*$/);
  const privateKey = createPrivateKey(pem);
  expect(privateKey.asymmetricKeyType).toBe('rsa');
  expect(privateKey.asymmetricKeyDetails?.modulusLength).toBe(4096);
  // Offered once only.
  await expect(downloadButton).toHaveCount(0);

  const sent = page.waitForResponse((r) => r.url().endsWith('/v1/management/api_users') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Send for approval' }).click();
  expect((await sent).status()).toBe(200);
  const body = (await sent).request().postData() ?? '';
  expect(body).toContain('BEGIN CERTIFICATE REQUEST');
  expect(body).not.toContain('PRIVATE KEY');
  await expect(page.getByText('Approval request sent')).toBeVisible();
  await expect(page.getByText(`Your own approval met the threshold of 1, so “${name}” was created and is listed now.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The list refreshes by itself.
  const row = apiUsers.row(name);
  await expect(row).toContainText('Signer');
  await expect(row).toContainText('Pending activation');

  await row.getByRole('button', { name: 'Issue pairing token' }).click();
  const pairing = apiUsers.pairingDialog;
  await expect(pairing).toContainText('expires in 24 hours');
  await pairing.getByRole('button', { name: 'Issue pairing token' }).click();
  await expect(pairing).toContainText('This pairing token will not be shown again');
  const pairingToken = (await pairing.getByTestId('pairing-token').locator('code').textContent()) ?? '';
  expect(pairingToken.length).toBeGreaterThan(20);
  await expect(pairing.getByRole('button', { name: 'Copy pairing token' })).toBeVisible();
  await expect(pairing.getByRole('img', { name: 'QR code of the pairing token' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  await pairing.getByRole('button', { name: 'Done' }).click();
  await expect(pairing).toHaveCount(0);
  await expect(row).toContainText('Pending device pairing');
  await expect(row.getByRole('button', { name: 'Issue pairing token' })).toHaveCount(0);

  // The co-signer device's side, which needs no console session: the token is its credential.
  const paired = await request.post('/v1/cosigner/pairing', { data: { pairingToken } });
  expect(paired.status()).toBe(200);
  const { setupToken, status: afterPairing } = RedeemPairingResponse.parse(await paired.json());
  expect(afterPairing).toBe('PENDING_DEVICE_SETUP');
  const setUp = await request.post('/v1/cosigner/setup', { data: { setupToken } });
  expect(setUp.status()).toBe(200);
  expect(CompleteSetupResponse.parse(await setUp.json()).status).toBe('READY');

  await page.reload();
  await expect(row).toContainText('Ready');

  // Disabling asks first; the service's answer is what the switch then shows.
  const enabled = row.getByRole('switch', { name: 'Enabled' });
  await expect(enabled).toBeChecked();
  await enabled.click();
  const confirm = page.getByRole('dialog', { name: `Disable “${name}”?` });
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`“${name}” disabled`)).toBeVisible();
  await expect(enabled).not.toBeChecked();
});
