#!/usr/bin/env node
// `npm run checks`: the static checks `npm test` starts with (type check, lint, format, dead code,
// the console's bundle budgets), run at once rather than one after another. Each is a single-threaded
// process of about a minute or less, so on two cores together they take about half the wall time.
// Each check's output is printed whole when it ends (not interleaved); the exit code is non-zero
// when any failed, and the checks that failed are named last.
import { spawn } from 'node:child_process';

const CHECKS = ['typecheck', 'lint', 'format:check', 'check:dead', 'check:bundle'];

function run(script) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `could not start: ${error.message}\n`));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n> ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n${output}`);
      resolve({ script, ok: code === 0 });
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
const failed = results.filter((r) => !r.ok).map((r) => r.script);
if (failed.length > 0) {
  console.error(`\nchecks failed: ${failed.join(', ')}`);
  process.exit(1);
}
