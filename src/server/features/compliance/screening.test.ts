import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogsResponse } from '../../../contract/audit';
import type { ScreeningConfigurationState } from '../../../contract/screening';
import { addWorkspace, buildApp, consoleToken, createTestContext, type TestContext } from '../../test/harness';
import { caller } from './test-helpers';

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  ctx = await createTestContext();
  app = buildApp(ctx);
  call = caller(app);
});
afterAll(() => ctx.database.close());

const PATH = '/v1/screening/configurations';

async function team(name: string) {
  const ws = await addWorkspace(ctx, name, ['SECURITY_ADMIN', 'ADMIN']);
  const [secadmin, admin] = (await Promise.all(ws.people.map((p) => consoleToken(app, p.email)))) as [string, string];
  return { ws, secadmin, admin };
}

const screeningEvents = async (token: string) =>
  (await call<AuditLogsResponse>(token, 'GET', '/v1/management/audit_logs?category=Compliance&subject=Screening')).body.data;

describe('screening configuration', () => {
  it('starts with both protections off, stores what is sent, answers with both values and tells who changed it', async () => {
    const t = await team('Screening Co');
    expect((await call<ScreeningConfigurationState>(t.admin, 'GET', PATH)).body).toEqual({ disableBypass: false, disableUnfreeze: false, updatedAt: null, updatedBy: null });

    ctx.clock.set(Date.UTC(2026, 2, 1, 9));
    const put = await call(t.secadmin, 'PUT', PATH, { disableBypass: true });
    ctx.clock.reset();
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ disableBypass: true, disableUnfreeze: false });
    expect((await call<ScreeningConfigurationState>(t.admin, 'GET', PATH)).body).toEqual({
      disableBypass: true,
      disableUnfreeze: false,
      updatedAt: Date.UTC(2026, 2, 1, 9),
      updatedBy: { id: t.ws.people[0]!.id, name: 'SECURITY_ADMIN 0' },
    });

    expect((await call(t.admin, 'PUT', PATH, { disableBypass: false, disableUnfreeze: true })).body).toEqual({ disableBypass: false, disableUnfreeze: true });
    expect((await call<ScreeningConfigurationState>(t.secadmin, 'GET', PATH)).body.updatedBy).toEqual({ id: t.ws.people[1]!.id, name: 'ADMIN 1' });
  });

  it('audits every change with the values before and after, and nothing when nothing changes', async () => {
    const t = await team('Audited Co');
    await call(t.secadmin, 'PUT', PATH, { disableUnfreeze: true });
    await call(t.secadmin, 'PUT', PATH, { disableUnfreeze: true, disableBypass: false });
    await call(t.admin, 'PUT', PATH, { disableBypass: true, disableUnfreeze: false });
    const events = await screeningEvents(t.admin);
    expect(events.map((e) => ({ user: e.user, event: e.event, detail: e.detail }))).toEqual([
      {
        user: 'ADMIN 1',
        event: 'Updated',
        detail: { changed: ['disableBypass', 'disableUnfreeze'], before: { disableBypass: false, disableUnfreeze: true }, after: { disableBypass: true, disableUnfreeze: false } },
      },
      { user: 'SECURITY_ADMIN 0', event: 'Updated', detail: { changed: ['disableUnfreeze'], before: { disableBypass: false, disableUnfreeze: false }, after: { disableBypass: false, disableUnfreeze: true } } },
    ]);
  });

  it('refuses a body without either boolean, with a non-boolean, or with other fields, naming the field; stores nothing', async () => {
    const t = await team('Strict Co');
    const cases: [unknown, RegExp][] = [
      [{}, /disableBypass or disableUnfreeze is required/],
      [{ disableBypass: 'yes' }, /'disableBypass': disableBypass must be true or false/],
      [{ disableUnfreeze: 1 }, /'disableUnfreeze': disableUnfreeze must be true or false/],
      [{ disableBypass: true, disableAll: true }, /'disableAll' is not allowed/],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.secadmin, 'PUT', PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await call<ScreeningConfigurationState>(t.admin, 'GET', PATH)).body).toMatchObject({ disableBypass: false, disableUnfreeze: false, updatedBy: null });
    expect(await screeningEvents(t.admin)).toEqual([]);
  });

  it('belongs to one workspace, and replays a repeated Idempotency-Key', async () => {
    const a = await team('Own A');
    const b = await team('Own B');
    const first = await call(a.secadmin, 'PUT', PATH, { disableBypass: true }, { 'Idempotency-Key': 'screening-1' });
    const replay = await call(a.secadmin, 'PUT', PATH, { disableBypass: true }, { 'Idempotency-Key': 'screening-1' });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await call<ScreeningConfigurationState>(b.admin, 'GET', PATH)).body).toMatchObject({ disableBypass: false, disableUnfreeze: false });
    expect(await screeningEvents(b.admin)).toEqual([]);
    expect(await screeningEvents(a.admin)).toHaveLength(1);
  });
});
