#!/usr/bin/env node
// `npm run repeat -- [--times N] FILE...`: runs the given test files N times in a row (10 by
// default), each run from scratch, and prints the failures of every run, so a test that fails on
// timing shows itself without anyone re-running by hand. Browser specs (`e2e/*.spec.ts`) go
// through `node e2e/run.mjs` (which builds the console and seeds the specs' workspaces each run);
// any other file goes to vitest. Exits non-zero when any run failed. A browser run that failed
// keeps what Playwright left of it (each failure's screenshot and error-context.md, the page's
// accessibility tree) in a folder the summary names: a failure in run 12 of 20 is read there,
// not lost to the next run, which clears test-results.
//
// `--shuffle` (vitest files only): each run takes its files, and the tests of each file, in another
// order, from a seed it prints (`npx vitest run --sequence.shuffle --sequence.seed=S FILE...` runs
// that order again), so a test that counts on another having run before it, or on its leftovers,
// fails in some run. The browser suite's files are independent by construction (a workspace each),
// and its tests of one file run in order, as a user's steps do.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function parse(argv) {
  let times = 10;
  let shuffle = false;
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--shuffle') shuffle = true;
    else if (argv[i] === '--times') {
      times = Number(argv[++i]);
      if (!Number.isInteger(times) || times < 1) fail(`--times takes a whole number of runs, got "${argv[i]}"`);
    } else files.push(argv[i]);
  }
  if (files.length === 0) fail('usage: npm run repeat -- [--times N] [--shuffle] FILE...  (vitest files, or browser specs e2e/NAME.spec.ts)');
  const browser = files.filter((file) => /(^|\/)e2e\/.*\.spec\.ts(:\d+)?$/.test(file));
  if (browser.length > 0 && browser.length < files.length) fail('give browser specs and vitest files in separate runs');
  if (shuffle && browser.length > 0) fail('--shuffle is for vitest files: the tests of a browser spec run in order');
  return { times, shuffle, files, browser: browser.length > 0 };
}

function fail(message) {
  console.error(message);
  process.exit(2);
}

function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// Both runners write a JSON report to a file; the failures are read from it rather than from the
// console output, which the runs still print as usual.
function vitestFailures(report) {
  const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
  return testResults.flatMap((file) =>
    file.assertionResults.filter((test) => test.status === 'failed').map((test) => `${file.name.replace(root, '')} › ${test.fullName}`),
  );
}

function playwrightFailures(report) {
  const failed = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((test) => test.results.some((result) => result.status !== 'passed' && result.status !== 'skipped'))) {
        failed.push([...path, spec.title].join(' › '));
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites) walk(suite, [suite.title]);
  return failed;
}

const { times, shuffle, files, browser } = parse(process.argv.slice(2));
const dir = mkdtempSync(join(tmpdir(), 'asset-ops-repeat-'));
const summary = [];
for (let i = 1; i <= times; i++) {
  const report = join(dir, `run-${i}.json`);
  const started = Date.now();
  const seed = shuffle ? Math.floor(Math.random() * 2 ** 31) : undefined;
  if (seed !== undefined) console.log(`repeat: run ${i}/${times} in the order of seed ${seed}`);
  const order = seed === undefined ? [] : ['--sequence.shuffle', `--sequence.seed=${seed}`];
  const output = join(dir, `run-${i}`);
  const code = browser
    ? await run(process.execPath, ['e2e/run.mjs', '--reporter=list,json', `--output=${output}`, ...files], { PLAYWRIGHT_JSON_OUTPUT_NAME: report })
    : await run(
        process.execPath,
        [join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...order, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...files],
        {},
      );
  let failures;
  try {
    failures = browser ? playwrightFailures(report) : vitestFailures(report);
  } catch {
    failures = [`the run ended (exit ${code}) without a report`];
  }
  if (code !== 0 && failures.length === 0) failures = [`the run exited ${code} with no failed test (setup, type or build error)`];
  const kept = browser && failures.length > 0 ? output : undefined;
  if (!kept) rmSync(output, { recursive: true, force: true });
  summary.push({ run: i, seed, seconds: Math.round((Date.now() - started) / 1000), failures, kept });
  console.log(`repeat: run ${i}/${times}: ${failures.length} failed in ${summary.at(-1).seconds} s`);
}
for (const { run: n } of summary) rmSync(join(dir, `run-${n}.json`), { force: true });
if (!summary.some((entry) => entry.kept)) rmSync(dir, { recursive: true, force: true });

console.log('\nrepeat: failures per run');
for (const { run: n, seed, seconds, failures, kept } of summary) {
  console.log(`  run ${n}: ${failures.length} failed (${seconds} s${seed === undefined ? '' : `, seed ${seed}`})`);
  for (const name of failures) console.log(`    - ${name}`);
  if (kept) console.log(`    screenshots and error contexts: ${kept}`);
}
const failedRuns = summary.filter((entry) => entry.failures.length > 0).length;
console.log(`repeat: ${times - failedRuns} of ${times} runs passed`);
process.exit(failedRuns > 0 ? 1 : 0);
