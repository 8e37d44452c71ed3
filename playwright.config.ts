import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;

// This file is evaluated by the runner and again by every worker; workers inherit the runner's
// environment, so only the runner makes (and later removes) the run's folder: the service's data
// and the setup project's stored sign-ins (e2e/workspaces.ts).
if (!process.env.E2E_RUN_DIR) {
  const runDir = mkdtempSync(join(tmpdir(), 'asset-ops-e2e-'));
  mkdirSync(join(runDir, 'data'));
  process.env.E2E_RUN_DIR = runDir;
  process.on('exit', () => rmSync(runDir, { recursive: true, force: true }));
}
const dataDir = join(process.env.E2E_RUN_DIR, 'data');

export default defineConfig({
  testDir: 'e2e',
  // Spec files run two at a time, each in its own workspace (e2e/seed-workspaces.ts); the tests of
  // one file run in order. E2E_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Bounds for a page that never gets there, not measures of speed: a test fails on what it
  // sees, never because two suites share the machine's two cores (issue 37's rule). Three long
  // tests (the palette's keyboard walk, an order watched to completion, eight tabs on one stream)
  // ran past 120 s with the load at 18.
  timeout: 300_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    // No trace unless asked for (E2E_TRACE=retain-on-failure, or on): a trace records every action
    // of every test as it runs, even of those that pass, and took two thirds of the browser's CPU
    // (docs/testing.md). A failure still leaves its screenshot and the page's accessibility tree
    // (error-context.md in test-results).
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The console honours reduced motion (theme.ts), so dialogs open without a fade that an
    // accessibility check could catch half-way, at colours no user sees for long.
    contextOptions: { reducedMotion: 'reduce' },
  },
  projects: [
    // Signs in every persona of every spec's workspace once, through the API, and stores the
    // browser state (the httpOnly refresh cookie) that e2e/fixtures.ts hands to the specs.
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    {
      name: 'chromium',
      dependencies: ['setup'],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // Set by e2e/run.mjs: a system Chromium where Playwright cannot download its own.
          executablePath: process.env.PW_CHROMIUM,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // First a workspace for every spec file (the embedded database admits one process at a time),
    // then the service as npm start runs it (scripts/start.mjs); exec, so that stopping the server
    // stops the service and not a shell around it.
    // e2e/run.mjs hands over a bundle of the service; run by Playwright alone, it starts from the sources.
    command: `node --import tsx e2e/seed-workspaces.ts && exec node --max-semi-space-size=64 ${process.env.E2E_SERVICE_BUNDLE ?? '--import tsx src/server/main.ts'}`,
    url: `${baseURL}/v1/openapi.json`,
    reuseExistingServer: false,
    // The seed writes the audit explorer's 45 days of history (12,300 events) and
    // the other specs' workspaces; a loaded machine has taken several minutes.
    timeout: 600_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The specs use their own workspaces, not the demo's.
      DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
  },
});
