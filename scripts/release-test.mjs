#!/usr/bin/env node
// `npm run test:release`: proves that a release runs as an operator would install it. It builds
// the console and the service, copies dist/ with package.json and the lockfile into an empty
// folder, installs the production dependencies alone there (`npm ci --omit=dev`: no tsx, no
// TypeScript, no Vite), and starts `node dist/server/main.js` twice: on an empty data folder (the
// demo workspace is seeded, the folder starting as a copy of the build's migrated empty database)
// and again on the folder that start left. Each time it waits for /readyz, checks /livez's
// version, the console's page and a sign-in as the demo admin, and prints how long the start took.
// It fails on any refusal.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole } from './build-console.mjs';
import { buildServer } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const PASSWORD = 'release-test-password';
const READY_WITHIN_MS = 1_200_000;

function check(condition, message) {
  if (!condition) throw new Error(message);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForReady(base, service) {
  const started = performance.now();
  let exited = null;
  service.on('exit', (code) => (exited = code));
  for (;;) {
    if (exited !== null) throw new Error(`the service exited with ${exited} before it was ready`);
    check(performance.now() - started < READY_WITHIN_MS, `not ready within ${READY_WITHIN_MS / 1000} s`);
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The line the service logs when a new data folder starts as a copy of the build's empty database (src/server/db/client.ts). */
const FROM_IMAGE = "starting from the release's migrated empty database";

async function startOnce(stage, dataDir, label, { fresh }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawned = performance.now();
  const service = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: stage,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, DRAIN_DELAY_MS: '0', LOG_LEVEL: 'info' },
  });
  let output = '';
  service.stdout.on('data', (chunk) => (output += chunk));
  try {
    const readyAt = await waitForReady(base, service);
    const live = await (await fetch(`${base}/livez`)).json();
    check(live.version === version, `/livez says version ${live.version}, package.json ${version}`);
    check(output.includes(`Asset Ops ${version} is ready`), 'the start-up line does not name the version');
    const page = await fetch(`${base}/`);
    check(page.ok && (await page.text()).includes('<div id="root">'), `the console's page answered ${page.status}`);
    const signIn = await fetch(`${base}/v1/auth/sign_in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: PASSWORD }),
    });
    check(signIn.ok && typeof (await signIn.json()).accessToken === 'string', `the demo admin's sign-in answered ${signIn.status}`);
    check(
      output.includes(FROM_IMAGE) === fresh,
      fresh ? "the new data folder was not started from the build's empty database" : 'an existing data folder was replaced by the empty database',
    );
    const seconds = ((readyAt - spawned) / 1000).toFixed(1);
    console.log(`release: ${label}: ready in ${seconds} s (process start to /readyz 200); version, console page and sign-in checked`);
  } finally {
    service.kill('SIGTERM');
    await new Promise((resolve) => (service.exitCode !== null ? resolve() : service.on('exit', resolve)));
  }
}

const stage = mkdtempSync(join(tmpdir(), 'asset-ops-release-'));
try {
  // The console is built straight into the release, not into dist/web: CI runs this beside
  // `npm test`, whose bundle check and browser suite build and serve dist/web meanwhile.
  buildConsole(join(stage, 'dist/web'));
  await buildServer();
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(root, file), join(stage, file));
  cpSync(join(root, 'dist/server'), join(stage, 'dist/server'), { recursive: true });
  const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: stage, stdio: 'inherit' });
  check(install.status === 0, 'npm ci --omit=dev failed');
  for (const dev of ['tsx', 'typescript', 'vite', 'esbuild'])
    check(!existsSync(join(stage, 'node_modules', dev)), `${dev} was installed with the production dependencies`);
  console.log('release: production dependencies only (no tsx, typescript, vite or esbuild installed)');
  const dataDir = join(stage, 'data');
  await startOnce(stage, dataDir, 'first start on an empty data folder (from the empty database image, demo seeded)', { fresh: true });
  await startOnce(stage, dataDir, 'start on the existing data folder', { fresh: false });
} finally {
  rmSync(stage, { recursive: true, force: true });
}
