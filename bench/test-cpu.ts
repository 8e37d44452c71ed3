// Where the vitest suites' CPU goes, file by file: runs vitest (the arguments go to it: files, a
// --project) with bench/test-cpu.config.ts, which is vite.config.ts with one more setup file
// (bench/test-cpu-setup.ts) that reads its worker's CPU from /proc before the file is imported and
// after its last hook. A file's figure holds its worker's user and system time and that of the
// processes the worker started and reaped meanwhile (a real service, the CLI); what its jsdom took
// to set up is not in it (vitest prints that as "environment"), nor is vitest's own. Linux only.
// Prints the files by CPU, each project's sum, and the whole run's CPU; does not judge.
//   npm run bench:test-cpu                      (the whole unit suite)
//   npm run bench:test-cpu -- --project server  (one project; or files)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { procCpuSeconds } from './proc-cpu';

const ROOT = new URL('..', import.meta.url).pathname;

const dir = mkdtempSync(join(tmpdir(), 'ao-bench-test-cpu-'));
const report = join(dir, 'files.jsonl');
const load = loadavg()[0]!.toFixed(1);
const started = performance.now();
const code = await new Promise<number>((resolve) => {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'bench/test-cpu.config.ts', ...process.argv.slice(2)],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, TEST_CPU_REPORT: report },
    },
  );
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});
const wall = (performance.now() - started) / 1000;
const total = procCpuSeconds('self', { own: false, reaped: true });

interface FileCpu {
  file: string;
  project: string;
  cpu: number;
  wall: number;
}
let files: FileCpu[] = [];
try {
  files = readFileSync(report, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as FileCpu);
} catch {
  console.error('test-cpu: no file reported its CPU');
}
rmSync(dir, { recursive: true, force: true });

files.sort((a, b) => b.cpu - a.cpu);
const projects = new Map<string, number>();
for (const f of files) projects.set(f.project, (projects.get(f.project) ?? 0) + f.cpu);
console.log(`\ntest-cpu: ${files.length} files, load ${load} at the start; CPU and wall seconds per file, most CPU first`);
for (const f of files.slice(0, 25)) console.log(`${f.cpu.toFixed(1).padStart(7)}  ${f.wall.toFixed(1).padStart(7)}  ${relative(ROOT, f.file)}`);
for (const [project, cpu] of projects) console.log(`test-cpu: project ${project}: ${cpu.toFixed(0)} s of CPU in its files`);
const inFiles = files.reduce((sum, f) => sum + f.cpu, 0);
console.log(`test-cpu: the run: ${wall.toFixed(0)} s wall, ${total.toFixed(0)} s of CPU, ${inFiles.toFixed(0)} s of it in the files`);
process.exit(code);
