// A setup file of bench/test-cpu.config.ts: it runs before each test file is imported, so a file's
// figure takes in its import; its afterAll, registered first, runs after the file's own hooks.
import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll } from 'vitest';

/** This worker's CPU seconds, its own and its reaped children's (utime, stime, cutime, cstime). */
function cpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
}

const report = process.env.TEST_CPU_REPORT;
const cpuAtStart = cpu();
const wallAtStart = performance.now();

// Vitest reads a hook's first parameter as the fixtures it asks for, and requires a pattern there.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, suite) => {
  if (!report) return;
  const file = suite.file;
  const line = { file: file.filepath, project: file.projectName ?? '', cpu: cpu() - cpuAtStart, wall: (performance.now() - wallAtStart) / 1000 };
  appendFileSync(report, `${JSON.stringify(line)}\n`);
});
