import { ApiUsersResponse } from '../src/contract/admin';
import { expect, test } from './fixtures';
import { ApiUsersPage } from './pages/api-users-page';
import { ConsoleShell } from './pages/console-shell';

test.use({ signedInAs: 'admin' });

test('the API users page shows what the service holds', async ({ page }) => {
  const shell = new ConsoleShell(page);
  const apiUsers = new ApiUsersPage(page);

  const session = await shell.startOn('API users', '/admin/api-users');
  await expect(apiUsers.heading).toBeVisible();

  // Ask the service directly, with the same token, and hold the page to that answer.
  const answer = await page.request.get('/v1/management/api_users', {
    headers: { Authorization: `Bearer ${session.accessToken}` },
  });
  expect(answer.status()).toBe(200);
  const { users } = ApiUsersResponse.parse(await answer.json());

  if (users.length === 0) {
    await expect(apiUsers.emptyState).toBeVisible();
    return;
  }
  await expect(apiUsers.rows).toHaveCount(users.length);
  for (const user of users) {
    const row = apiUsers.rows.filter({ hasText: user.id });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(user.name);
  }
});
