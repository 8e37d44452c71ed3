#!/usr/bin/env node
// `npm test`: the static checks (`npm run checks`), the vitest suites (`test:unit`) and the browser
// suite (`test:e2e`), side by side rather than one after another. Each of them leaves part of the
// two cores idle (the unit suite about a fifth, waiting on engines' steps, timers and scrypt; the
// browser suite a quarter, seeding its workspaces on one core and waiting on pages), and together
// they fill them: docs/testing.md has the figures.
//
// The browser suite starts when the checks are done, because the bundle check builds the console
// into dist/web, which the browser suite serves (it would build it again, at the same time, in the
// same folder). The checks print each one's output whole when it ends; the browser suite's lines
// are marked `e2e │`. All three run to the end even when one fails, so one run says everything that
// is wrong; the exit code is non-zero when any failed, and those that failed are named last.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Runs `npm run <script>` and prints its output line by line, each after `mark` when it has one;
 * resolves to whether it passed. Through a pipe, not the terminal: a runner that finds a terminal
 * redraws its progress in place, over the lines the others print meanwhile.
 */
function run(script, mark = '') {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => console.log(mark ? `${mark} ${line}` : line));
    child.on('error', (error) => console.error(`${script}: could not start: ${error.message}`));
    child.on('close', (code) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      console.log(`\nnpm test: ${script} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
      resolve(code === 0);
    });
  });
}

const checks = run('checks');
const outcomes = await Promise.all([
  checks.then((passed) => ['checks', passed]),
  run('test:unit').then((passed) => ['test:unit', passed]),
  checks.then(() => run('test:e2e', 'e2e │')).then((passed) => ['test:e2e', passed]),
]);
const failed = outcomes.filter(([, passed]) => !passed).map(([script]) => script);
if (failed.length > 0) {
  console.error(`\nnpm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
