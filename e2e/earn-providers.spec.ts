import { EarnProvidersResponse } from '../src/contract/earn';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { EarnPage } from './pages/earn-page';

test.use({ signedInAs: 'admin' });

test('an admin sorts the earn providers and approves a provider’s terms after confirming', async ({ page, request, apiSession }) => {
  const { headers } = await apiSession('admin');
  const providers = async () => EarnProvidersResponse.parse(await (await request.get('/v1/earn/providers', { headers })).json()).data;
  // The demo's content leaves Aave's terms for someone to approve.
  const waiting = (await providers()).find((p) => p.isTermsApprovalRequired && !p.isTermsOfServiceApproved);
  expect(waiting, 'a provider whose terms wait for approval').toBeDefined();

  const shell = new ConsoleShell(page);
  const earn = new EarnPage(page);
  await shell.startOn('Earn', '/earn');

  // Chain names, not numbers; the logo comes from the service itself.
  const row = earn.row(waiting!.displayName);
  await expect(row).toContainText('Ethereum');
  await expect(row).toContainText('Base');
  await expect(row).toContainText('Approval needed');
  await expect(row.locator('img')).toHaveAttribute('src', waiting!.logoUrl);
  await expect(row.getByRole('link', { name: `Terms of ${waiting!.displayName}` })).toHaveAttribute('href', waiting!.termsOfServiceUrl);

  // Sorting by provider flips the order and is kept in the address.
  const names = async () => (await earn.rows.locator('td:first-child p:first-child').allTextContents()).map((t) => t.trim());
  const ascending = await names();
  await earn.sortBy('Provider').click();
  await expect(page).toHaveURL(/sortBy=displayName&order=DESC/);
  await expect.poll(names).toEqual([...ascending].reverse());

  await row.getByRole('button', { name: `Approve terms of ${waiting!.displayName}` }).click();
  await expect(earn.confirmDialog).toContainText(`Approve the terms of ${waiting!.displayName}?`);
  await expect(earn.confirmDialog.getByRole('link', { name: `the terms of service of ${waiting!.displayName}` })).toHaveAttribute(
    'href',
    waiting!.termsOfServiceUrl,
  );
  await earn.confirmDialog.getByRole('button', { name: 'Approve terms' }).click();
  await expect(earn.confirmDialog).toHaveCount(0);
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button', { name: /Approve terms/ })).toHaveCount(0);

  expect((await providers()).find((p) => p.providerId === waiting!.providerId)?.isTermsOfServiceApproved).toBe(true);
});
