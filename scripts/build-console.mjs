// Builds the console when its sources are newer than the last build (`npm start` and `npm run fleet`
// call it before starting the service, which serves dist/web). Exits non-zero when the build fails.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBuild } from './stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/contract', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

/** Builds the console into `outDir` (dist/web by default); exits non-zero when the build fails. */
export function buildConsole(outDir) {
  const where = outDir ? ['--outDir', outDir, '--emptyOutDir'] : [];
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', ...where, '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The console build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

export function buildConsoleIfStale() {
  const builtAt = staleBuild(root, built, sources);
  if (builtAt === null) return;
  console.log(builtAt ? 'The console sources changed: rebuilding it…' : 'Building the console (first start)…');
  buildConsole();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildConsoleIfStale();
