import { afterAll, beforeAll, expect, it } from 'vitest';
import { addWorkspace, buildApp, consoleToken, createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: { write: 2, query: 3, external_query: 3, high_compute: 1 } });
  app = buildApp(ctx);
});
afterAll(() => ctx.database.close());

it('limits each caller per category per minute with 429, Retry-After and the error body', async () => {
  const ws = await addWorkspace(ctx, 'Busy Co', ['ADMIN', 'ADMIN']);
  const [first, second] = await Promise.all(ws.people.map((p) => consoleToken(app, p.email)));
  ctx.clock.set(Math.ceil(Date.now() / 60_000) * 60_000 + 1_000); // the start of a fresh window
  const list = (t: string) => app.request('/v1/management/api_users', { headers: { Authorization: `Bearer ${t}` } });
  for (let i = 0; i < 3; i++) expect((await list(first!)).status).toBe(200);
  const limited = await list(first!);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBe(59);
  expect(await limited.json()).toMatchObject({ code: 429, message: expect.stringMatching(/at most 3 query requests per minute/) });
  // Another caller has its own allowance; a write has its own category.
  expect((await list(second!)).status).toBe(200);
  // The next minute starts afresh.
  ctx.clock.set(ctx.clock.now().getTime() + 60_000);
  expect((await list(first!)).status).toBe(200);
  ctx.clock.reset();
});
