// Bundle report with budgets: builds the console into dist/web with Vite's manifest (the build the
// service serves, so `npm test`'s browser suite uses it instead of building again; the manifest is
// removed once read), follows the module graph from index.html to each first screen, and prints
// the JavaScript each one loads before it can draw, gzip-compressed as the browser receives it. Exits 1 when a screen exceeds its budget.
//   npm run check:bundle [-- --sign-in 100 --signed-in 300]   (budgets in KB of gzip, 1 KB = 1,000 bytes)
// The budgets hold what has been reached, so nothing grows back unnoticed; issue #16's targets
// (120 KB for sign-in, 200 KB for any first screen after it) are printed beside them until met.
// A first screen is index.html's entry and what it imports statically (the whole sign-in screen,
// whose form is part of the entry), plus, signed in, the lazy chunks the route needs at once: the
// shell's chunks (the layout and the navbar's pending-approvals badge) and the page's chunk, each
// with their static imports.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** What every signed-in screen loads besides its page, when these are chunks of their own: the router (main.tsx starts it), the shell. */
const SHELL = ['src/web/app/console-router.tsx', 'src/web/app/layout/app-layout.tsx', 'src/web/features/admin/pending-approvals-badge.tsx'];
const isFeaturePage = (key: string) => /^src\/web\/features\/.+-page\.tsx$/.test(key);

/** The chunk files a set of manifest entries loads before running: each one and its static imports, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

const TARGETS = { signIn: 120_000, signedIn: 200_000 };
const { values } = parseArgs({
  options: {
    'sign-in': { type: 'string', default: '100' },
    'signed-in': { type: 'string', default: '300' },
  },
});
const budgets = { signIn: Number(values['sign-in']) * 1000, signedIn: Number(values['signed-in']) * 1000 };
if (!Number.isFinite(budgets.signIn) || !Number.isFinite(budgets.signedIn)) throw new Error('budgets are numbers of KB');

const outDir = 'dist/web';
const manifestDir = join(outDir, '.vite');
try {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  const manifest = JSON.parse(readFileSync(join(manifestDir, 'manifest.json'), 'utf8')) as Manifest;
  const gzipped = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) gzipped.set(file, (size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length));
    return size;
  };

  const shell = SHELL.filter((key) => manifest[key]?.isDynamicEntry);
  const screens = [
    { name: '/sign-in', keys: ['index.html'], budget: budgets.signIn, target: TARGETS.signIn },
    ...Object.keys(manifest)
      .filter(isFeaturePage)
      .map((key) => ({
        name: key.replace(/^src\/web\/features\//, ''),
        keys: ['index.html', ...shell, key],
        budget: budgets.signedIn,
        target: TARGETS.signedIn,
      })),
  ].map((screen) => {
    const files = staticClosure(manifest, screen.keys);
    return { ...screen, chunks: files.size, bytes: [...files].reduce((sum, file) => sum + gzipSize(file), 0) };
  });

  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  console.log(`Initial JavaScript per first screen (gzip; signed-in screens include the shell: ${shell.join(', ') || 'in the entry'})`);
  const [signIn, ...signedIn] = screens;
  signedIn.sort((a, b) => b.bytes - a.bytes);
  let failed = 0;
  for (const screen of [signIn!, ...signedIn]) {
    const over = screen.bytes > screen.budget;
    if (over) failed++;
    const target = screen.bytes > screen.target ? `, target ${kb(screen.target)} not met` : '';
    console.log(
      `${over ? 'OVER' : 'ok  '}  ${screen.name.padEnd(40)} ${kb(screen.bytes).padStart(9)} in ${String(screen.chunks).padStart(2)} chunks  (budget ${kb(screen.budget)}${target})`,
    );
  }
  if (failed) {
    console.error(`${failed} first screen(s) over budget: split what they do not need at once into lazy chunks.`);
    process.exitCode = 1;
  }
} finally {
  rmSync(manifestDir, { recursive: true, force: true });
}
