import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiSession } from './api-session';
import { seriousViolations } from './axe';
import { DEMO_PASSWORD, DEMO_USERS } from './demo';
import { AdminApprovalsPage } from './pages/admin-approvals-page';
import { AdminService } from './pages/admin-service';
import { ConsoleShell } from './pages/console-shell';
import { SecurityPage } from './pages/security-page';
import { SignInPage } from './pages/sign-in-page';
import { VirtualAuthenticator } from './virtual-authenticator';

// WebAuthn refuses an IP address as relying party: the console is opened at localhost, the
// service's default PUBLIC_ORIGIN (http://localhost:<PORT>), on the port playwright.config.ts gives it.
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 18080}` });

// All specs share one service: start from the demo's threshold of 1 and nothing pending, and leave
// it so. Every passkey a test registers it removes again at its end: a demo admin with a passkey
// would be asked to confirm with it in the other specs, whose browsers have no authenticator.
test.beforeEach(async ({ request }) => {
  await new AdminService(request).resetApprovals();
});
test.afterEach(async ({ request }) => {
  await new AdminService(request).resetApprovals();
});

/** A demo person signed in with their password in a page that has its own virtual authenticator. */
async function signInWithDevice(page: Page, email: string) {
  const authenticator = await VirtualAuthenticator.attach(page);
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signInAs(email, DEMO_PASSWORD);
  return authenticator;
}

/** A browser of a person's own (cookies, authenticator), as a second admin would have. */
async function personWithPasskey(browser: Browser, email: string, passkeyName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const authenticator = await signInWithDevice(page, email);
  const security = new SecurityPage(page);
  await security.open();
  await security.add(passkeyName);
  return { context, page, authenticator, security };
}

test('an admin registers a passkey, signs out and signs in with it, then removes it', async ({ page }) => {
  // Four accessibility scans and three ceremonies: 1.6 min on the 2-core machine shared with other work.
  test.setTimeout(240_000);
  const authenticator = await signInWithDevice(page, DEMO_USERS.owner);
  const shell = new ConsoleShell(page);
  const security = new SecurityPage(page);

  await security.open();
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
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(security.row('Olivia’s laptop')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shell.header.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.setViewportSize({ width: 1280, height: 720 });

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

test('two admins approve a quorum change each with their own passkey; the auditor sees which device signed and the signatures verify', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
  // Threshold 3, then a change back to 1 raised by the demo admin: it needs the two approvals
  // the console gives below, and carries the shared setting back to the demo's.
  const service = new AdminService(request);
  await service.requestThreshold(2);
  await service.requestThreshold(3);
  await service.approveUntilExecuted((await service.quorum()).pendingRequestId!);
  await service.requestThreshold(1);
  const summary = 'Change the admin quorum threshold from 3 to 1';

  const olivia = await personWithPasskey(browser, DEMO_USERS.owner, 'Olivia’s laptop');
  const nadia = await personWithPasskey(browser, DEMO_USERS.nsadmin, 'Nadia’s phone');
  try {
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
    // Adam's page may still show the toast of his earlier approval (same words): the service says when it is carried out.
    await expect.poll(async () => (await service.quorum()).adminQuorumThreshold).toBe(1);

    // The auditor, who holds no passkey, reads who approved with which device, and has the service verify it.
    const shell = new ConsoleShell(page);
    const approvals = new AdminApprovalsPage(page);
    await new SignInPage(page).goto();
    await new SignInPage(page).signInAs(DEMO_USERS.auditor, DEMO_PASSWORD);
    await shell.open('Approvals');
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
  } finally {
    // Each removes their passkey (confirmed with it), so the other specs' admins are asked for none.
    for (const person of [olivia, nadia]) {
      await person.security.open();
      await person.security.remove(person === olivia ? 'Olivia’s laptop' : 'Nadia’s phone');
      await person.context.close();
    }
  }
});

test('with passkeys required of admins, their password sign-in and an approval without a passkey are refused', async ({ browser, page, request }) => {
  test.setTimeout(420_000);
  // Threshold 2, so that the setting itself and the change below each need a second admin.
  const service = new AdminService(request);
  await service.requestThreshold(2);
  // Ada's session, from before passkeys are required: her API calls below carry no passkey.
  const adaSession = await apiSession(request, DEMO_USERS.admin2);

  // Every enabled admin has a passkey first: the service refuses the setting otherwise.
  const people = {
    olivia: await personWithPasskey(browser, DEMO_USERS.owner, 'Olivia’s laptop'),
    adam: await personWithPasskey(browser, DEMO_USERS.admin, 'Adam’s laptop'),
    ada: await personWithPasskey(browser, DEMO_USERS.admin2, 'Ada’s phone'),
    nadia: await personWithPasskey(browser, DEMO_USERS.nsadmin, 'Nadia’s phone'),
  };
  const { olivia, adam, ada } = people;
  const setPolicy = async (required: boolean) => {
    await olivia.security.open();
    await olivia.security.policy.getByRole('button', { name: required ? 'Require passkeys for admins' : 'Stop requiring passkeys' }).click();
    await olivia.page.getByRole('dialog').getByRole('button', { name: 'Request change' }).click();
  };
  /** What the service says now: Olivia's security page read afresh. */
  const stillRequired = async () => {
    await olivia.security.open();
    await olivia.page.reload();
    return /^Required/.test((await olivia.page.getByTestId('passkey-policy').textContent()) ?? '');
  };
  /** Olivia asks to stop requiring passkeys; these admins approve with theirs, in turn, until it is carried out. */
  const stopRequiring = async (approvers: (typeof olivia)[]) => {
    await setPolicy(false);
    await expect(olivia.page.getByText('Setting change requested')).toBeVisible();
    for (const person of approvers) {
      await new ConsoleShell(person.page).open('Approvals');
      await new AdminApprovalsPage(person.page).decide('Stop requiring passkeys of admins', 'Approve');
      // The dialog closes once the service has answered.
      await expect(person.page.getByRole('dialog')).toHaveCount(0);
      if (!(await stillRequired())) return;
    }
    throw new Error('These admins’ approvals did not stop requiring passkeys');
  };
  try {
    // Olivia's page read the setting before the others added theirs: read again, nobody is missing now.
    await olivia.page.reload();
    await expect(olivia.security.policy).toContainText('Not required');
    await expect(olivia.security.policy.getByRole('list', { name: 'Admins without a passkey' })).toHaveCount(0);
    await setPolicy(true);
    await expect(olivia.page.getByText('Setting change requested')).toBeVisible();
    await expect(olivia.security.policy).toContainText('waiting for approval');

    // Adam approves it in his console, with his passkey: from now on admins need theirs.
    await new ConsoleShell(adam.page).open('Approvals');
    await new AdminApprovalsPage(adam.page).decide('Require admins to sign in and confirm with passkeys', 'Approve');
    await expect(adam.page.getByText('Approved and carried out')).toBeVisible();
    await olivia.page.reload();
    await expect(olivia.security.policy).toContainText('Required:');
    await expect(olivia.page.getByRole('main').getByText('Your workspace requires passkeys of admins')).toBeVisible();

    // An admin's password alone no longer signs in.
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(DEMO_USERS.admin2, DEMO_PASSWORD);
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
    // Adam's page may still show the toast of his earlier approval (same words): the service says when it is carried out.
    await expect.poll(async () => (await service.quorum()).adminQuorumThreshold).toBe(1);

    // Back to the demo's setting: Olivia raises it and, passkeys being required, approves it with hers.
    // The threshold is 1 again, so hers carries it out.
    await stopRequiring([olivia]);
  } finally {
    // Whatever failed above, the setting goes off first: the passkeys cannot be removed while it is on,
    // and the specs after this one sign the demo admins in with their passwords.
    if (await stillRequired()) await stopRequiring([olivia, adam, ada]);
    for (const person of Object.values(people)) {
      await person.security.open();
      await person.security.remove((await person.security.passkeys.getByRole('rowheader').first().textContent())!);
      await person.context.close();
    }
  }
});
