// Lighthouse (desktop preset) on the console's sign-in page, audit log and asset list, signed in
// with the seeded demo workspace. Starts the service as `npm start` does (building the console when
// its sources changed) on a free port with a fresh embedded database, launches Debian's Chromium
// with a debugging port, runs Lighthouse on the sign-in page, signs in through the form with
// Playwright on that same browser (the refresh cookie stays in its profile), then runs Lighthouse
// on the signed-in pages, each from an empty cache. Prints figures; it does not judge.
//   npm run bench:lighthouse [-- --runs 3 --chromium /usr/bin/chromium --data-dir ./bench-data --long-tasks]
// (--data-dir keeps the seeded database for the next run, which then starts in seconds; --long-tasks
// lists each run's main-thread tasks over 50 ms, what Total Blocking Time adds up.)
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { freePort } from '../scripts/fleet';
import { signInAsDemoAdmin, startConsoleService, stopService } from './console-service';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    'data-dir': { type: 'string' },
    'long-tasks': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const PAGES = [
  { name: 'sign-in', path: '/sign-in', signedIn: false },
  { name: 'audit log', path: '/audit', signedIn: true },
  { name: 'asset list', path: '/catalogue/assets', signedIn: true },
];

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKB: number;
  /** What moved (Lighthouse's layout-shifts audit): the element's snippet and its share of CLS. */
  shifts: string[];
  /** Lighthouse's long-tasks audit: each task's start and length, and the script it is charged to. */
  longTasks: string[];
}

async function audit(url: string, port: number, attempt = 1): Promise<Figures> {
  // Lighthouse empties the HTTP cache before each page but, by default, keeps cookies
  // (clearStorageTypes leaves them out), so a signed-in page loads with the refresh cookie.
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' }, desktopConfig);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) {
    // Lighthouse's own trace sometimes misses the navigation (NO_NAVSTART, "run Lighthouse again"):
    // that run says nothing of the page, so it is run again rather than losing the others' figures.
    if (attempt < 3) {
      console.log(`Lighthouse on ${url}: ${runtimeError.code}; running it again`);
      return audit(url, port, attempt + 1);
    }
    throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const requests = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    scriptKB: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1000,
    shifts: ((audits['layout-shifts']?.details as { items?: { node?: { snippet?: string }; score?: number }[] } | undefined)?.items ?? []).map(
      (item) => `${(item.score ?? 0).toFixed(4)} ${item.node?.snippet?.slice(0, 140) ?? '(no element named)'}`,
    ),
    longTasks: ((audits['long-tasks']?.details as { items?: { url?: string; startTime?: number; duration?: number }[] } | undefined)?.items ?? []).map(
      (t) => `${(t.duration ?? 0).toFixed(0)} ms at ${(t.startTime ?? 0).toFixed(0)} ms (${t.url?.replace(/^https?:\/\/[^/]+/, '') || 'unattributed'})`,
    ),
  };
}

async function signIn(origin: string, port: number) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await signInAsDemoAdmin(page, origin);
  await page.close();
  await browser.close();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'asset-ops-lighthouse-'));
const appPort = await freePort();
let service: ChildProcess | undefined;
let chrome: Awaited<ReturnType<typeof launch>> | undefined;
try {
  console.log('Starting the service with the demo workspace (first start seeds a year of audit events)…');
  service = await startConsoleService(appPort, dataDir);
  const origin = `http://127.0.0.1:${appPort}`;
  chrome = await launch({
    chromePath: values.chromium,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const results = new Map<string, Figures[]>(PAGES.map((p) => [p.name, []]));
  // Every run of the sign-in page comes before the sign-in: with the refresh cookie in the
  // browser, /sign-in restores the session and loads the signed-in console instead.
  for (const page of PAGES) {
    if (page === PAGES.find((p) => p.signedIn)) await signIn(origin, chrome.port);
    for (let run = 0; run < RUNS; run++) results.get(page.name)!.push(await audit(`${origin}${page.path}`, chrome.port));
  }
  console.log(`\nLighthouse ${desktopConfig.settings?.formFactor ?? 'desktop'} preset, median of ${RUNS} run(s) per page (JS: script bytes transferred)`);
  console.log('page         perf  a11y  best   seo   LCP ms  TBT ms    CLS     JS KB');
  for (const [name, runs] of results) {
    const m = (key: Exclude<keyof Figures, 'shifts' | 'longTasks'>) => median(runs.map((r) => r[key]));
    console.log(
      `${name.padEnd(12)} ${String(m('performance')).padStart(4)}  ${String(m('accessibility')).padStart(4)}  ${String(m('bestPractices')).padStart(4)}  ${String(m('seo')).padStart(4)}  ${m('lcp').toFixed(0).padStart(7)} ${m('tbt').toFixed(0).padStart(7)}  ${m('cls').toFixed(3).padStart(6)}  ${m('scriptKB').toFixed(1).padStart(8)}`,
    );
  }
  for (const [name, runs] of results) {
    const shifts = [...new Set(runs.flatMap((r) => r.shifts))];
    if (shifts.length > 0) console.log(`\nWhat moved on the ${name} (share of CLS, element):\n${shifts.map((s) => `  ${s}`).join('\n')}`);
  }
  if (values['long-tasks']) {
    for (const [name, runs] of results) {
      console.log(`\nLong tasks on the ${name}, run by run:`);
      runs.forEach((r, i) => console.log(`  run ${i + 1} (TBT ${r.tbt.toFixed(0)} ms): ${r.longTasks.join('; ') || 'none'}`));
    }
  }
} finally {
  await chrome?.kill();
  await stopService(service);
  if (!values['data-dir']) rmSync(dataDir, { recursive: true, force: true });
}
