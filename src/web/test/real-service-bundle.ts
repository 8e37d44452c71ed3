import type { TestProject } from 'vitest/node';
import { bundleForTests } from '../../../scripts/build-server.mjs';

/**
 * Vitest's global setup for the component tests: bundles the real service they start
 * (serve-real-service.ts), once per run rather than compiled by tsx at each of the suite's starts,
 * one per file (scripts/build-server.mjs says what that saves).
 */
export default async function bundleRealService(project: TestProject) {
  const bundle = await bundleForTests('src/web/test/serve-real-service.ts');
  project.provide('realServiceBundle', bundle.file);
  return bundle.remove;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled real service's file, for real-service.ts. */
    realServiceBundle: string;
  }
}
