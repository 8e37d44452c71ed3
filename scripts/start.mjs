// `npm start`: builds the console and the service when their sources are newer than the last build
// (`npm run build` builds both), then runs the built service (plain JavaScript, no TypeScript
// loader) in this process group, passing signals on so a SIGTERM still shuts it down gracefully.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildConsoleIfStale } from './build-console.mjs';
import { buildServerIfStale } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
buildConsoleIfStale();
await buildServerIfStale();

// A page of the catalogue or the audit log is a few hundred kilobytes of JSON: with V8's default
// young generation, that garbage reached the old generation and full collections paused requests
// (the catalogue benchmark's p95 went from 15-25 ms to 11-14 ms with this). The benchmarks run the
// service in-process with the same flag (package.json).
const service = spawn(process.execPath, ['--max-semi-space-size=64', '--enable-source-maps', join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => service.kill(signal));
service.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
