import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogData, AuditLogsResponse } from '../../../contract/audit';
import { addApiUser, addWorkspace, buildApp, consoleToken, createTestContext, signedHeaders, signIn, type TestContext } from '../../test/harness';
import { appendAudit, type AuditActor, type AuditEntry } from './record';
import { sequenceAll } from './sequencer';
import { verifyAuditChain } from './store';

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let ws: Awaited<ReturnType<typeof addWorkspace>>;
let auditor: string;
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const HOUR = 3600_000;

const actor = (userId: string, userName: string, workspaceId = ws.id): AuditActor => ({ workspaceId, userId, userName, requestId: null, sourceAddress: null });
const entry = (category: AuditEntry['category'], subject: string, event: string, timestamp: number) =>
  ({ category, subject, event, timestamp, detail: {} }) as AuditEntry;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(NOW);
  app = buildApp(ctx);
  ws = await addWorkspace(ctx, 'Audit Co', ['ADMIN', 'AUDITOR', 'VIEWER', 'SECURITY_AUDITOR']);
  auditor = await consoleToken(app, ws.people[1]!.email);
  // A known history: 3 actors, several categories, one event per hour going back 48 hours.
  const now = ctx.deps.now();
  for (let h = 48; h >= 1; h--) {
    const t = NOW - h * HOUR;
    const who = h % 3 === 0 ? actor('u-alice', 'Alice') : h % 3 === 1 ? actor('u-bob', 'Bob') : actor('u-carol', 'Carol');
    const kind =
      h % 4 === 0
        ? entry('Trading', 'Order', 'Created', t)
        : h % 4 === 1
          ? entry('Administration', 'Quorum', 'Approved', t)
          : h % 4 === 2
            ? entry('Catalogue', 'Price', 'Set', t)
            : entry('Security', 'Sign-in', 'Signed in', t);
    await appendAudit(ctx.deps.db, who, [kind], now);
  }
});
afterAll(() => ctx.database.close());

const get = async (query: string, token = auditor) => {
  const res = await app.request(`/v1/management/audit_logs${query}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as AuditLogsResponse & { message: string; code: number } };
};
const range = `startTime=${NOW - 49 * HOUR}&endTime=${NOW}`;
const seeded = (data: AuditLogData[]) => data.filter((e) => e.userId.startsWith('u-'));

describe('GET /management/audit_logs parameters', () => {
  it.each([
    ['pageSize=0', 400],
    ['pageSize=1', 200],
    ['pageSize=500', 200],
    ['pageSize=501', 400],
    ['pageSize=abc', 400],
    ['order=SIDEWAYS', 400],
    ['timePeriod=MONTH', 400],
  ])('%s answers %i', async (query, status) => {
    const res = await get(`?${query}`);
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body.message).toMatch(/pageSize|order|timePeriod/);
  });

  it('accepts startTime exactly one year back and refuses one millisecond more', async () => {
    const oneYear = new Date(NOW);
    oneYear.setUTCFullYear(oneYear.getUTCFullYear() - 1);
    expect((await get(`?startTime=${oneYear.getTime()}`)).status).toBe(200);
    const tooOld = await get(`?startTime=${oneYear.getTime() - 1}`);
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.message).toMatch(/startTime must be at most one year/);
  });

  it('refuses endTime before or equal to startTime', async () => {
    expect((await get(`?startTime=${NOW - HOUR}&endTime=${NOW - 2 * HOUR}`)).body.message).toMatch(/endTime must be after startTime/);
    expect((await get(`?startTime=${NOW - HOUR}&endTime=${NOW - HOUR}`)).status).toBe(400);
  });

  it('defaults to the last 24 hours (timePeriod DAY), WEEK widens it, and startTime takes precedence', async () => {
    const day = seeded((await get('?pageSize=500')).body.data);
    expect(day).toHaveLength(24);
    expect(day.every((e) => e.timestamp >= NOW - 24 * HOUR)).toBe(true);
    expect(seeded((await get('?pageSize=500&timePeriod=WEEK')).body.data)).toHaveLength(48);
    expect(seeded((await get(`?pageSize=500&timePeriod=DAY&startTime=${NOW - 49 * HOUR}`)).body.data)).toHaveLength(48);
  });

  it('combines values of one field with OR and different fields with AND, exactly', async () => {
    const or = seeded((await get(`?${range}&pageSize=500&category=Trading&category=Administration`)).body.data);
    expect(or).toHaveLength(24);
    expect(new Set(or.map((e) => e.category))).toEqual(new Set(['Trading', 'Administration']));
    const and = seeded((await get(`?${range}&pageSize=500&category=Trading&category=Administration&user=Alice`)).body.data);
    expect(and.length).toBeGreaterThan(0);
    expect(and.every((e) => e.user === 'Alice' && ['Trading', 'Administration'].includes(e.category))).toBe(true);
    expect(and).toHaveLength(or.filter((e) => e.user === 'Alice').length);
    expect((await get(`?${range}&category=trading`)).body.data).toHaveLength(0); // case-sensitive
    expect(
      seeded((await get(`?${range}&pageSize=500&userId=u-bob&event=Approved`)).body.data).every((e) => e.userId === 'u-bob' && e.event === 'Approved'),
    ).toBe(true);
  });

  it('orders DESC by default and ASC on request', async () => {
    const desc = seeded((await get(`?${range}&pageSize=500`)).body.data).map((e) => e.timestamp);
    const asc = seeded((await get(`?${range}&pageSize=500&order=ASC`)).body.data).map((e) => e.timestamp);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(asc).toEqual([...desc].reverse());
  });
});

describe('cursors', () => {
  it('pages with no duplicates and no gaps while events are being added', async () => {
    const seen: string[] = [];
    const query = `?${range}&pageSize=7&category=Trading&category=Security&category=Catalogue&category=Administration`;
    let page = await get(query);
    let added = 0;
    for (;;) {
      seen.push(...page.body.data.map((e) => e.id));
      // New events arrive between pages, inside and after the window being read.
      await appendAudit(ctx.deps.db, actor('u-dave', 'Dave'), [entry('Trading', 'Order', 'Created', NOW - 30 * 60_000)], ctx.deps.now());
      added++;
      if (!page.body.next) break;
      expect(page.body.cursor).toBe(page.body.next);
      page = await get(`${query}&pageCursor=${encodeURIComponent(page.body.next)}`);
    }
    const ids = seen;
    expect(new Set(ids).size).toBe(ids.length);
    const expected = seeded((await get(`?${range}&pageSize=500`)).body.data).filter((e) => e.userId !== 'u-dave');
    expect(ids.filter((id) => expected.some((e) => e.id === id))).toHaveLength(48);
    expect(added).toBeGreaterThan(5);
  });

  it.each(['DESC', 'ASC'])('pages %s through an inner range and never steps outside it on either side', async (order) => {
    const [start, end] = [NOW - 30 * HOUR, NOW - 10 * HOUR];
    const query = `?startTime=${start}&endTime=${end}&order=${order}&pageSize=4`;
    const timestamps: number[] = [];
    let page = await get(query);
    for (;;) {
      expect(page.status).toBe(200);
      timestamps.push(...seeded(page.body.data).map((e) => e.timestamp));
      if (!page.body.next) break;
      page = await get(`${query}&pageCursor=${encodeURIComponent(page.body.next)}`);
    }
    // One seeded event an hour: 30 h back to 10 h back, both ends included.
    const hours = Array.from({ length: 21 }, (_, k) => NOW - (30 - k) * HOUR);
    expect(timestamps).toEqual(order === 'ASC' ? hours : hours.reverse());
  });

  it('answers total, the number of events in the page, which older clients read', async () => {
    const first = await get(`?${range}&pageSize=5`);
    expect(first.body).toMatchObject({ total: 5 });
    const last = await get(`?startTime=${NOW - 30 * HOUR}&endTime=${NOW - 10 * HOUR}&pageSize=500`);
    expect(last.body.total).toBe(last.body.data.length);
    expect(last.body.next).toBeNull();
  });

  it('accepts the deprecated cursor parameter', async () => {
    const first = await get(`?${range}&pageSize=5`);
    const second = await get(`?${range}&pageSize=5&cursor=${encodeURIComponent(first.body.next!)}`);
    expect(second.status).toBe(200);
    expect(second.body.data[0]!.timestamp).toBeLessThanOrEqual(first.body.data.at(-1)!.timestamp);
  });

  it('refuses a forged cursor, one for another query and one from another workspace', async () => {
    const first = await get(`?${range}&pageSize=5`);
    const cursor = first.body.next!;
    const [body, sig] = cursor.split('.');
    const decoded = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { p: { t: number } };
    const tampered = Buffer.from(JSON.stringify({ ...decoded, p: { ...decoded.p, t: 0 } })).toString('base64url');
    expect((await get(`?${range}&pageSize=5&pageCursor=${tampered}.${sig}`)).status).toBe(400);
    expect((await get(`?${range}&pageSize=5&pageCursor=garbage`)).body.message).toMatch(/not a cursor this service issued/);
    expect((await get(`?${range}&pageSize=5&category=Trading&pageCursor=${encodeURIComponent(cursor)}`)).body.message).toMatch(/different query/);
    const other = await addWorkspace(ctx, 'Elsewhere', ['AUDITOR']);
    const theirs = await consoleToken(app, other.people[0]!.email);
    const foreign = await get(`?${range}&pageSize=5&pageCursor=${encodeURIComponent(cursor)}`, theirs);
    expect(foreign.status).toBe(400);
    expect(foreign.body.data).toBeUndefined();
  });
});

describe('access', () => {
  it('admits the five audit roles and refuses others with 403, recording the refusal', async () => {
    const viewer = await consoleToken(app, ws.people[2]!.email);
    expect((await get('', viewer)).status).toBe(403);
    expect((await get('', await consoleToken(app, ws.people[3]!.email))).status).toBe(200);
    const refused = (await get(`?category=Security&subject=Authorization&pageSize=5`)).body.data;
    expect(refused[0]).toMatchObject({ event: 'Refused', user: 'VIEWER 2', detail: { operation: 'getAuditLogs', role: 'VIEWER' } });
  });
  it('never shows another workspace’s events', async () => {
    const other = await addWorkspace(ctx, 'Quiet Co', ['AUDITOR']);
    const theirs = await consoleToken(app, other.people[0]!.email);
    const res = await get(`?${range}&pageSize=500`, theirs);
    expect(res.body.data.every((e) => e.tenantId === other.id)).toBe(true);
  });
});

describe('what is recorded', () => {
  it('records sign-ins (both outcomes), sign-out, refused API authentication and API-user changes with before and after', async () => {
    const adminEmail = ws.people[0]!.email;
    await signIn(app, adminEmail, 'wrong-password');
    const ok = await signIn(app, adminEmail);
    const cookie = ok.headers.get('set-cookie')!.match(/ao_refresh=([^;]*)/)![1];
    const bot = await addApiUser(ctx, ws.id, 'ADMIN', 'Audit bot');
    const path = '/v1/management/api_users';
    await app.request(path, { headers: await signedHeaders(bot, path, { uri: '/v1/wrong', iat: Math.floor(NOW / 1000) }) });
    const admin = (await ok.json()) as { accessToken: string };
    await app.request(`/v1/management/api_users/${bot.id}/enabled`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${admin.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    // Signing out ends the access token too, so it comes last.
    await app.request('/v1/auth/sign_out', { method: 'POST', headers: { Cookie: `ao_refresh=${cookie}` } });
    const events = (await get(`?startTime=${NOW - HOUR}&category=Security&category=Administration&pageSize=50`)).body.data;
    // The test clock stands still, so events of this test share a timestamp: match on who acted.
    const adminId = ws.people[0]!.id;
    const find = (event: string) => events.find((e) => e.event === event && (e.userId === adminId || e.userId === bot.id));
    expect(find('Sign-in failed')).toMatchObject({ subject: 'Sign-in', detail: { reason: 'wrong password' } });
    expect(find('Signed in')).toMatchObject({ subject: 'Sign-in', userId: ws.people[0]!.id });
    expect(find('Signed out')).toMatchObject({ subject: 'Session' });
    expect(find('Authentication failed')).toMatchObject({ subject: 'API authentication', userId: bot.id, detail: { code: -4 } });
    expect(find('Disabled')).toMatchObject({ subject: 'API user', detail: { before: { enabled: true }, after: { enabled: false } } });
    expect(JSON.stringify(events)).not.toContain('wrong-password');
    expect(find('Signed in')!.requestId).toBeTruthy();
  });
});

describe('integrity', () => {
  // The events so far, in their chain (a write's events wait for the sequencer, which no test app runs by itself).
  beforeAll(() => sequenceAll(ctx.deps.db));

  it('the database refuses to update, delete or truncate an event', async () => {
    // drizzle wraps the database's error; the trigger's own words are in its cause.
    const refusal = async (statement: Promise<unknown>) => {
      const error = await statement.then(
        () => undefined,
        (e: Error & { cause?: Error }) => e,
      );
      return error?.cause?.message ?? error?.message;
    };
    expect(await refusal(ctx.deps.db.execute(sql`update audit_events set event = 'Nothing happened'`))).toMatch(/append-only: UPDATE/);
    expect(await refusal(ctx.deps.db.execute(sql`delete from audit_events`))).toMatch(/append-only: DELETE/);
    expect(await refusal(ctx.deps.db.execute(sql`truncate audit_events`))).toMatch(/append-only: TRUNCATE/);
  });

  it('verifies the chain, and finds a row altered directly in the database', async () => {
    const verify = async () =>
      (await (
        await app.request(`/v1/management/audit_logs/verify?startTime=${NOW - 49 * HOUR}`, { headers: { Authorization: `Bearer ${auditor}` } })
      ).json()) as { verified: boolean; checked: number; firstBrokenEventId: string | null; reason: string | null };
    const clean = await verify();
    expect(clean).toMatchObject({ verified: true, firstBrokenEventId: null });
    expect(clean.checked).toBeGreaterThan(48);

    const victim = seeded((await get(`?${range}&pageSize=500&category=Trading`)).body.data)[3]!;
    // Someone with database superuser rights switches the guard off and edits history.
    await ctx.deps.db.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
    await ctx.deps.db.execute(sql`update audit_events set event = 'Canceled' where id = ${victim.id}::uuid`);
    await ctx.deps.db.execute(sql`alter table audit_events enable trigger audit_events_no_update_delete`);
    const broken = await verify();
    expect(broken).toMatchObject({ verified: false, firstBrokenEventId: victim.id });
    expect(broken.reason).toMatch(/altered/);
  });

  it('finds an event whose served JSON was edited while its hashed fields were left alone', async () => {
    const victim = seeded((await get(`?${range}&pageSize=500&category=Catalogue`)).body.data)[1]!;
    // Only the victim's own moment, so the event altered by the test above cannot answer for it.
    const verify = async () =>
      (await (
        await app.request(`/v1/management/audit_logs/verify?startTime=${victim.timestamp}&endTime=${victim.timestamp + 1}`, {
          headers: { Authorization: `Bearer ${auditor}` },
        })
      ).json()) as { verified: boolean; firstBrokenEventId: string | null; reason: string | null };
    expect((await verify()).verified).toBe(true);
    await ctx.deps.db.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
    await ctx.deps.db.execute(sql`update audit_events set doc = replace(doc, ${victim.event}, 'Nothing happened') where id = ${victim.id}::uuid`);
    await ctx.deps.db.execute(sql`alter table audit_events enable trigger audit_events_no_update_delete`);
    const broken = await verify();
    expect(broken).toMatchObject({ verified: false, firstBrokenEventId: victim.id });
    expect(broken.reason).toMatch(/shown differently/);
  });
});

describe('appending to the chain', () => {
  it('keeps one unbroken chain when many writers record at once, alone or inside a change of their own, from a workspace’s first event on, once sequenced', async () => {
    const fresh = await addWorkspace(ctx, 'Busy Writers Ltd', ['VIEWER']);
    const t = NOW - HOUR;
    const who = actor('u-writer', 'Writer', fresh.id);
    const writes = Array.from({ length: 30 }, (_, i) => {
      const one = entry('Catalogue', 'Price', `Set ${i}`, t + i);
      if (i % 3 === 0) return appendAudit(ctx.deps.db, who, [one], ctx.deps.now());
      // Inside the caller's transaction, as every change records its event.
      if (i % 3 === 1) return ctx.deps.db.transaction((tx) => appendAudit(tx, who, [one], ctx.deps.now()));
      return appendAudit(ctx.deps.db, who, [one, entry('Catalogue', 'Price', `Set ${i} again`, t + i)], ctx.deps.now());
    });
    await Promise.all(writes);
    // The writes touched no shared row: their events wait, unchained, until the sequencer takes them.
    const waiting = (await ctx.deps.db.execute(sql`select count(*)::int as n from audit_events_pending where workspace_id = ${fresh.id}::uuid`)) as unknown as {
      rows: { n: number }[];
    };
    expect(waiting.rows[0]!.n).toBe(40);
    expect(await sequenceAll(ctx.deps.db)).toBeGreaterThanOrEqual(40);
    const seqs = (
      (await ctx.deps.db.execute(sql`select seq from audit_events where workspace_id = ${fresh.id}::uuid order by seq`)) as unknown as {
        rows: { seq: string | number }[];
      }
    ).rows.map((r) => Number(r.seq));
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(seqs.length).toBeGreaterThanOrEqual(40);
    const verified = await verifyAuditChain(ctx.deps.db, fresh.id, 0, NOW + HOUR);
    expect(verified).toMatchObject({ verified: true, firstBrokenEventId: null });
    expect(verified.checked).toBe(seqs.length);
  });

  it('lists an event waiting to be sequenced, with a null hash, and then with its chain hash', async () => {
    const t = NOW - 2 * HOUR + 7;
    await appendAudit(ctx.deps.db, actor('u-dora', 'Dora'), [entry('Catalogue', 'Note', 'Written', t)], ctx.deps.now());
    const listed = async () => (await get(`?startTime=${t}&endTime=${t + 1}&userId=u-dora`)).body.data;
    const [waiting] = await listed();
    expect(waiting).toMatchObject({ user: 'Dora', event: 'Written', hash: null });
    // Found by a filter as any event.
    expect((await get(`?startTime=${t}&endTime=${t + 1}&user=Dora`)).body.data).toHaveLength(1);
    // The integrity check says it has yet to check it.
    const verify = async () =>
      (await (
        await app.request(`/v1/management/audit_logs/verify?startTime=${t}&endTime=${t + 1}`, { headers: { Authorization: `Bearer ${auditor}` } })
      ).json()) as {
        verified: boolean;
        checked: number;
        pending: number;
      };
    expect(await verify()).toMatchObject({ verified: true, checked: 0, pending: 1 });
    await sequenceAll(ctx.deps.db);
    const [sequenced] = await listed();
    expect(sequenced).toMatchObject({ id: waiting!.id, event: 'Written', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await verify()).toMatchObject({ verified: true, checked: 1, pending: 0 });
  });
});
