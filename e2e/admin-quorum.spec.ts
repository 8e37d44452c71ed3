import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from './demo';
import { AdminApprovalsPage } from './pages/admin-approvals-page';
import { AdminQuorumPage } from './pages/admin-quorum-page';
import { AdminService } from './pages/admin-service';
import { ConsoleShell } from './pages/console-shell';
import { SignInPage } from './pages/sign-in-page';

// All specs share one service: start from the demo's threshold of 1 whatever ran before, and
// leave it there for whatever runs next, also when this spec fails half-way.
test.beforeEach(async ({ request }) => {
  await new AdminService(request).resetApprovals();
});
test.afterEach(async ({ request }) => {
  await new AdminService(request).resetApprovals();
});

test('an admin raises the threshold; a second admin approves the next change from the inbox', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const shell = new ConsoleShell(page);
  const quorum = new AdminQuorumPage(page);

  await new SignInPage(page).goto();
  await new SignInPage(page).signInAs(DEMO_USERS.admin, DEMO_PASSWORD);
  await shell.open('Quorum');
  await expect(quorum.currentThreshold).toHaveText('1');
  await expect(quorum.admins).toHaveCount(4);
  await expect(quorum.approvalsHint).toContainText('needs 1 approval, and your own counts');

  // With a threshold of 1 the requester's own approval carries the change at once.
  await quorum.requestThreshold(2);
  await expect(page.getByText('Admin quorum threshold request sent successfully and approved: the threshold is now 2')).toBeVisible();
  await expect(quorum.currentThreshold).toHaveText('2');
  await expect(quorum.approvalsHint).toContainText('needs 2 approvals');

  // Now a change needs a second admin.
  await quorum.requestThreshold(3);
  await expect(page.getByText('Admin quorum threshold request sent successfully; it needs 2 approvals')).toBeVisible();
  await expect(quorum.pendingChange).toContainText('Change the admin quorum threshold from 2 to 3: 1 of 2 approvals so far.');
  await expect(quorum.newThreshold).toHaveCount(0);

  // The requester keeps the approvals page open while admin B decides.
  const summary = 'Change the admin quorum threshold from 2 to 3';
  const approvals = new AdminApprovalsPage(page);
  await shell.open('Approvals');
  await expect(approvals.request(summary).getByRole('button', { name: 'Cancel request' })).toBeVisible();

  // Admin B, in a browser of their own, is told there is something to decide.
  const secondBrowser = await browser.newContext();
  try {
    const pageB = await secondBrowser.newPage();
    const shellB = new ConsoleShell(pageB);
    const approvalsB = new AdminApprovalsPage(pageB);
    await new SignInPage(pageB).goto();
    await new SignInPage(pageB).signInAs(DEMO_USERS.admin2, DEMO_PASSWORD);
    const inboxLink = shellB.navLink('Approvals');
    await expect(inboxLink).toHaveAccessibleDescription('1 request waits for a decision');
    await expect(inboxLink).toContainText('1');

    await shellB.open('Approvals');
    const request = approvalsB.request(summary);
    // People by name, with the role they hold (Adam Admin is an Admin).
    await expect(request).toContainText(/Raised by Adam Admin\s*Admin on/);
    await expect(request).toContainText('1 of 2 approvals');
    await expect(request).toContainText('New threshold3');
    await expect(request.getByRole('list', { name: 'Decisions so far' })).toContainText(/Adam Admin\s*Admin\s*approved/);

    await approvalsB.decide(summary, 'Approve');
    await expect(pageB.getByText('Approved and carried out')).toBeVisible();
    await expect(request).toHaveCount(0);
    await expect(approvalsB.decidedRow(summary)).toContainText('Executed');
    await expect(approvalsB.decidedRow(summary)).toContainText('2 of 2 approvals');
    await expect(inboxLink).toHaveAccessibleDescription('');
  } finally {
    await secondBrowser.close();
  }

  // The requester's page catches up at its next poll (every 15 s), without a reload: no Cancel for a decided request.
  await expect(approvals.request(summary)).toHaveCount(0, { timeout: 20_000 });
  await expect(approvals.decidedRow(summary)).toContainText('Executed');
  await expect(page.getByRole('main').getByRole('button', { name: 'Cancel request' })).toHaveCount(0);

  // The quorum page, read before, shows what the decision carried out.
  await shell.open('Quorum');
  await expect(quorum.currentThreshold).toHaveText('3');
  await expect(quorum.pendingChange).toHaveCount(0);
});

test('an auditor sees the quorum and what waits for approval, and can change or decide nothing', async ({ page, request }) => {
  // Something waiting: at threshold 2 a change needs more than its requester's approval.
  const service = new AdminService(request);
  await service.requestThreshold(2);
  await service.requestThreshold(3);
  const shell = new ConsoleShell(page);
  const quorum = new AdminQuorumPage(page);
  const approvals = new AdminApprovalsPage(page);

  await new SignInPage(page).goto();
  await new SignInPage(page).signInAs(DEMO_USERS.auditor, DEMO_PASSWORD);
  await shell.open('Quorum');
  await expect(quorum.currentThreshold).toHaveText('2');
  await expect(quorum.pendingChange).toContainText('1 of 2 approvals so far');
  await expect(page.getByText('Your role, Auditor, can see the quorum but not change it.')).toBeVisible();
  await expect(quorum.newThreshold).toHaveCount(0);

  await shell.open('Approvals');
  await expect(approvals.request('Change the admin quorum threshold from 2 to 3')).toContainText('1 of 2 approvals');
  await expect(page.getByRole('main').getByRole('button', { name: /^(Approve|Reject|Cancel request)$/ })).toHaveCount(0);
});
