import { expect, test } from './fixtures';
import { AT_LOCALHOST, personWithPasskey } from './passkey-people';
import { AdminApprovalsPage } from './pages/admin-approvals-page';
import { AdminService } from './pages/admin-service';
import { ConsoleShell } from './pages/console-shell';
import { SignInPage } from './pages/sign-in-page';

/*
 * At localhost (AT_LOCALHOST). The test leaves its workspace with passkeys required of admins and
 * each admin holding one: the workspace is this file's alone, and no other test of it signs an
 * admin in with a password.
 */
test.use({ baseURL: AT_LOCALHOST });

test('with passkeys required of admins, their password sign-in and an approval without a passkey are refused', async ({
  page,
  request,
  apiSession,
  contextAs,
  workspace,
  password,
}) => {
  test.setTimeout(420_000);
  // Threshold 2, so that the setting itself and the change below each need a second admin.
  const service = new AdminService(request, (await apiSession('admin')).headers);
  await service.requestThreshold(2);
  // Ada's session, from before passkeys are required: her API calls below carry no passkey.
  const adaSession = (await apiSession('admin2')).headers;

  // Every enabled admin has a passkey first: the service refuses the setting otherwise.
  const olivia = await personWithPasskey(await contextAs('owner'), 'Olivia’s laptop');
  const adam = await personWithPasskey(await contextAs('admin'), 'Adam’s laptop');
  const ada = await personWithPasskey(await contextAs('admin2'), 'Ada’s phone');
  await personWithPasskey(await contextAs('nsadmin'), 'Nadia’s phone');

  // Olivia's page read the setting before the others added theirs: read again, nobody is missing now.
  await olivia.page.reload();
  await expect(olivia.security.policy).toContainText('Not required');
  await expect(olivia.security.policy.getByRole('list', { name: 'Admins without a passkey' })).toHaveCount(0);
  await olivia.security.policy.getByRole('button', { name: 'Require passkeys for admins' }).click();
  await olivia.page.getByRole('dialog').getByRole('button', { name: 'Request change' }).click();
  await expect(olivia.page.getByText('Setting change requested')).toBeVisible();
  await expect(olivia.security.policy).toContainText('waiting for approval');

  // Adam approves it in his console, with his passkey: from now on admins need theirs.
  await new ConsoleShell(adam.page).open('Approvals');
  await new AdminApprovalsPage(adam.page).decide('Require admins to sign in and confirm with passkeys', 'Approve');
  const carriedOut = adam.page.getByRole('alert').filter({ hasText: 'Approved and carried out' });
  await expect(carriedOut).toBeVisible();
  // Closed, so that the notice of his second approval below is the only one with these words (a
  // loaded machine reached it while this one still showed).
  await carriedOut.getByRole('button', { name: 'Close' }).click();
  await expect(carriedOut).toHaveCount(0);
  await olivia.page.reload();
  await expect(olivia.security.policy).toContainText('Required:');
  await expect(olivia.page.getByRole('main').getByText('Your workspace requires passkeys of admins')).toBeVisible();

  // An admin's password alone no longer signs in.
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(workspace.email('admin2'), password);
  await expect(signIn.error).toContainText('This workspace requires admins to sign in with a passkey');

  // A change raised through the API (Adam's session from before): while passkeys are required its
  // requester's approval is not implied, so it waits for two. Ada's approval without a passkey is refused.
  await service.requestThreshold(1);
  const summary = 'Change the admin quorum threshold from 2 to 1';
  const { pendingRequestId } = await service.quorum();
  const refused = await request.post(`/v1/approval_requests/${pendingRequestId}/approve`, { headers: adaSession });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 1901 });

  // With their passkeys, in their consoles, Ada's and Adam's approvals are accepted and carry it out.
  for (const [person, outcome] of [
    [ada, 'Approved'],
    [adam, 'Approved and carried out'],
  ] as const) {
    await new ConsoleShell(person.page).open('Approvals');
    await new AdminApprovalsPage(person.page).decide(summary, 'Approve');
    await expect(person.page.getByText(outcome, { exact: true })).toBeVisible();
  }
  // And the service says it is carried out.
  await expect.poll(async () => (await service.quorum()).adminQuorumThreshold).toBe(1);
});
