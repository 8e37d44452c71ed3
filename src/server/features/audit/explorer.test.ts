import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogsResponse } from '../../../contract/audit';
import type { AuditEventContext, AuditPreferences, SavedView } from '../../../contract/audit-views';
import { addWorkspace, buildApp, consoleToken, createTestContext, jsonCaller, type TestContext } from '../../test/harness';
import { appendAudit, type AuditEntry } from './record';

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let call: ReturnType<typeof jsonCaller>;
let a: Awaited<ReturnType<typeof addWorkspace>>;
let b: Awaited<ReturnType<typeof addWorkspace>>;
let tokens: { auditorA: string; adminA: string; viewerA: string; auditorB: string };
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const MINUTE = 60_000;

/** Events 0…19 of workspace A one minute apart, with B's events interleaved (which A's context must never show). */
const written: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(NOW);
  app = buildApp(ctx);
  call = jsonCaller(app);
  a = await addWorkspace(ctx, 'Explorer A', ['AUDITOR', 'ADMIN', 'VIEWER']);
  b = await addWorkspace(ctx, 'Explorer B', ['AUDITOR']);
  const [auditorA, adminA, viewerA, auditorB] = await Promise.all([...a.people, ...b.people].map((person) => consoleToken(app, person.email)));
  tokens = { auditorA: auditorA!, adminA: adminA!, viewerA: viewerA!, auditorB: auditorB! };
  const actor = (workspaceId: string) => ({ workspaceId, userId: 'u-seed', userName: 'Seed', requestId: null, sourceAddress: null });
  for (let i = 0; i < 20; i++) {
    const entry = (n: number): AuditEntry => ({ category: 'Catalogue', subject: 'Price', event: `Set ${n}`, timestamp: NOW - 3 * 60 * MINUTE + i * MINUTE });
    await appendAudit(ctx.deps.db, actor(a.id), [entry(i)], ctx.deps.now());
    await appendAudit(ctx.deps.db, actor(b.id), [entry(100 + i)], ctx.deps.now());
  }
  const page = await call<AuditLogsResponse>(
    tokens.auditorA,
    'GET',
    `/v1/management/audit_logs?startTime=${NOW - 4 * 60 * MINUTE}&endTime=${NOW - 60 * MINUTE}&order=ASC`,
  );
  written.push(...page.body.data.map((e) => e.id));
  expect(written).toHaveLength(20);
});
afterAll(() => ctx.database.close());

describe('GET /v1/management/audit_logs/{id}/context', () => {
  const context = (id: string, query = '', token = tokens.auditorA) => call<AuditEventContext>(token, 'GET', `/v1/management/audit_logs/${id}/context${query}`);

  it('answers the event with the five before and after it in the workspace, oldest first', async () => {
    const res = await context(written[10]!);
    expect(res.status).toBe(200);
    expect(res.body.event.id).toBe(written[10]);
    expect(res.body.event.event).toBe('Set 10');
    expect(res.body.before.map((e) => e.id)).toEqual(written.slice(5, 10));
    expect(res.body.after.map((e) => e.id)).toEqual(written.slice(11, 16));
    expect([...res.body.before, ...res.body.after].every((e) => e.tenantId === a.id)).toBe(true);
  });

  it('takes other counts, and stops at the ends of the log', async () => {
    const first = await context(written[1]!, '?before=3&after=2');
    expect(first.body.before.map((e) => e.id)).toEqual([written[0]]);
    expect(first.body.after.map((e) => e.id)).toEqual(written.slice(2, 4));
    const none = await context(written[5]!, '?before=0&after=0');
    expect(none.body).toMatchObject({ before: [], after: [] });
  });

  it('is a 404 for another workspace’s event and for an id that names none', async () => {
    const foreign = await context(written[3]!, '', tokens.auditorB);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBeTypeOf('number');
    expect((await context(randomUUID())).status).toBe(404);
  });

  it.each([
    ['not-an-id', '', 'id'],
    [undefined, '?before=51', 'before'],
    [undefined, '?after=-1', 'after'],
    [undefined, '?after=two', 'after'],
  ])('refuses %s%s with a 400 naming %s', async (id, query, field) => {
    const res = await context(id ?? written[4]!, query);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it('belongs to the roles that read the audit log', async () => {
    expect((await context(written[4]!, '', tokens.viewerA)).status).toBe(403);
    expect((await context(written[4]!, '', tokens.adminA)).status).toBe(200);
  });
});

describe('saved views', () => {
  const VIEWS = '/v1/management/audit_logs/views';
  const create = (body: unknown, token = tokens.auditorA) => call<SavedView>(token, 'POST', VIEWS, body);
  const list = async (token = tokens.auditorA) => (await call<{ data: SavedView[] }>(token, 'GET', VIEWS)).body.data;

  it('keeps a name, the filters and the columns, lists them by name, renames and deletes them, each audited', async () => {
    const columns = [{ id: 'what', width: 400 }, { id: 'time' }];
    const created = await create({ name: 'Security, last day', filters: 'range=24h&category=Security&order=ASC', columns });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Security, last day', filters: 'range=24h&category=Security&order=ASC', columns });
    await create({ name: 'All prices', filters: 'startTime=1763700000000&endTime=1763720000000&subject=Price' });
    expect((await list()).map((v) => v.name)).toEqual(['All prices', 'Security, last day']);

    const renamed = await call<SavedView>(tokens.auditorA, 'PATCH', `${VIEWS}/${created.body.id}`, { name: 'Sign-ins' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: created.body.id, name: 'Sign-ins', filters: created.body.filters });
    const deleted = await call<SavedView>(tokens.auditorA, 'DELETE', `${VIEWS}/${created.body.id}`);
    expect(deleted.status).toBe(200);
    expect((await list()).map((v) => v.name)).toEqual(['All prices']);

    const log = await call<AuditLogsResponse>(tokens.auditorA, 'GET', `/v1/management/audit_logs?category=Audit`);
    // The test's clock stands still, so the four share a timestamp: their order is not the point.
    expect(log.body.data.map((e) => e.event).sort()).toEqual(['Created', 'Created', 'Deleted', 'Renamed']);
    expect(log.body.data.find((e) => e.event === 'Renamed')!.detail).toMatchObject({ before: { name: 'Security, last day' }, after: { name: 'Sign-ins' } });
  });

  it('are each reader’s own: another user of the workspace or another workspace neither sees, renames nor deletes them', async () => {
    const mine = await create({ name: 'Mine only', filters: 'range=1h' });
    expect(mine.status).toBe(201);
    for (const token of [tokens.adminA, tokens.auditorB]) {
      expect((await list(token)).map((v) => v.id)).not.toContain(mine.body.id);
      expect((await call(token, 'PATCH', `${VIEWS}/${mine.body.id}`, { name: 'Taken over' })).status).toBe(404);
      expect((await call(token, 'DELETE', `${VIEWS}/${mine.body.id}`)).status).toBe(404);
      // The same name is free for them: names are per reader.
      expect((await create({ name: 'Mine only', filters: '' }, token)).status).toBe(201);
    }
    expect((await list()).find((v) => v.id === mine.body.id)?.name).toBe('Mine only');
  });

  it('refuse a name already used with 409, on saving and on renaming', async () => {
    await create({ name: 'Twice', filters: '' });
    const again = await create({ name: 'Twice', filters: 'range=7d' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('Twice');
    const other = await create({ name: 'Once', filters: '' });
    expect((await call(tokens.auditorA, 'PATCH', `${VIEWS}/${other.body.id}`, { name: 'Twice' })).status).toBe(409);
  });

  it.each([
    [{ name: '', filters: '' }, 'name'],
    [{ name: '   ', filters: '' }, 'name'],
    [{ name: 'x'.repeat(81), filters: '' }, 'name'],
    [{ filters: '' }, 'name'],
    [{ name: 'Long filters', filters: `category=${'x'.repeat(4000)}` }, 'filters'],
    [{ name: 'Cursor', filters: 'pageCursor=abc' }, 'pageCursor'],
    [{ name: 'Unknown', filters: 'colour=red' }, 'colour'],
    [{ name: 'Range', filters: 'range=2h' }, 'range'],
    [{ name: 'Page size', filters: 'pageSize=9999' }, 'pageSize'],
    [{ name: 'Columns', filters: '', columns: [] }, 'columns'],
    [{ name: 'Columns', filters: '', columns: [{ id: 'time' }, { id: 'time' }] }, 'columns'],
    [{ name: 'Columns', filters: '', columns: [{ id: 'secret' }] }, 'column'],
    [{ name: 'Columns', filters: '', columns: [{ id: 'time', width: 5 }] }, 'width'],
    [{ name: 'Extra', filters: '', owner: 'someone' }, 'owner'],
  ])('refuse %j with a 400 naming %s', async (body, field) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it('are kept for the roles that read the audit log, up to 100 per reader', async () => {
    expect((await call(tokens.viewerA, 'GET', VIEWS)).status).toBe(403);
    expect((await create({ name: 'Viewer view', filters: '' }, tokens.viewerA)).status).toBe(403);
    const have = (await list(tokens.adminA)).length;
    for (let i = have; i < 100; i++) expect((await create({ name: `View ${i}`, filters: '' }, tokens.adminA)).status).toBe(201);
    const over = await create({ name: 'One too many', filters: '' }, tokens.adminA);
    expect(over.status).toBe(409);
    expect(over.body.message).toContain('100');
  });
});

describe('column preferences', () => {
  const PREFS = '/v1/management/audit_logs/preferences';

  it('start as the default columns, and keep what a reader sets for that reader only', async () => {
    const initial = await call<AuditPreferences>(tokens.auditorB, 'GET', PREFS);
    expect(initial.body.columns.map((c) => c.id)).toEqual(['time', 'user', 'what']);
    const columns = [{ id: 'requestId', width: 320 }, { id: 'what' }, { id: 'time', width: 200 }];
    expect((await call(tokens.auditorB, 'PUT', PREFS, { columns })).status).toBe(200);
    expect((await call<AuditPreferences>(tokens.auditorB, 'GET', PREFS)).body.columns).toEqual(columns);
    expect((await call<AuditPreferences>(tokens.auditorA, 'GET', PREFS)).body.columns.map((c) => c.id)).toEqual(['time', 'user', 'what']);
  });

  it.each([[{}], [{ columns: [] }], [{ columns: [{ id: 'time', width: 5000 }] }], [{ columns: [{ id: 'time' }], theme: 'dark' }]])(
    'refuse %j with a 400',
    async (body) => {
      const res = await call(tokens.auditorA, 'PUT', PREFS, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    },
  );
});
