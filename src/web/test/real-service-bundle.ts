import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { SERVICE_BUNDLE } from '../../../scripts/build-server.mjs';

/**
 * Vitest's global setup for the component tests: bundles the real service they start
 * (serve-real-service.ts) into one JavaScript file, once per run. Started through tsx, every
 * service spent about half of its start's CPU (7 of 14 s) compiling and loading a few hundred
 * modules, and the suite starts one per file; the bundle loads in a fraction of that. It is built as
 * the release build builds the service (scripts/build-server.mjs), beside links to src/server's
 * folders and node_modules, so the files the service reads at run time (src/server/server-file.ts)
 * and PGlite, left outside the bundle, are found as from the sources.
 */
export default async function bundleRealService(project: TestProject) {
  const root = SERVICE_BUNDLE.absWorkingDir!;
  const dir = mkdtempSync(join(tmpdir(), 'ao-real-service-'));
  for (const name of readdirSync(join(root, 'src/server'))) symlinkSync(join(root, 'src/server', name), join(dir, name));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const outfile = join(dir, 'serve-real-service.mjs');
  await build({ ...SERVICE_BUNDLE, entryPoints: ['src/web/test/serve-real-service.ts'], outfile });
  project.provide('realServiceBundle', outfile);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled real service's file, for real-service.ts. */
    realServiceBundle: string;
  }
}
