import type { TestProject } from 'vitest/node';
import { bundleForTests } from '../scripts/build-server.mjs';

/**
 * The fleet suite's global setup: bundles this checkout's service once, and every instance the
 * suite starts (a dozen or more, restarts included) runs the bundle rather than the sources through
 * tsx (scripts/build-server.mjs says what that saves).
 */
export default async function bundleService(project: TestProject) {
  const bundle = await bundleForTests('src/server/main.ts');
  project.provide('serviceBundle', bundle.file);
  return bundle.remove;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled service's file, for startFleet's and startInstance's `main`. */
    serviceBundle: string;
  }
}
