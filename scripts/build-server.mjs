// Builds the service and the operator CLI into plain JavaScript (dist/server/main.js and cli.js)
// with esbuild, and copies beside them the files they read at run time (migrations, shipped data,
// logos) under their paths in src/server (src/server/server-file.ts finds them there), and makes
// the migrated empty database a new data folder starts from. A release is dist/ plus
// `npm ci --omit=dev` (for PGlite, the one dependency left outside the bundle): no TypeScript loader.
// Why esbuild: it turns the TypeScript into JavaScript in about a second, resolves the sources'
// extensionless imports (which tsc would emit as is, and Node's ESM loader refuses), and is
// already installed with Vite; tsc still type-checks (`npm run typecheck`).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { staleBuild } from './stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'dist/server');
const SERVER_SOURCES = ['src/server', 'src/contract', 'src/cli', 'package.json', 'package-lock.json'];
const RUNTIME_FILES = /(^|\/)(migrations|data|logos)(\/|$)/;

function runtimeFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return runtimeFiles(path);
    const rel = relative(join(root, 'src/server'), path);
    return RUNTIME_FILES.test(rel) && !/\.(ts|tsx)$/.test(name) ? [rel] : [];
  });
}

/** How the service is bundled, for a release and for tests (bundleForTests). */
const SERVICE_BUNDLE = {
  absWorkingDir: root,
  bundle: true,
  // Dependencies are bundled too: a start then reads one file instead of resolving and loading a
  // few hundred modules, which took about half a second of every start. PGlite stays outside: it
  // finds its WebAssembly and data files beside its own module.
  external: ['@electric-sql/pglite', '@electric-sql/pglite/*'],
  // Bundled CommonJS modules call require() for Node's own modules, which an ES module has not.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
};

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    ...SERVICE_BUNDLE,
    entryPoints: { main: 'src/server/main.ts', cli: 'src/cli/main.ts', 'make-empty-database': 'src/server/make-empty-database.ts' },
    outdir,
    sourcemap: true,
  });
  for (const rel of runtimeFiles(join(root, 'src/server'))) cpSync(join(root, 'src/server', rel), join(outdir, rel));
  // The migrated empty database a new data folder starts from (src/server/db/client.ts says why),
  // made by the built code itself so that it matches this build's migrations and catalogue.
  const made = spawnSync(process.execPath, [join(outdir, 'make-empty-database.js')], { cwd: root, stdio: 'inherit' });
  if (made.status !== 0) throw new Error('the release build could not make its empty database');
}

/**
 * Bundles one entry of the service's sources (`src/server/main.ts`, a test's own) for tests that
 * start the service as a process of their own, as often as they need: started through tsx, a
 * service spent about half of its start's CPU (7 of 14 s) compiling and loading a few hundred
 * modules. The bundle goes to a temporary folder beside links to src/server's folders and
 * node_modules, so the files the service reads at run time (src/server/server-file.ts) and PGlite,
 * left outside the bundle, are found as from the sources. Answers the file and what removes it.
 */
export async function bundleForTests(entry) {
  const dir = mkdtempSync(join(tmpdir(), 'ao-service-bundle-'));
  for (const name of readdirSync(join(root, 'src/server'))) symlinkSync(join(root, 'src/server', name), join(dir, name));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const file = join(dir, 'service.mjs');
  await build({ ...SERVICE_BUNDLE, entryPoints: [entry], outfile: file, sourcemap: true });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Builds the service when its sources are newer than the last build (`npm start` calls it). */
export async function buildServerIfStale() {
  const builtAt = staleBuild(root, join(outdir, 'main.js'), SERVER_SOURCES);
  if (builtAt === null) return;
  console.log(builtAt ? 'The service sources changed: rebuilding it…' : 'Building the service (first start)…');
  await buildServer();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
