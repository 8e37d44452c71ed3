import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import { session } from '../../lib/session';

export const TEST_SERVICE_PASSWORD = 'webhooks-console-test-1';

export interface TestService {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the real service (serve-test-webhooks.ts) in a Node process of its own, with `node`
 * directly so that stopping it stops the service, and answers once it listens.
 */
export async function startTestService(): Promise<TestService> {
  // A path rather than new URL(…, import.meta.url), which Vite would turn into an asset address.
  const script = join(dirname(fileURLToPath(import.meta.url)), 'serve-test-webhooks.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, TEST_SERVICE_PASSWORD, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`the test service exited with ${code}: ${errors}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// The fetch of the test process itself, before any test replaces it.
const realFetch = globalThis.fetch;

/** Sends the console's calls to the service (the console calls relative paths) and signs its session in. */
export async function signInTo(service: TestService, email: string) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => realFetch(new URL(String(input), service.url), init));
  await session.signIn({ email, password: TEST_SERVICE_PASSWORD });
}

/** A call of the test's own to the service, as the signed-in user, outside the console. */
export async function callService(service: TestService, path: string, init: RequestInit = {}): Promise<Response> {
  const state = session.getSnapshot();
  if (state.status !== 'signed-in') throw new Error('sign in first');
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${state.accessToken}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  return realFetch(new URL(path, service.url), { ...init, headers });
}
