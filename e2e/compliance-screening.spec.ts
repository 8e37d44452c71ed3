import type { AuditLogsResponse } from '../src/contract/audit';
import { ROLE_LABELS } from '../src/contract/role-labels';
import { ScreeningConfigurationState } from '../src/contract/screening';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { ScreeningPage } from './pages/screening-page';

// Screening changes belong to the Owner, Admins and Non-Signing Admins (operations.ts).
test.describe('as a non-signing admin', () => {
  test.use({ signedInAs: 'nsadmin' });

  test('a non-signing admin turns a screening protection off only after confirming, and the change is recorded', async ({ page, request, apiSession }) => {
    const {
      headers,
      session: { user },
    } = await apiSession('nsadmin');
    const read = async () => ScreeningConfigurationState.parse(await (await request.get('/v1/screening/configurations', { headers })).json());

    const shell = new ConsoleShell(page);
    const screening = new ScreeningPage(page);
    await shell.startOn('Screening', '/compliance/screening');

    // The workspace starts as the demo's does, with both protections on.
    await expect(screening.bypass).toBeChecked();
    const unfreezeBefore = (await read()).disableUnfreeze;

    // Turning it off asks first; keeping it on changes nothing.
    await screening.toggle('Screening cannot be bypassed');
    await expect(screening.confirmDialog).toBeVisible();
    await expect(screening.confirmDialog).toContainText('Allow screening to be bypassed?');
    await screening.confirmDialog.getByRole('button', { name: 'Keep it on' }).click();
    await expect(screening.confirmDialog).toHaveCount(0);
    await expect(screening.bypass).toBeChecked();
    expect((await read()).disableBypass).toBe(true);

    await screening.toggle('Screening cannot be bypassed');
    await screening.confirmDialog.getByRole('button', { name: 'Turn protection off' }).click();
    await expect(screening.confirmDialog).toHaveCount(0);
    await expect(screening.bypass).not.toBeChecked();
    // By name, with the role held (the Non-Signing Admin).
    await expect(screening.lastChange).toContainText(`Last changed by ${user.name} ${ROLE_LABELS[user.role]},`);

    const stored = await read();
    expect(stored).toMatchObject({ disableBypass: false, disableUnfreeze: unfreezeBefore, updatedBy: { name: user.name } });
    const audit = (await (await request.get('/v1/management/audit_logs?category=Compliance&subject=Screening', { headers })).json()) as AuditLogsResponse;
    expect(audit.data[0]).toMatchObject({ user: user.name, event: 'Updated', detail: { before: { disableBypass: true }, after: { disableBypass: false } } });
  });
});

test.describe('as a viewer', () => {
  test.use({ signedInAs: 'viewer' });

  test('a viewer sees the screening protections but cannot switch them', async ({ page, request, apiSession }) => {
    const { headers } = await apiSession('viewer');
    const shell = new ConsoleShell(page);
    const screening = new ScreeningPage(page);
    await shell.startOn('Screening', '/compliance/screening');
    await expect(screening.bypass).toBeDisabled();
    await expect(screening.unfreeze).toBeDisabled();
    await expect(page.getByRole('main')).toContainText('can see the screening protections but not change them');
    // The service refuses it too, whatever a client sends.
    const res = await request.put('/v1/screening/configurations', { headers, data: { disableUnfreeze: false } });
    expect(res.status()).toBe(403);
  });
});
