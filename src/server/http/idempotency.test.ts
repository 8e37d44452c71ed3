import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IDEMPOTENCY_AFTER_ERROR_MESSAGE } from '../../contract/errors';
import { addWorkspace, buildApp, consoleToken, createTestContext, type TestContext } from '../test/harness';
import { guard } from './authenticate';

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let token: string;
let email: string;
let executions = 0;
let release: () => void = () => undefined;

beforeAll(async () => {
  ctx = await createTestContext();
  // Probe operations behind the real guard of an idempotent operation, so the middleware is
  // exercised exactly as a real write uses it: one that counts executions, one that can be held
  // open, and one that fails inside.
  app = buildApp(ctx, (a) => {
    for (const middleware of guard(ctx.deps, 'setApiUserEnabled')) a.use('/v1/probe/*', middleware);
    const Body = z.strictObject({ amount: z.string().regex(/^\d+(\.\d+)?$/) });
    a.post('/v1/probe/count', async (c) => {
      const parsed = Body.safeParse(await c.req.json());
      if (!parsed.success) return c.json({ message: 'amount must be a decimal string', code: 400 }, 400);
      executions += 1;
      return c.json({ execution: executions, amount: parsed.data.amount }, 201);
    });
    a.post('/v1/probe/hold', async (c) => {
      await new Promise<void>((resolve) => (release = resolve));
      return c.json({ held: true }, 200);
    });
    a.post('/v1/probe/fail', () => {
      throw new Error('boom');
    });
  });
  const ws = await addWorkspace(ctx, 'Idem Co', ['ADMIN', 'ADMIN']);
  email = ws.people[0]!.email;
  token = await consoleToken(app, email);
});
afterAll(() => ctx.database.close());

const post = (path: string, key: string | undefined, body: unknown, bearer = token) =>
  app.request(path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  });

describe('Idempotency-Key', () => {
  it('replays the first response (status, body and X-Request-ID) and does not execute twice', async () => {
    const before = executions;
    const first = await post('/v1/probe/count', 'key-replay', { amount: '1.50' });
    const second = await post('/v1/probe/count', 'key-replay', { amount: '1.50' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    expect(second.headers.get('x-request-id')).toBe(first.headers.get('x-request-id'));
    expect(executions).toBe(before + 1);
  });

  it('refuses the same key with a different body (400)', async () => {
    await post('/v1/probe/count', 'key-bound', { amount: '1' });
    const res = await post('/v1/probe/count', 'key-bound', { amount: '2' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/different request/);
  });

  it('keys belong to their caller: another user with the same key executes on its own', async () => {
    const ws = await addWorkspace(ctx, 'Other Co', ['ADMIN']);
    const other = await consoleToken(app, ws.people[0]!.email);
    const before = executions;
    await post('/v1/probe/count', 'key-shared', { amount: '1' });
    await post('/v1/probe/count', 'key-shared', { amount: '1' }, other);
    expect(executions).toBe(before + 2);
  });

  it('answers 409 while the first request is still running, and replays once it finished', async () => {
    const first = post('/v1/probe/hold', 'key-hold', {});
    await new Promise((r) => setTimeout(r, 100));
    const during = await post('/v1/probe/hold', 'key-hold', {});
    expect(during.status).toBe(409);
    release();
    expect((await first).status).toBe(200);
    const after = await post('/v1/probe/hold', 'key-hold', {});
    expect(after.status).toBe(200);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
  });

  it('refuses reuse after an internal error with the spec message (400)', async () => {
    const first = await post('/v1/probe/fail', 'key-fail', {});
    expect(first.status).toBe(500);
    expect(await first.json()).toEqual({ message: 'Internal server error', code: 500 });
    const again = await post('/v1/probe/fail', 'key-fail', {});
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(IDEMPOTENCY_AFTER_ERROR_MESSAGE);
  });

  it('stores nothing for a request that failed validation, so the corrected request can use the key', async () => {
    const bad = await post('/v1/probe/count', 'key-fixme', { amount: 'lots' });
    expect(bad.status).toBe(400);
    const fixed = await post('/v1/probe/count', 'key-fixme', { amount: 'lots' });
    expect(fixed.status).toBe(400); // executed again, not replayed
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('executes exactly once under 12 concurrent duplicates on the real database', async () => {
    const before = executions;
    const results = await Promise.all(Array.from({ length: 12 }, () => post('/v1/probe/count', 'key-storm', { amount: '7' })));
    const statuses = results.map((r) => r.status);
    expect(executions).toBe(before + 1);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
  });

  it('expires a key after 24 hours', async () => {
    const before = executions;
    await post('/v1/probe/count', 'key-old', { amount: '3' });
    ctx.clock.set(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    // Same caller, a day later (with a session token valid at that time).
    const later = await consoleToken(app, email);
    expect((await post('/v1/probe/count', 'key-old', { amount: '3' }, later)).headers.get('idempotent-replayed')).toBeNull();
    ctx.clock.reset();
    expect(executions).toBe(before + 2);
  });

  it('rejects a malformed key', async () => {
    const res = await post('/v1/probe/count', 'has spaces in it', { amount: '1' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/Idempotency-Key/);
  });
});
