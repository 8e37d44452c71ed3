#!/usr/bin/env node
// Runs the end-to-end suite: finds a Chromium, builds the console the service will serve if its
// build is older than its sources, then hands over to Playwright (extra arguments are passed
// through, e.g. a spec file or --grep).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildConsoleIfStale } from '../scripts/build-console.mjs';
import { bundleForTests } from '../scripts/build-server.mjs';

// Debian's headless shell is Chromium without its windowing and GPU process: the suite's pages
// render the same, for less CPU (docs/testing.md has the measure). The full browser serves where
// the shell is missing.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

async function playwrightChromium() {
  try {
    const { chromium } = await import('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

async function findChromium() {
  if (process.env.PW_CHROMIUM) {
    if (existsSync(process.env.PW_CHROMIUM)) return process.env.PW_CHROMIUM;
    console.error(`PW_CHROMIUM is set to ${process.env.PW_CHROMIUM}, which does not exist.`);
    process.exit(1);
  }
  for (const path of [HEADLESS_SHELL, SYSTEM_CHROMIUM]) if (existsSync(path)) return path;
  return playwrightChromium();
}

function canInstallWithApt() {
  return process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

let chromium = await findChromium();
if (!chromium && canInstallWithApt()) {
  console.log('No Chromium found; installing the Debian package "chromium-headless-shell"…');
  const installed = await run('sh', ['-c', 'apt-get update && apt-get install -y chromium-headless-shell']);
  if (installed === 0 && existsSync(HEADLESS_SHELL)) chromium = HEADLESS_SHELL;
}
if (!chromium) {
  console.error(
    [
      'No Chromium to run the end-to-end tests in. Install one of:',
      '  - the Debian package:  sudo apt-get install -y chromium-headless-shell   (or chromium: /usr/bin/chromium)',
      "  - Playwright's own browser:   npx playwright install chromium",
      'or point PW_CHROMIUM at a Chromium executable.',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(`Chromium: ${chromium}`);

// The service serves the console from dist/web: it is built again when a source is newer than it
// (`npm test` runs the bundle check first, which builds it), so the suite tests the current sources.
buildConsoleIfStale();

// Playwright starts the service with this environment (playwright.config.ts adds its own): the
// webhook specs' receivers listen on 127.0.0.1, and a stopped receiver must exhaust the retry
// schedule in seconds rather than hours.
const serviceEnv = { WEBHOOK_ALLOW_LOCAL: 'true', WEBHOOK_RETRY_SCALE: '0.0005' };
// When every argument is a spec file (`e2e/home.spec.ts`, or with a line, `e2e/home.spec.ts:22`) or
// an option written in one piece (`--reporter=list,json`, as the repeat script passes), only those
// files' workspaces are seeded and their personas signed in (e2e/workspaces.ts); with anything else
// (a --grep and its pattern, a path filter) the seed cannot tell which specs will run, so it does all.
const args = process.argv.slice(2);
const named = args.filter((arg) => !/^--[\w-]+=/.test(arg));
const specs = named.map((arg) => /(?:^|\/)([\w-]+)\.spec\.ts(?::\d+)*$/.exec(arg)?.[1]);
const specEnv = named.length > 0 && specs.every(Boolean) ? { E2E_SPECS: specs.join(',') } : {};
// The service runs as a bundle (scripts/build-server.mjs), as the fleet and crash tests run theirs:
// compiling its sources through tsx took about half of its start's CPU. (The workspace seed runs
// from its sources: it finds the spec files beside its own.)
const service = await bundleForTests('src/server/main.ts');
const code = await run('npx', ['playwright', 'test', ...args], {
  ...serviceEnv,
  ...process.env,
  ...specEnv,
  E2E_SERVICE_BUNDLE: service.file,
  PW_CHROMIUM: chromium,
});
service.remove();
process.exit(code);
