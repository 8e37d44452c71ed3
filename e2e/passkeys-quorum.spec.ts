import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { AT_LOCALHOST, personWithPasskey } from './passkey-people';
import { AdminApprovalsPage } from './pages/admin-approvals-page';
import { AdminService } from './pages/admin-service';
import { ConsoleShell } from './pages/console-shell';

// At localhost (AT_LOCALHOST); the page is the auditor's, who holds no passkey.
test.use({ baseURL: AT_LOCALHOST, signedInAs: 'auditor' });

test('two admins approve a quorum change each with their own passkey; the auditor sees which device signed and the signatures verify', async ({
  page,
  request,
  apiSession,
  contextAs,
}) => {
  test.setTimeout(300_000);
  // Threshold 3 (carried out at once at the workspace's threshold of 1), then a change to 1 raised
  // by the admin: it needs the two approvals the console gives below.
  const service = new AdminService(request, (await apiSession('admin')).headers);
  await service.requestThreshold(3);
  await service.requestThreshold(1);
  const summary = 'Change the admin quorum threshold from 3 to 1';

  const olivia = await personWithPasskey(await contextAs('owner'), 'Olivia’s laptop');
  const nadia = await personWithPasskey(await contextAs('nsadmin'), 'Nadia’s phone');
  for (const [person, outcome] of [
    [olivia, 'Approved'],
    [nadia, 'Approved and carried out'],
  ] as const) {
    const shell = new ConsoleShell(person.page);
    const approvals = new AdminApprovalsPage(person.page);
    await shell.open('Approvals');
    const before = (await person.authenticator.credentials())[0]!.signCount;
    await approvals.decide(summary, 'Approve');
    await expect(person.page.getByText(outcome, { exact: true })).toBeVisible();
    // The approval was signed on this person's own device.
    expect((await person.authenticator.credentials())[0]!.signCount).toBeGreaterThan(before);
  }
  // The service carried it out too.
  await expect.poll(async () => (await service.quorum()).adminQuorumThreshold).toBe(1);

  // The auditor, who holds no passkey, reads who approved with which device, and has the service verify it.
  const approvals = new AdminApprovalsPage(page);
  await new ConsoleShell(page).start('/admin/approvals');
  const decided = approvals.decidedRow(summary);
  await expect(decided).toContainText('Executed');
  await expect(decided).toContainText(/Olivia Owner\s*Owner\s*approved \(signed with passkey Olivia’s laptop\)/);
  await expect(decided).toContainText(/Nadia Non-Signing\s*Non-Signing Admin\s*approved \(signed with passkey Nadia’s phone\)/);
  await decided.getByRole('button', { name: 'Verify signatures' }).click();
  const dialog = page.getByRole('dialog', { name: `Signatures: ${summary}` });
  const signatures = dialog.getByRole('table', { name: 'Signatures' });
  await expect(signatures.getByRole('row').filter({ hasText: 'Olivia Owner' })).toContainText(/Olivia’s laptop.*Verified/s);
  await expect(signatures.getByRole('row').filter({ hasText: 'Nadia Non-Signing' })).toContainText(/Nadia’s phone.*Verified/s);
  // The requester's own approval came with raising the request, through the API, without a passkey.
  await expect(signatures.getByRole('row').filter({ hasText: 'Adam Admin' })).toContainText('Not signed');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
});
