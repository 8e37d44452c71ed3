import { expect, test } from './fixtures';
import { AdminApprovalsPage } from './pages/admin-approvals-page';
import { AdminQuorumPage } from './pages/admin-quorum-page';
import { AdminService } from './pages/admin-service';
import { ConsoleShell } from './pages/console-shell';

test.use({ signedInAs: 'auditor' });

test('an auditor sees the quorum and what waits for approval, and can change or decide nothing', async ({ page, request, apiSession }) => {
  // Something waiting: at threshold 2 a change needs more than its requester's approval.
  const service = new AdminService(request, (await apiSession('admin')).headers);
  await service.requestThreshold(2);
  await service.requestThreshold(3);
  const shell = new ConsoleShell(page);
  const quorum = new AdminQuorumPage(page);
  const approvals = new AdminApprovalsPage(page);

  await shell.startOn('Quorum', '/admin/quorum');
  await expect(quorum.currentThreshold).toHaveText('2');
  await expect(quorum.pendingChange).toContainText('1 of 2 approvals so far');
  await expect(page.getByText('Your role, Auditor, can see the quorum but not change it.')).toBeVisible();
  await expect(quorum.newThreshold).toHaveCount(0);

  await shell.open('Approvals');
  await expect(approvals.request('Change the admin quorum threshold from 2 to 3')).toContainText('1 of 2 approvals');
  await expect(page.getByRole('main').getByRole('button', { name: /^(Approve|Reject|Cancel request)$/ })).toHaveCount(0);
});
