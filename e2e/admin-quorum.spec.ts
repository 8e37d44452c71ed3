import { expect, test } from './fixtures';
import { AdminApprovalsPage } from './pages/admin-approvals-page';
import { AdminQuorumPage } from './pages/admin-quorum-page';
import { ConsoleShell } from './pages/console-shell';

// This spec's workspace starts at the demo's threshold of 1 (the auditor's view of a waiting
// change is admin-quorum-auditor.spec.ts, in a workspace of its own).
test.use({ signedInAs: 'admin' });

test('an admin raises the threshold; a second admin approves the next change from the inbox', async ({ page, contextAs }) => {
  test.setTimeout(90_000);
  const shell = new ConsoleShell(page);
  const quorum = new AdminQuorumPage(page);

  await shell.start();
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
  const summary = 'Change the admin quorum threshold from 2 to 3';
  const request = approvalsB.request(summary);
  await expect(request).toContainText('Raised by Adam Admin');
  await expect(request).toContainText('1 of 2 approvals');
  await expect(request).toContainText('New threshold3');
  await expect(request.getByRole('list', { name: 'Decisions so far' })).toContainText('Adam Admin approved');

  await approvalsB.decide(summary, 'Approve');
  await expect(pageB.getByText('Approved and carried out')).toBeVisible();
  await expect(request).toHaveCount(0);
  await expect(approvalsB.decidedRow(summary)).toContainText('Executed');
  await expect(approvalsB.decidedRow(summary)).toContainText('2 of 2 approvals');
  await expect(inboxLink).toHaveAccessibleDescription('');

  await page.reload();
  await expect(quorum.currentThreshold).toHaveText('3');
  await expect(quorum.pendingChange).toHaveCount(0);
});
