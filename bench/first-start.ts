// Benchmark of the release's start: the built service (`node dist/server/main.js`, as `npm start`
// runs it) on an empty data folder, to ready (its banner), to a demo person signed in, and to the
// demo's year of audit history complete in the background; meanwhile, how long the explorer's
// progress question takes to answer (the console stays usable while the history is written). Then
// a stop during the history (SIGTERM to exit) and a start on the same folder, which resumes it, and
// a start on a complete folder. The machine's load is printed with the figures: they scale with it.
// Prints; does not judge.
//   npm run bench:first-start
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { procCpuSeconds } from './proc-cpu';

const ROOT = new URL('..', import.meta.url).pathname;
const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
if (built.status !== 0) process.exit(1);

const dir = mkdtempSync(join(tmpdir(), 'ao-bench-first-start-'));
const dataDir = join(dir, 'data');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Started {
  child: ChildProcess;
  at: number;
  /** Milliseconds from the spawn until the output matches, and the match. */
  when(pattern: RegExp): Promise<{ ms: number; match: RegExpExecArray }>;
}

function start(): Started {
  const at = performance.now();
  const child = spawn(process.execPath, ['--max-semi-space-size=64', join(ROOT, 'dist/server/main.js')], {
    cwd: dir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', DRAIN_DELAY_MS: '0', DEMO: 'true', DEMO_PASSWORD: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiting: { pattern: RegExp; resolve: (found: { ms: number; match: RegExpExecArray }) => void }[] = [];
  const look = () => {
    for (const w of [...waiting]) {
      const match = w.pattern.exec(output);
      if (match) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve({ ms: performance.now() - at, match });
      }
    }
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    look();
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    at,
    when: (pattern) =>
      new Promise((resolve, reject) => {
        waiting.push({ pattern, resolve });
        look();
        child.once('exit', (code) => reject(new Error(`the service exited (${code}) before printing ${pattern}:\n${output}`)));
      }),
  };
}

async function stop(service: Started): Promise<number> {
  const asked = performance.now();
  const exited = new Promise<void>((resolve) => service.child.once('exit', () => resolve()));
  service.child.kill('SIGTERM');
  await exited;
  return performance.now() - asked;
}

const ready = (service: Started) => service.when(/^\s+API\s+(http:\/\/\S+)\/v1$/m);

/**
 * The CPU time the service has used (user and system, Linux's /proc): the machine is shared, so wall
 * times grow with its load, while this is about what an idle machine's wall time would be.
 */
function cpuSeconds(service: Started): number | undefined {
  try {
    return procCpuSeconds(service.child.pid!);
  } catch {
    return undefined;
  }
}
const cpu = (service: Started) => {
  const used = cpuSeconds(service);
  return used === undefined ? '' : ` (${used.toFixed(1)} s of CPU)`;
};

async function signIn(url: string, password: string): Promise<string> {
  const res = await fetch(`${url}/v1/auth/sign_in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Asks for the history's progress every half second until it is complete: the answers' latencies. */
async function watchProgress(url: string, token: string, until: Promise<unknown>) {
  const latencies: number[] = [];
  let done = false;
  void until.then(() => (done = true));
  while (!done) {
    const asked = performance.now();
    await fetch(`${url}/v1/management/audit_logs/demo_history`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.text());
    latencies.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, p50: latencies[Math.floor(latencies.length / 2)] ?? 0, max: latencies.at(-1) ?? 0 };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

try {
  console.log(`load average before: ${load()} (2 cores here: figures grow with the load)`);
  const first = start();
  const complete = first.when(/demo history: complete/);
  const { ms: readyMs, match } = await ready(first);
  const readyCpu = cpu(first);
  const url = match[1]!;
  const password = (await first.when(/Demo password: (\S+)/)).match[1]!;
  const token = await signIn(url, password);
  const signedInMs = performance.now() - first.at;
  const signedInCpu = cpu(first);
  const latency = await watchProgress(url, token, complete);
  const { ms: completeMs } = await complete;
  console.log(`first start, empty folder: ready ${seconds(readyMs)}${readyCpu}, admin signed in ${seconds(signedInMs)}${signedInCpu}`);
  console.log(`  history of 100,000 events complete ${seconds(completeMs)}${cpu(first)}`);
  console.log(
    `  while it was written: the progress question answered in p50 ${latency.p50.toFixed(0)} ms, max ${latency.max.toFixed(0)} ms (${latency.n} asked)`,
  );
  await stop(first);

  // A stop during the history, and the start that resumes it: on a folder of its own.
  rmSync(dataDir, { recursive: true, force: true });
  const interrupted = start();
  await ready(interrupted);
  await interrupted.when(/demo history: 20,000 of/);
  const stopMs = await stop(interrupted);
  const resumed = start();
  const { ms: resumedReadyMs } = await ready(resumed);
  const resumedCpu = cpu(resumed);
  const resumedAt = (await resumed.when(/demo history: writing the other ([\d,]+) events/)).match[1]!;
  const { ms: resumedCompleteMs } = await resumed.when(/demo history: complete/);
  console.log(`stopped during the history: exited ${seconds(stopMs)} after SIGTERM`);
  console.log(`  next start: ready ${seconds(resumedReadyMs)}${resumedCpu}, resumed with ${resumedAt} events to write, complete ${seconds(resumedCompleteMs)}`);
  await stop(resumed);

  // Five starts on the complete folder: one start's time varies by a few tenths with the machine.
  const starts: { ms: number; cpu: string }[] = [];
  for (let i = 0; i < 5; i++) {
    const again = start();
    const { ms } = await ready(again);
    starts.push({ ms, cpu: cpu(again) });
    await stop(again);
  }
  const median = [...starts].sort((a, b) => a.ms - b.ms)[2]!;
  console.log(`start on an existing, complete folder (5 starts): median ready ${seconds(median.ms)}${median.cpu}`);
  console.log(`  each: ${starts.map((s) => seconds(s.ms)).join(', ')}`);
  console.log(`load average after: ${load()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
