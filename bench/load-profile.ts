// Where a console page's first load spends the main thread. Starts the service as `npm start` does
// with the demo workspace, signs in through the form in Debian's Chromium, then loads the page from
// an empty HTTP cache with Chromium's tracing on (its CPU sampler included). For every task over
// 50 ms (what Lighthouse's Total Blocking Time adds up) it prints the functions the task's samples
// fell in ("self") and the frames most of them passed through ("through"), named by their place in
// the sources: it builds a copy of the console with source maps and maps each frame through them.
// "(program)" is the browser's own work outside JavaScript: style, layout, parsing.
//   npm run bench:load-profile [-- --path /audit --runs 3 --data-dir DIR --top 10]
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { freePort } from '../scripts/fleet';
import { signInAsDemoAdmin, startConsoleService, stopService } from './console-service';

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/audit' },
    runs: { type: 'string', default: '3' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    'data-dir': { type: 'string' },
    top: { type: 'string', default: '10' },
  },
});
const TOP = Number(values.top);
const LONG_TASK_US = 50_000;

interface CallFrame {
  functionName: string;
  url?: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}
interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    name?: string;
    beginData?: { url?: string };
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/** A chunk's name without its content hash: `index-BAbukyen.js` → `index`. */
const chunkName = (file: string) => file.replace(/-[\w-]{8}\.js(\.map)?$/, '');

/** The console built again with source maps (hidden: the same code), keyed by chunk name. */
async function sourceMaps(): Promise<Map<string, TraceMap>> {
  const outDir = mkdtempSync(join(tmpdir(), 'asset-ops-load-profile-'));
  // Vite's build sets NODE_ENV to production in this process, which the service started next would inherit.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: 'hidden' } });
    const assets = join(outDir, 'assets');
    return new Map(
      readdirSync(assets)
        .filter((file) => file.endsWith('.js.map'))
        .map((file) => [chunkName(file), new TraceMap(readFileSync(join(assets, file), 'utf8'))]),
    );
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    rmSync(outDir, { recursive: true, force: true });
  }
}

function frameName(frame: CallFrame, maps: Map<string, TraceMap>): string {
  const file = frame.url?.match(/\/assets\/([^/]+\.js)$/)?.[1];
  const map = file && maps.get(chunkName(file));
  if (!map) return `${frame.functionName || '(anonymous)'}${frame.url ? ` ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber + 1}` : ''}`;
  const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (at.source ?? '').replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${at.name ?? (frame.functionName || '(anonymous)')} ${source}:${at.line}`;
}

/** The long tasks of one load, each with its samples counted by frame. */
function longTasks(events: TraceEvent[], maps: Map<string, TraceMap>) {
  // The thread that parsed the page's HTML is the main thread of the renderer that loads it. Times
  // count from the start of the trace, just before the navigation (its own event is not always written).
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith('http'));
  if (!parse) throw new Error('the trace holds no parsing of the page');
  const onMain = (e: TraceEvent) => e.pid === parse.pid && e.tid === parse.tid;
  const start = events.find((e) => e.name === 'TracingStartedInBrowser')?.ts ?? parse.ts;
  const nodes = new Map<number, ProfileNode>();
  const samples: { node: number; ts: number }[] = [];
  let ts = events.find((e) => e.name === 'Profile')?.args?.data?.startTime ?? 0;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk')) {
    const data = chunk.args!.data!;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data.cpuProfile?.samples ?? []).forEach((node, i) => samples.push({ node, ts: (ts += data.timeDeltas![i]!) }));
  }
  const names = new Map<number, string>();
  const nameOf = (node: ProfileNode) => names.get(node.id) ?? names.set(node.id, frameName(node.callFrame, maps)).get(node.id)!;
  return events
    .filter((e) => onMain(e) && e.name === 'RunTask' && (e.dur ?? 0) > LONG_TASK_US && e.ts >= start)
    .map((task) => {
      const self = new Map<string, number>();
      const through = new Map<string, number>();
      const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur!);
      for (const sample of inTask) {
        let node = nodes.get(sample.node);
        if (node) self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + 1);
        const seen = new Set<string>();
        for (; node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) seen.add(nameOf(node));
        for (const name of seen) through.set(name, (through.get(name) ?? 0) + 1);
      }
      return { at: (task.ts - start) / 1000, ms: task.dur! / 1000, samples: inTask.length, self, through };
    });
}

const top = (counts: Map<string, number>, total: number, skip: (name: string) => boolean) =>
  [...counts]
    .filter(([name]) => !skip(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, n]) => `      ${String(Math.round((100 * n) / total)).padStart(3)} %  ${name}`)
    .join('\n');
// React's and the scheduler's own frames are on every stack of a render; the others say what was rendered or run.
const plumbing = (name: string) => /^\((root|program|idle|garbage collector)\)|react-dom\/|scheduler\//.test(name);

const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'asset-ops-load-profile-'));
let service: ChildProcess | undefined;
try {
  console.log('Building the console with source maps, and starting the service with the demo workspace…');
  const maps = await sourceMaps();
  const port = await freePort();
  service = await startConsoleService(port, dataDir);
  const origin = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: values.chromium, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    // Lighthouse's desktop screen.
    const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
    const page = await context.newPage();
    await signInAsDemoAdmin(page, origin);
    const cdp = await context.newCDPSession(page);
    for (let run = 1; run <= Number(values.runs); run++) {
      await page.goto('about:blank');
      await cdp.send('Network.clearBrowserCache');
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler'] });
      await page.goto(origin + values.path);
      // The first page of the list, the histogram and what follows them have drawn by then.
      await page.waitForTimeout(4_000);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      const tasks = longTasks(trace.traceEvents, maps);
      const blocking = tasks.reduce((sum, t) => sum + t.ms - 50, 0);
      console.log(`\nrun ${run}: ${tasks.length} task(s) over 50 ms on ${values.path}, ${blocking.toFixed(0)} ms over 50 ms in all`);
      for (const task of tasks) {
        console.log(`  ${task.ms.toFixed(0)} ms at ${task.at.toFixed(0)} ms (${task.samples} samples)`);
        console.log(`    self:\n${top(task.self, task.samples, () => false)}`);
        console.log(`    through (React's and the scheduler's frames left out):\n${top(task.through, task.samples, plumbing)}`);
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await stopService(service);
  if (!values['data-dir']) rmSync(dataDir, { recursive: true, force: true });
}
