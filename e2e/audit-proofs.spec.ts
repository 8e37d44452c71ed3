import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { AuditLogPage } from './pages/audit-log-page';
import { ConsoleShell } from './pages/console-shell';

test.use({ signedInAs: 'auditor' });

// The verifiable log checked in Chromium itself: the tree head's Ed25519 signature with the
// browser's WebCrypto, the leaf and the audit path with the console's SHA-256.

test("an event's drawer says which signed tree head includes it, verified in the browser", async ({ page }) => {
  const audit = new AuditLogPage(page);
  await new ConsoleShell(page).start('/audit?range=7d');
  // The first read of the workspace's events, on a service that has just started, on a shared machine.
  await expect(audit.rows.first()).toBeVisible({ timeout: 30_000 });

  await audit.rows.first().click();
  const proof = audit.drawer.getByRole('region', { name: 'In the signed log' });
  // The newest event may be the auditor's own sign-in, which the next head (within seconds) includes.
  const verdict = proof.getByRole('status').filter({ hasText: 'Verified' });
  await expect(verdict).toContainText(/In tree head #[\d,]+ signed \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC .*, signature valid, proof valid\./);
  await expect(proof.getByRole('alert')).toHaveCount(0);
  const took = /Checked in your browser in (under 1|\d+) ms/.exec((await verdict.textContent()) ?? '');
  console.log(`audit event verified in Chromium (signature, leaf, audit path): ${took?.[1]} ms`);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the signed tree heads are listed and two of them checked for consistency in the browser, without serious accessibility problems', async ({
  page,
  request,
  workspace,
  password,
}) => {
  const audit = new AuditLogPage(page);
  await new ConsoleShell(page).start('/audit?range=7d');
  await expect(audit.rows.first()).toBeVisible({ timeout: 30_000 });
  // One more audited event, a sign-in of the auditor's apart from the browser's: whatever heads the
  // workspace's history and its people's sign-ins got so far, a later one includes it.
  const signIn = await request.post('/v1/auth/sign_in', { data: { email: workspace.email('auditor'), password } });
  expect(signIn.status()).toBe(200);

  const drawer = page.getByRole('dialog', { name: 'Signed tree heads' });
  const rows = drawer.getByRole('table', { name: 'Signed tree heads' }).locator('tbody tr');
  // The drawer lists the heads as they were when it opened: it is opened again until it lists two
  // (the next head is signed within seconds of that sign-in).
  await expect(async () => {
    if (await drawer.isVisible()) await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('main').getByRole('button', { name: 'Signed tree heads' }).click();
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(1);
  }).toPass({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);

  await rows.last().getByRole('checkbox').check();
  await rows.first().getByRole('checkbox').check();
  await drawer.getByRole('button', { name: 'Check consistency' }).click();
  const verdict = drawer.getByRole('status').filter({ hasText: 'Consistent' });
  await expect(verdict).toContainText('both signatures valid, proof valid.');
  console.log(`two tree heads checked in Chromium: ${/Checked in your browser in (under 1|\d+) ms/.exec((await verdict.textContent()) ?? '')?.[1]} ms`);
  expect(await seriousViolations(page)).toEqual([]);
});
