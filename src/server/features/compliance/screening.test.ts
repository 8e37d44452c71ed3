import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogsResponse } from '../../../contract/audit';
import { ROLES } from '../../../contract/roles';
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
  const ws = await addWorkspace(ctx, name, ['NON_SIGNING_ADMIN', 'ADMIN']);
  const [nsadmin, admin] = (await Promise.all(ws.people.map((p) => consoleToken(app, p.email)))) as [string, string];
  return { ws, nsadmin, admin };
}

const screeningEvents = async (token: string) =>
  (await call<AuditLogsResponse>(token, 'GET', '/v1/management/audit_logs?category=Compliance&subject=Screening')).body.data;

describe('screening configuration', () => {
  it('starts with both protections off, stores what is sent, answers with both values and tells who changed it', async () => {
    const t = await team('Screening Co');
    expect((await call<ScreeningConfigurationState>(t.admin, 'GET', PATH)).body).toEqual({
      disableBypass: false,
      disableUnfreeze: false,
      updatedAt: null,
      updatedBy: null,
    });

    ctx.clock.set(Date.UTC(2026, 2, 1, 9));
    const put = await call(t.nsadmin, 'PUT', PATH, { disableBypass: true });
    ctx.clock.reset();
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ disableBypass: true, disableUnfreeze: false });
    expect((await call<ScreeningConfigurationState>(t.admin, 'GET', PATH)).body).toEqual({
      disableBypass: true,
      disableUnfreeze: false,
      updatedAt: Date.UTC(2026, 2, 1, 9),
      updatedBy: { id: t.ws.people[0]!.id, name: 'NON_SIGNING_ADMIN 0' },
    });

    expect((await call(t.admin, 'PUT', PATH, { disableBypass: false, disableUnfreeze: true })).body).toEqual({ disableBypass: false, disableUnfreeze: true });
    expect((await call<ScreeningConfigurationState>(t.nsadmin, 'GET', PATH)).body.updatedBy).toEqual({ id: t.ws.people[1]!.id, name: 'ADMIN 1' });
  });

  it('audits every change with the values before and after, and nothing when nothing changes', async () => {
    const t = await team('Audited Co');
    await call(t.nsadmin, 'PUT', PATH, { disableUnfreeze: true });
    await call(t.nsadmin, 'PUT', PATH, { disableUnfreeze: true, disableBypass: false });
    await call(t.admin, 'PUT', PATH, { disableBypass: true, disableUnfreeze: false });
    const events = await screeningEvents(t.admin);
    expect(events.map((e) => ({ user: e.user, event: e.event, detail: e.detail }))).toEqual([
      {
        user: 'ADMIN 1',
        event: 'Updated',
        detail: {
          changed: ['disableBypass', 'disableUnfreeze'],
          before: { disableBypass: false, disableUnfreeze: true },
          after: { disableBypass: true, disableUnfreeze: false },
        },
      },
      {
        user: 'NON_SIGNING_ADMIN 0',
        event: 'Updated',
        detail: {
          changed: ['disableUnfreeze'],
          before: { disableBypass: false, disableUnfreeze: false },
          after: { disableBypass: false, disableUnfreeze: true },
        },
      },
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
      const res = await call(t.nsadmin, 'PUT', PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await call<ScreeningConfigurationState>(t.admin, 'GET', PATH)).body).toMatchObject({
      disableBypass: false,
      disableUnfreeze: false,
      updatedBy: null,
    });
    expect(await screeningEvents(t.admin)).toEqual([]);
  });

  it('belongs to one workspace, and replays a repeated Idempotency-Key', async () => {
    const a = await team('Own A');
    const b = await team('Own B');
    const first = await call(a.nsadmin, 'PUT', PATH, { disableBypass: true }, { 'Idempotency-Key': 'screening-1' });
    const replay = await call(a.nsadmin, 'PUT', PATH, { disableBypass: true }, { 'Idempotency-Key': 'screening-1' });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await call<ScreeningConfigurationState>(b.admin, 'GET', PATH)).body).toMatchObject({ disableBypass: false, disableUnfreeze: false });
    expect(await screeningEvents(b.admin)).toEqual([]);
    expect(await screeningEvents(a.admin)).toHaveLength(1);
  });

  it('may be changed only by an Owner, Admin or Non-Signing Admin: every other role gets 403 and changes nothing', async () => {
    const others = ROLES.filter((role) => !['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN'].includes(role));
    const ws = await addWorkspace(ctx, 'Guarded Co', ['OWNER', 'ADMIN', ...others]);
    const [owner, admin, ...rest] = await Promise.all(ws.people.map((p) => consoleToken(app, p.email)));
    expect((await call(owner!, 'PUT', PATH, { disableBypass: true, disableUnfreeze: true })).status).toBe(200);
    for (const [i, token] of rest.entries()) {
      const res = await call(token, 'PUT', PATH, { disableUnfreeze: false });
      expect(res.status, others[i]).toBe(403);
      expect(res.body.code, others[i]).toBe(-8);
      // Reading stays open to every role.
      expect((await call<ScreeningConfigurationState>(token, 'GET', PATH)).status, others[i]).toBe(200);
    }
    expect((await call<ScreeningConfigurationState>(owner!, 'GET', PATH)).body).toMatchObject({ disableBypass: true, disableUnfreeze: true });
    expect(await screeningEvents(admin!)).toHaveLength(1);
  });
});
