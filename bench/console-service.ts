// The service as `npm start` starts it, with the demo workspace, for the benchmarks that load the
// console in a browser (bench/lighthouse.ts, bench/load-profile.ts), and the sign-in through its form.
import { type ChildProcess, spawn } from 'node:child_process';
import type { Page } from '@playwright/test';

export const DEMO_PASSWORD = 'bench-Demo-password-1';

/** Starts `scripts/start.mjs` (which builds the console when its sources changed) and waits until it answers. */
export async function startConsoleService(port: number, dataDir: string): Promise<ChildProcess> {
  const service = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: 'true', DEMO_PASSWORD, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (service.exitCode !== null) throw new Error(`the service exited with ${service.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/v1/openapi.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return service;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the service did not start within 5 minutes');
}

export async function stopService(service: ChildProcess | undefined): Promise<void> {
  if (!service || service.exitCode !== null) return;
  service.kill('SIGTERM');
  await new Promise((resolve) => service.once('exit', resolve));
}

/** Signs in as the demo admin (who may read the audit log) through the form; the refresh cookie stays in the page's browser context. */
export async function signInAsDemoAdmin(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/sign-in`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('admin@demo.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('signed-in-user').waitFor();
}
