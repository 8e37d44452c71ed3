import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/schema';
import { FLUSH_MS, SharedRateCounters } from './rate-limit';
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

it('refuses exactly the requests past the limit when they arrive together', async () => {
  const ws = await addWorkspace(ctx, 'Rush Co', ['ADMIN']);
  const token = await consoleToken(app, ws.people[0]!.email);
  ctx.clock.set(Math.ceil(Date.now() / 60_000) * 60_000 + 1_000);
  const statuses = await Promise.all(
    Array.from({ length: 8 }, async () => (await app.request('/v1/management/api_users', { headers: { Authorization: `Bearer ${token}` } })).status),
  );
  expect(statuses.filter((s) => s === 200)).toHaveLength(3);
  expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  ctx.clock.reset();
});

it('counts in memory far from the limit, and several instances together admit at most one batch each past it', async () => {
  // Two instances' counters on one database; the limit of 1,000 makes a batch of 10.
  const instances = [new SharedRateCounters(ctx.deps.db, ctx.deps.logger), new SharedRateCounters(ctx.deps.db, ctx.deps.logger)];
  const now = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 2_000);
  let admitted = 0;
  for (let round = 0; round < 130; round++) {
    const counts = await Promise.all(instances.flatMap((counters) => Array.from({ length: 5 }, () => counters.count('CONSOLE:both', 'query', 1000, now))));
    admitted += counts.filter((n) => n <= 1000).length;
    if (round % 7 === 0) await new Promise((resolve) => setTimeout(resolve, FLUSH_MS));
  }
  expect(admitted).toBeGreaterThanOrEqual(1000);
  expect(admitted).toBeLessThanOrEqual(1000 + 2 * 10);
  // Every request reached the shared counter (the last ones at the next flush).
  await Promise.all(instances.map((counters) => counters.flushAll()));
  const [row] = await ctx.deps.db
    .select()
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.caller, 'CONSOLE:both'), eq(rateLimitCounters.category, 'query')));
  expect(row?.count).toBe(1300);
});

it('refuses at once on an instance that sat idle while another used up the limit', async () => {
  const [idle, busy] = [new SharedRateCounters(ctx.deps.db, ctx.deps.logger), new SharedRateCounters(ctx.deps.db, ctx.deps.logger)];
  const now = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3_000);
  // The idle instance reads the shared count early, far from the limit of 30.
  expect(await idle.count('CONSOLE:paused', 'query', 30, now)).toBe(1);
  expect(await idle.count('CONSOLE:paused', 'query', 30, now)).toBe(2);
  for (let i = 0; i < 28; i++) await busy.count('CONSOLE:paused', 'query', 30, now);
  await busy.flushAll();
  await new Promise((resolve) => setTimeout(resolve, 3 * FLUSH_MS));
  // What it last read (2) is too old to admit on: it reads the shared count again and refuses.
  expect(await idle.count('CONSOLE:paused', 'query', 30, now)).toBeGreaterThan(30);
});
