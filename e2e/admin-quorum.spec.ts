import { expect, test } from './fixtures';
import { AdminApprovalsPage } from './pages/admin-approvals-page';
import { AdminQuorumPage } from './pages/admin-quorum-page';
import { ConsoleShell } from './pages/console-shell';

// This spec's workspace starts at the demo's threshold of 1 (the auditor's view of a waiting
// change is admin-quorum-auditor.spec.ts, in a workspace of its own).
test.use({ signedInAs: 'admin' });

test('an admin raises the threshold; a second admin approves the next change from the inbox', async ({ page, contextAs }) => {
  const shell = new ConsoleShell(page);
  const quorum = new AdminQuorumPage(page);

  await shell.startOn('Quorum', '/admin/quorum');
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

  // Admin B, in a browser of their own (the fixture closes it), is told there is something to decide.
  const secondBrowser = await contextAs('admin2');
  const pageB = await secondBrowser.newPage();
  const shellB = new ConsoleShell(pageB);
  const approvalsB = new AdminApprovalsPage(pageB);
  await shellB.start();
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

  // The requester's page catches up without a reload, on the live stream's notice (or its 15 s poll
  // while the stream is down): no Cancel for a decided request.
  await expect(approvals.request(summary)).toHaveCount(0);
  await expect(approvals.decidedRow(summary)).toContainText('Executed');
  await expect(page.getByRole('main').getByRole('button', { name: 'Cancel request' })).toHaveCount(0);

  // The quorum page, read before, shows what the decision carried out.
  await shell.open('Quorum');
  await expect(quorum.currentThreshold).toHaveText('3');
  await expect(quorum.pendingChange).toHaveCount(0);
});
