import type { TestProject } from 'vitest/node';
import { bundleForTests } from '../../../scripts/build-server.mjs';

/**
 * A Vitest global setup that bundles one entry of the service once per run and gives its file to
 * the tests under `name`: the tests start it as a process of their own, as often as they need,
 * rather than its sources through tsx each time (scripts/build-server.mjs says what that saves).
 */
export function bundleSetup(entry: string, name: 'serviceBundle' | 'realServiceBundle' | 'cliBundle') {
  return async (project: TestProject) => {
    const bundle = await bundleForTests(entry);
    project.provide(name, bundle.file);
    return bundle.remove;
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** This checkout's service (src/server/main.ts), for the instances the fleet and server suites start (service-bundle.ts). */
    serviceBundle: string;
    /** The component tests' real service (src/web/test/real-service-bundle.ts). */
    realServiceBundle: string;
    /** The operator CLI (src/cli/main.ts), for the server suite's tests that run it (cli-bundle.ts). */
    cliBundle: string;
  }
}
