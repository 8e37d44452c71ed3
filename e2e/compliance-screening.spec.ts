import { type APIRequestContext, expect, test } from '@playwright/test';
import type { AuditLogsResponse } from '../src/contract/audit';
import { SessionResponse } from '../src/contract/auth';
import { ScreeningConfigurationState } from '../src/contract/screening';
import { DEMO_PASSWORD } from './demo';
import { ConsoleShell } from './pages/console-shell';
import { ScreeningPage } from './pages/screening-page';
import { SignInPage } from './pages/sign-in-page';

const COMPLIANCE_USER = 'secadmin@demo.test';

async function apiSession(request: APIRequestContext, email: string) {
  const res = await request.post('/v1/auth/sign_in', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const session = SessionResponse.parse(await res.json());
  return { headers: { Authorization: `Bearer ${session.accessToken}` }, user: session.user };
}

test('a compliance user turns a screening protection off only after confirming, and the change is recorded', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { headers, user } = await apiSession(request, COMPLIANCE_USER);
  const read = async () => ScreeningConfigurationState.parse(await (await request.get('/v1/screening/configurations', { headers })).json());

  const signIn = new SignInPage(page);
  const shell = new ConsoleShell(page);
  const screening = new ScreeningPage(page);
  await signIn.goto();
  await signIn.signInAs(COMPLIANCE_USER, DEMO_PASSWORD);
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
  await expect(screening.lastChange).toContainText(`Last changed by ${user.name}`);

  const stored = await read();
  expect(stored).toMatchObject({ disableBypass: false, disableUnfreeze: unfreezeBefore, updatedBy: { name: user.name } });
  const audit = (await (await request.get('/v1/management/audit_logs?category=Compliance&subject=Screening', { headers })).json()) as AuditLogsResponse;
  expect(audit.data[0]).toMatchObject({ user: user.name, event: 'Updated', detail: { before: { disableBypass: true }, after: { disableBypass: false } } });
});
