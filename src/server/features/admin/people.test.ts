import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeopleResponse } from '../../../contract/admin';
import {
  addApiUser,
  addWorkspace,
  buildApp,
  consoleToken,
  createTestContext,
  jsonCaller,
  signedHeaders,
  type TestApiUser,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let call: ReturnType<typeof jsonCaller>;

const PATH = '/v1/console/people';
const ROLES = ['OWNER', 'ADMIN', 'AUDITOR', 'SIGNER', 'EDITOR', 'VIEWER'] as const;

/** Workspace A: one console user per role and two API users; workspace B: an admin and an API user with A's names. */
let a: Awaited<ReturnType<typeof addWorkspace>>;
let b: Awaited<ReturnType<typeof addWorkspace>>;
let tokensA: string[];
let tokenB: string;
let botA: TestApiUser;
let viewerBotA: TestApiUser;
let botB: TestApiUser;

beforeAll(async () => {
  ctx = await createTestContext();
  app = buildApp(ctx);
  call = jsonCaller(app);
  a = await addWorkspace(ctx, 'People A', [...ROLES]);
  // addWorkspace names people after their role and position (`ADMIN 0`); B's bot takes A's bot's name.
  b = await addWorkspace(ctx, 'People B', ['ADMIN']);
  botA = await addApiUser(ctx, a.id, 'ADMIN', 'Treasury bot');
  viewerBotA = await addApiUser(ctx, a.id, 'VIEWER', 'Reporting bot');
  botB = await addApiUser(ctx, b.id, 'ADMIN', 'Treasury bot');
  tokensA = await Promise.all(a.people.map((p) => consoleToken(app, p.email)));
  tokenB = await consoleToken(app, b.people[0]!.email);
});
afterAll(() => ctx.database.close());

const people = (token: string) => call<PeopleResponse>(token, 'GET', PATH);
const asApiUser = async (user: TestApiUser) => {
  const res = await app.request(PATH, { headers: await signedHeaders(user, PATH) });
  return { status: res.status, body: (await res.json()) as PeopleResponse };
};

describe('GET /v1/console/people', () => {
  it('names every console user and API user of the workspace with kind and role, sorted by name, and nothing else about them', async () => {
    const res = await people(tokensA[0]!);
    expect(res.status).toBe(200);
    const expected = [
      ...a.people.map((p, i) => ({ id: p.id, name: `${ROLES[i]} ${i}`, kind: 'user', role: p.role })),
      { id: botA.id, name: 'Treasury bot', kind: 'apiUser', role: 'ADMIN' },
      { id: viewerBotA.id, name: 'Reporting bot', kind: 'apiUser', role: 'VIEWER' },
    ].sort((x, y) => x.name.localeCompare(y.name) || x.id.localeCompare(y.id));
    // Exact objects: no email, password hash, status or key material leaves with a name.
    expect(res.body.people).toEqual(expected);
  });

  it('answers every role, console user or API user, the same list', async () => {
    const first = await people(tokensA[0]!);
    for (const [i, token] of tokensA.entries()) {
      const res = await people(token);
      expect(res.status, ROLES[i]).toBe(200);
      expect(res.body).toEqual(first.body);
    }
    for (const bot of [botA, viewerBotA]) {
      const res = await asApiUser(bot);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(first.body);
    }
  });

  it('never names a person of another workspace, even one with the same name', async () => {
    const idsOfB = [b.people[0]!.id, botB.id];
    for (const res of [await people(tokensA[1]!), await asApiUser(botA)]) {
      const ids = res.body.people.map((p) => p.id);
      for (const id of idsOfB) expect(ids).not.toContain(id);
      // The names B shares with A are there under A's ids only.
      expect(res.body.people.filter((p) => p.name === 'Treasury bot').map((p) => p.id)).toEqual([botA.id]);
    }
    for (const res of [await people(tokenB), await asApiUser(botB)]) {
      expect(res.status).toBe(200);
      expect(res.body.people.map((p) => p.id).sort()).toEqual([...idsOfB].sort());
    }
  });

  it('keeps a disabled API user, who still appears in what it did', async () => {
    const admin = tokensA[1]!;
    expect((await call(admin, 'PUT', `/v1/management/api_users/${viewerBotA.id}/enabled`, { enabled: false })).status).toBe(200);
    expect((await people(admin)).body.people).toContainEqual({ id: viewerBotA.id, name: 'Reporting bot', kind: 'apiUser', role: 'VIEWER' });
    // Disabled, it may no longer ask itself.
    expect((await asApiUser(viewerBotA)).status).toBe(401);
  });

  it('refuses a caller without credentials, a bad token, another method and text the database cannot store, each with { message, code }', async () => {
    const anonymous = await app.request(PATH);
    const forged = await people('not-a-token');
    const post = await call(tokensA[0]!, 'POST', PATH, {});
    const nul = await call(tokensA[0]!, 'GET', `${PATH}?q=%00`);
    expect([anonymous.status, forged.status, post.status, nul.status]).toEqual([401, 401, 405, 400]);
    expect(post.headers.get('allow')).toMatch(/GET/);
    for (const body of [await anonymous.json(), forged.body, post.body, nul.body]) {
      expect(Object.keys(body as object).sort()).toEqual(['code', 'message']);
    }
  });
});
