import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IDEMPOTENCY_AFTER_ERROR_MESSAGE } from '../../contract/errors';
import { queryRows } from '../db/rows';
import { addWorkspace, buildApp, consoleToken, createTestContext, type TestContext } from '../test/harness';
import { setApiUserEnabled } from '../../contract/routes/admin';
import { guard } from './guard';
import type { Db } from '../db/client';
import { GroupCommit } from './group-commit';
import { commitWithResponse } from './idempotency';

let ctx: TestContext;
let probes: NonNullable<Parameters<typeof buildApp>[1]>;
let app: ReturnType<typeof buildApp>;
let token: string;
let email: string;
let executions = 0;
let databaseGone = 0;
let deadlocks = 0;
/** While true, the database of /v1/probe-away/* refuses every statement, as one that went away does. */
let databaseAway = false;
let awayAttempts = 0;
let release: () => void = () => undefined;
// Called when /v1/probe/hold is entered, that is once its key is claimed.
let entered: () => void = () => undefined;
// Requests of /v1/probe/effect held where a process could die: before its write, or after the
// write committed but before the response left.
const stalled = new Map<string, () => void>();
const stall = (tag: string) => new Promise<void>((resolve) => stalled.set(tag, resolve));
const LEASE_MS = 30_000;
let groupsTried = 0;
let grouped: GroupCommit<string, { id: number }>;

beforeAll(async () => {
  ctx = await createTestContext();
  const insert = (tx: Db, tags: string[]) =>
    queryRows<{ id: number }>(tx, sql`insert into probe_effects (tag) select jsonb_array_elements_text(${JSON.stringify(tags)}::jsonb) returning id`);
  grouped = new GroupCommit(ctx.deps.db, {
    one: async (tx, tag) => (await insert(tx, [tag]))[0]!,
    all: async (tx, tags) => {
      groupsTried += 1;
      return insert(tx, tags);
    },
  });
  // Probe operations behind the real guard of an idempotent operation, so the middleware is
  // exercised exactly as a real write uses it: one that counts executions, one that can be held
  // open, and one that fails inside.
  probes = (a) => {
    for (const middleware of guard(ctx.deps, setApiUserEnabled)) a.use('/v1/probe/*', middleware);
    const Body = z.strictObject({ amount: z.string().regex(/^\d+(\.\d+)?$/) });
    a.post('/v1/probe/count', async (c) => {
      const parsed = Body.safeParse(await c.req.json());
      if (!parsed.success) return c.json({ message: 'amount must be a decimal string', code: 400 }, 400);
      executions += 1;
      return c.json({ execution: executions, amount: parsed.data.amount }, 201);
    });
    a.post('/v1/probe/hold', async (c) => {
      entered();
      await new Promise<void>((resolve) => (release = resolve));
      return c.json({ held: true }, 200);
    });
    a.post('/v1/probe/fail', () => {
      throw new Error('boom');
    });
    // Fails the first time as a request does whose database connection drops (node-postgres's error).
    a.post('/v1/probe/database-gone', (c) => {
      databaseGone += 1;
      if (databaseGone === 1) throw new Error('Connection terminated unexpectedly');
      return c.json({ attempt: databaseGone }, 201);
    });
    // The same, on a database that stays away after the failure, so that the request's lease
    // cannot be given up when it answers 503 (its release fails too).
    const away = new Proxy(ctx.deps.db, {
      get(target, property, receiver) {
        if (databaseAway && ['select', 'insert', 'update', 'delete', 'execute', 'transaction'].includes(String(property))) {
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    for (const middleware of guard({ ...ctx.deps, db: away }, setApiUserEnabled)) a.use('/v1/probe-away/*', middleware);
    a.post('/v1/probe-away/gone', (c) => {
      awayAttempts += 1;
      if (awayAttempts === 1) {
        databaseAway = true;
        throw new Error('Connection terminated unexpectedly');
      }
      return c.json({ attempt: awayAttempts }, 201);
    });
    // A write with a real effect in the database, committed the way the service's writes commit
    // theirs. X-Probe-Stall (not part of the request's fingerprint) holds it where a process can die.
    a.post('/v1/probe/effect', async (c) => {
      const { tag } = z.strictObject({ tag: z.string() }).parse(await c.req.json());
      const at = c.req.header('X-Probe-Stall');
      if (at === 'before') await stall(tag);
      const res = await commitWithResponse(
        c,
        ctx.deps.db,
        async (tx) => (await queryRows<{ id: number }>(tx, sql`insert into probe_effects (tag) values (${tag}) returning id`))[0]!,
        (row) => c.json({ effect: row.id }, 201),
      );
      if (at === 'after') await stall(tag);
      return res;
    });
    // A write the database rolls back to break a deadlock the first time, after its effect was
    // written in the transaction (PostgreSQL's error, as node-postgres raises it and drizzle wraps it).
    a.post('/v1/probe/deadlock', async (c) => {
      deadlocks += 1;
      const attempt = deadlocks;
      return commitWithResponse(
        c,
        ctx.deps.db,
        async (tx) => {
          const [row] = await queryRows<{ id: number }>(tx, sql`insert into probe_effects (tag) values ('deadlock') returning id`);
          if (attempt === 1) throw new Error('Failed query', { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });
          return row!;
        },
        (row) => c.json({ effect: row.id }, 201),
      );
    });
    // The same write through a group commit, as transfers are committed.
    a.post('/v1/probe/grouped', async (c) => {
      const { tag } = z.strictObject({ tag: z.string() }).parse(await c.req.json());
      if (c.req.header('X-Probe-Stall') === 'before') await stall(tag);
      return grouped.commit(c, tag, (row) => c.json({ effect: row.id }, 201));
    });
  };
  app = buildApp(ctx, probes);
  await ctx.database.db.execute(sql`create table probe_effects (id serial primary key, tag text not null)`);
  const ws = await addWorkspace(ctx, 'Idem Co', ['ADMIN', 'ADMIN']);
  email = ws.people[0]!.email;
  token = await consoleToken(app, email);
});
afterAll(async () => {
  for (const resume of stalled.values()) resume();
  await ctx.database.close();
});

const post = (path: string, key: string | undefined, body: unknown, bearer = token, headers: Record<string, string> = {}, to = app) =>
  to.request(path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}), ...headers },
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
    const holding = new Promise<void>((resolve) => (entered = resolve));
    const first = post('/v1/probe/hold', 'key-hold', {});
    // The second request once the first holds the key, however long it took to get there.
    await holding;
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

  it('answers 503 when the database went away, and the retry with the same key executes at once', async () => {
    const first = await post('/v1/probe/database-gone', 'key-gone', {});
    expect(first.status).toBe(503);
    expect(await first.json()).toEqual({ message: expect.stringMatching(/database is unavailable; retry/), code: 503 });
    expect(first.headers.get('retry-after')).toMatch(/^\d+$/);
    // Neither held until its lease runs out (409) nor burnt as after an internal error (400).
    const again = await post('/v1/probe/database-gone', 'key-gone', {});
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ attempt: 2 });
  });

  it('answers 503 to a write the database rolled back to break a deadlock, and the retry with the same key is its one effect', async () => {
    const first = await post('/v1/probe/deadlock', 'key-deadlock', {});
    expect(first.status).toBe(503);
    expect(await first.json()).toEqual({ message: expect.stringMatching(/nothing of it was kept; retry it/), code: 503 });
    expect(first.headers.get('retry-after')).toBe('1');
    const again = await post('/v1/probe/deadlock', 'key-deadlock', {});
    expect(again.status).toBe(201);
    const replayed = await post('/v1/probe/deadlock', 'key-deadlock', {});
    expect(await replayed.json()).toEqual(await again.json());
    expect(deadlocks).toBe(2);
    expect(await queryRows(ctx.deps.db, sql`select id from probe_effects where tag = 'deadlock'`)).toHaveLength(1);
  });

  it('a 503 whose lease could not be released (the database stayed away) frees the key once the database is back', async () => {
    const first = await post('/v1/probe-away/gone', 'key-away', {});
    expect(first.status).toBe(503);
    // While it is away, the retry is answered 503 too (its claim fails).
    expect((await post('/v1/probe-away/gone', 'key-away', {})).status).toBe(503);
    databaseAway = false;
    // Back: the retry is the key's one execution at once, not 409 until the lease (30 s) runs out.
    const again = await post('/v1/probe-away/gone', 'key-away', {});
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ attempt: 2 });
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

describe('Idempotency-Key after a crash (leases)', () => {
  const effects = async (tag: string) =>
    Number((await queryRows<{ n: string }>(ctx.database.db, sql`select count(*) as n from probe_effects where tag = ${tag}`))[0]!.n);
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
  };
  const recordOf = async (key: string) =>
    (await queryRows<{ state: string }>(ctx.database.db, sql`select state from idempotency_records where key = ${key}`))[0]?.state;

  it('a retry takes over a key whose execution died before its write: one effect, and the dead one cannot add a second', async () => {
    const body = { tag: 'died-before' };
    const first = post('/v1/probe/effect', 'key-died-before', body, token, { 'X-Probe-Stall': 'before' });
    await until(async () => (await recordOf('key-died-before')) === 'IN_FLIGHT');

    // While its lease runs, the key is held: 409, and nothing executes.
    expect((await post('/v1/probe/effect', 'key-died-before', body)).status).toBe(409);

    // The owner stops renewing (its process died) and the lease runs out: a retry takes the key over.
    ctx.clock.set(Date.now() + LEASE_MS + 1000);
    const retry = await post('/v1/probe/effect', 'key-died-before', body);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const { effect } = await retry.json();
    expect(await effects('died-before')).toBe(1);

    // Had the first execution only stalled, its write is refused now that the key is another's.
    stalled.get('died-before')!();
    const late = await first;
    expect(late.status).toBe(409);
    expect((await late.json()).message).toMatch(/took the key over/);
    expect(await effects('died-before')).toBe(1);

    ctx.clock.reset();
    const replay = await post('/v1/probe/effect', 'key-died-before', body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual({ effect });
  });

  it('a retry of a key whose write committed gets the stored response, before and after the lease ran out, with one effect', async () => {
    const body = { tag: 'died-after' };
    void post('/v1/probe/effect', 'key-died-after', body, token, { 'X-Probe-Stall': 'after' }); // never answers, as if the process died after the commit
    await until(async () => (await effects('died-after')) === 1);

    const soon = await post('/v1/probe/effect', 'key-died-after', body);
    expect(soon.status).toBe(201);
    expect(soon.headers.get('idempotent-replayed')).toBe('true');
    const stored = await soon.json();

    ctx.clock.set(Date.now() + LEASE_MS + 1000);
    const later = await post('/v1/probe/effect', 'key-died-after', body);
    ctx.clock.reset();
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(await later.json()).toEqual(stored);
    expect(await effects('died-after')).toBe(1);
  });

  it('a stalled request whose key a retry took over fails alone in its group: 409 for it, one effect each for the others', async () => {
    const body = { tag: 'group-stale' };
    const first = post('/v1/probe/grouped', 'key-group-stale', body, token, { 'X-Probe-Stall': 'before' });
    await until(async () => (await recordOf('key-group-stale')) === 'IN_FLIGHT');
    const resumeFirst = stalled.get('group-stale')!;
    // The lease runs out; a retry takes the key over and is still running (held before its write).
    ctx.clock.set(Date.now() + LEASE_MS + 1000);
    const retry = post('/v1/probe/grouped', 'key-group-stale', body, token, { 'X-Probe-Stall': 'before' });
    await until(async () => stalled.get('group-stale') !== resumeFirst);
    ctx.clock.reset();

    // The first one goes on and reaches the group's commit with others: the key is the retry's now.
    const tried = groupsTried;
    resumeFirst();
    const others = ['a', 'b', 'c', 'd'].map((tag) => post('/v1/probe/grouped', `key-group-${tag}`, { tag: `group-${tag}` }));
    const [late, ...rest] = await Promise.all([first, ...others]);
    expect(groupsTried).toBeGreaterThan(tried);
    expect(late!.status).toBe(409);
    expect((await late!.json()).message).toMatch(/took the key over/);
    expect(rest.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    stalled.get('group-stale')!();
    expect((await retry).status).toBe(201);
    for (const tag of ['stale', 'a', 'b', 'c', 'd']) expect(await effects(`group-${tag}`)).toBe(1);
    // Each stored response is its own request's.
    for (const [i, tag] of ['a', 'b', 'c', 'd'].entries()) {
      const replay = await post('/v1/probe/grouped', `key-group-${tag}`, { tag: `group-${tag}` });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await replay.json()).toEqual(await rest[i]!.clone().json());
    }
  });

  it('a request that runs longer than the lease renews it, so a retry still gets 409', async () => {
    const shortLease = buildApp({ ...ctx, deps: { ...ctx.deps, config: { ...ctx.deps.config, idempotencyLeaseMs: 1000 } } }, probes);
    const first = post('/v1/probe/effect', 'key-long', { tag: 'long' }, token, { 'X-Probe-Stall': 'before' }, shortLease);
    await new Promise((r) => setTimeout(r, 1600)); // past the first lease: only renewal keeps the key
    expect((await post('/v1/probe/effect', 'key-long', { tag: 'long' }, token, {}, shortLease)).status).toBe(409);
    stalled.get('long')!();
    expect((await first).status).toBe(201);
    expect(await effects('long')).toBe(1);
  });
});
