// Builds the console when its sources are newer than the last build (`npm start` and `npm run fleet`
// call it before starting the service, which serves dist/web). Exits non-zero when the build fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/contract', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function buildConsoleIfStale() {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map((s) => newest(join(root, s))))) return;
  console.log(builtAt ? 'The console sources changed: rebuilding it…' : 'Building the console (first start)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The console build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildConsoleIfStale();
