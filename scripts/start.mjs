// `npm start`: builds the console when its sources are newer than the last build, then runs the
// service in this process group, passing signals on so a SIGTERM still shuts it down gracefully.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/contract', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((s) => newest(join(root, s))))) {
  console.log(builtAt ? 'The console sources changed: rebuilding it…' : 'Building the console (first start)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The console build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

// A page of the catalogue or the audit log is a few hundred kilobytes of JSON: with V8's default
// young generation, that garbage reached the old generation and full collections paused requests
// (the catalogue benchmark's p95 went from 15-25 ms to 11-14 ms with this). The benchmarks run the
// service in-process with the same flag (package.json).
const service = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', join(root, 'src/server/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => service.kill(signal));
service.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
