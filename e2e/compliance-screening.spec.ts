import { type APIRequestContext, expect, test } from '@playwright/test';
import type { AuditLogsResponse } from '../src/contract/audit';
import { SessionResponse } from '../src/contract/auth';
import { ROLE_LABELS } from '../src/contract/role-labels';
import { ScreeningConfigurationState } from '../src/contract/screening';
import { DEMO_PASSWORD, DEMO_USERS } from './demo';
import { ConsoleShell } from './pages/console-shell';
import { ScreeningPage } from './pages/screening-page';
import { SignInPage } from './pages/sign-in-page';

// Screening changes belong to the Owner, Admins and Non-Signing Admins (operations.ts).
const SCREENING_ADMIN = DEMO_USERS.nsadmin;

async function apiSession(request: APIRequestContext, email: string) {
  const res = await request.post('/v1/auth/sign_in', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const session = SessionResponse.parse(await res.json());
  return { headers: { Authorization: `Bearer ${session.accessToken}` }, user: session.user };
}

test('a non-signing admin turns a screening protection off only after confirming, and the change is recorded', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { headers, user } = await apiSession(request, SCREENING_ADMIN);
  const read = async () => ScreeningConfigurationState.parse(await (await request.get('/v1/screening/configurations', { headers })).json());

  const signIn = new SignInPage(page);
  const shell = new ConsoleShell(page);
  const screening = new ScreeningPage(page);
  await signIn.goto();
  await signIn.signInAs(SCREENING_ADMIN, DEMO_PASSWORD);
  await shell.open('Screening');

  // Whatever an earlier run left, start from the protection on: turning it on asks nothing.
  if (!(await read()).disableBypass) {
    await screening.toggle('Screening cannot be bypassed');
    await expect(screening.bypass).toBeChecked();
    await expect(screening.confirmDialog).toHaveCount(0);
    await expect.poll(async () => (await read()).disableBypass).toBe(true);
  }
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

test('a viewer sees the screening protections but cannot switch them', async ({ page, request }) => {
  const { headers } = await apiSession(request, DEMO_USERS.viewer);
  const signIn = new SignInPage(page);
  const shell = new ConsoleShell(page);
  const screening = new ScreeningPage(page);
  await signIn.goto();
  await signIn.signInAs(DEMO_USERS.viewer, DEMO_PASSWORD);
  await shell.open('Screening');
  await expect(screening.bypass).toBeDisabled();
  await expect(screening.unfreeze).toBeDisabled();
  await expect(page.getByRole('main')).toContainText('can see the screening protections but not change them');
  // The service refuses it too, whatever a client sends.
  const res = await request.put('/v1/screening/configurations', { headers, data: { disableUnfreeze: false } });
  expect(res.status()).toBe(403);
});
