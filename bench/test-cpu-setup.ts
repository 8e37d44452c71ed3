// A setup file of bench/test-cpu.config.ts: it runs before each test file is imported, so a file's
// figure takes in its import; its afterAll, registered first, runs after the file's own hooks.
import { appendFileSync } from 'node:fs';
import { afterAll } from 'vitest';
import { procCpuSeconds } from './proc-cpu';

/** This worker's CPU seconds, its own and its reaped children's. */
const cpu = () => procCpuSeconds('self', { reaped: true });

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
