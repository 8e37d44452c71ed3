// An earlier release of Asset Ops, checked out from this repository's git history into a folder of
// its own and built by its own build script, to run beside this checkout: the upgrade fixture
// (scripts/upgrade-fixture.ts) is written by one, and the rolling-upgrade fleet test
// (fleet/rolling-upgrade.test.ts) starts instances of one and replaces them with this release.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ReleaseCheckout {
  /** The full commit hash. */
  commit: string;
  /** Its package.json's version. */
  version: string;
  dir: string;
  /** Its built service, to start with `node` (startInstance's `main`). */
  main: string;
  /**
   * Seeds its demo workspace with its own code, as its first start would, but with `auditEvents`
   * events of history instead of a year's (its start takes no setting for that). Returns its seed's result.
   */
  seedDemo(
    database: { DATABASE_URL: string } | { DATA_DIR: string },
    options: { password: string; keyDir: string; auditEvents: number },
  ): { workspaceId: string };
  remove(): void;
}

function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', cwd: ROOT, ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${String(result.stderr)}`);
  return String(result.stdout);
}

/** The full hash of `revision` (a commit, a tag), or undefined when this clone's history lacks it. */
export function resolveCommit(revision: string): string | undefined {
  const result = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`], { cwd: ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

type LockedPackages = Record<string, { version?: string; integrity?: string; dev?: boolean; devOptional?: boolean }>;

/**
 * Whether every package `dir`'s release installs for production (its lockfile's entries that are not
 * only for development) is in this checkout's lockfile at the same place, version and content. Its
 * root entry is left out: it names its own version, which every release changes.
 */
function sameProductionPackages(dir: string): boolean {
  const packages = (folder: string) => (JSON.parse(readFileSync(join(folder, 'package-lock.json'), 'utf8')) as { packages: LockedPackages }).packages;
  const mine = packages(ROOT);
  return Object.entries(packages(dir)).every(
    ([path, entry]) => path === '' || entry.dev || entry.devOptional || (mine[path]?.version === entry.version && mine[path]?.integrity === entry.integrity),
  );
}

/**
 * Extracts `revision` with `git archive` into a temporary folder and builds its service there. Its
 * dependencies are this checkout's node_modules when every production package of its lockfile is
 * this checkout's, at the same version (a symbolic link: nothing installed; its development tools may
 * differ, and its build and seed use this checkout's), else its own production dependencies (`npm ci
 * --omit=dev` in the folder), with this checkout's esbuild and tsx linked beside them for its build
 * and its seed: the release runs what it shipped, and about a tenth of its packages are installed
 * (the rest are its test and build tools: browsers, linters, a local chain).
 */
export function checkoutRelease(revision: string): ReleaseCheckout {
  const commit = resolveCommit(revision);
  if (!commit) throw new Error(`${revision} is not a commit of this clone (a shallow clone lacks the history: git fetch --unshallow --tags)`);
  const dir = mkdtempSync(join(tmpdir(), 'ao-release-'));
  try {
    const archive = join(dir, 'release.tar');
    run('git', ['archive', '--format=tar', '-o', archive, commit]);
    run('tar', ['-xf', archive, '-C', dir]);
    rmSync(archive);
    if (sameProductionPackages(dir)) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    else {
      // No install scripts: of its production packages only a usage-analytics one has any.
      run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir });
      for (const tool of ['esbuild', 'tsx']) symlinkSync(join(ROOT, 'node_modules', tool), join(dir, 'node_modules', tool), 'dir');
    }
    run(process.execPath, ['scripts/build-server.mjs'], { cwd: dir });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  const module = (path: string) => JSON.stringify(pathToFileURL(join(dir, path)).href);
  return {
    commit,
    version,
    dir,
    main: join(dir, 'dist/server/main.js'),
    seedDemo: (database, options) => {
      // Run by the release's own sources (through tsx) in a process of its own, so that its code,
      // not this checkout's, writes the workspace.
      // A release opens the service's database (with its shipped data) by src/server/database.ts, an older one by db/client.ts.
      const opener = existsSync(join(dir, 'src/server/database.ts')) ? 'src/server/database.ts' : 'src/server/db/client.ts';
      const script = `
        const { openDatabase } = await import(${module(opener)});
        const { seedDemo } = await import(${module('src/server/demo/seed.ts')});
        const target = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR };
        const database = await openDatabase(target);
        const seeded = await seedDemo(database.db, ${JSON.stringify(options)});
        await database.close();
        console.log(JSON.stringify(seeded));`;
      const output = run(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
        cwd: dir,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...database },
      });
      return JSON.parse(output.trim().split('\n').pop()!) as { workspaceId: string };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
