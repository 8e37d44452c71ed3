import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../env';
import { buildApp, createTestContext, jsonCaller, type TestContext } from './harness';

type App = ReturnType<typeof buildApp>;

/**
 * The app a test file runs against, on a database of its own: opened before the file's tests (and
 * before the file's own beforeAll, when this is called first), closed after them. `ctx` is filled
 * in and `app` answers once it is open, so both can be taken at the top of the file.
 */
export function testApp(configOverrides: Partial<Config> = {}) {
  const ctx = {} as TestContext;
  let opened: App | undefined;
  beforeAll(async () => {
    Object.assign(ctx, await createTestContext(configOverrides));
    opened = buildApp(ctx);
  });
  afterAll(() => ctx.database.close());
  const app = { request: (...args: Parameters<App['request']>) => opened!.request(...args) };
  /** JSON requests as `token` (jsonCaller). */
  return { ctx, app, call: jsonCaller(app) };
}
