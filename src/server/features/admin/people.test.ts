import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleUser, PeopleResponse } from '../../../contract/admin';
import type { Passkey, RegistrationOptionsResponse } from '../../../contract/passkeys';
import { addApiUser, addWorkspace, consoleToken, signedHeaders, type TestApiUser } from '../../test/harness';
import { testApp } from '../../test/test-app';
import { SoftwareAuthenticator } from '../../test/software-authenticator';

const PATH = '/v1/console/people';
/** Passkeys are bound to the console's origin; one console user here registers one. */
const ORIGIN = 'http://localhost:5173';
const ROLES = ['OWNER', 'ADMIN', 'AUDITOR', 'SIGNER', 'EDITOR', 'VIEWER'] as const;

const { ctx, app, call } = testApp({ publicOrigin: ORIGIN });

/** Workspace A: one console user per role and two API users; workspace B: an admin and an API user with A's names. */
let a: Awaited<ReturnType<typeof addWorkspace>>;
let b: Awaited<ReturnType<typeof addWorkspace>>;
let tokensA: string[];
let tokenB: string;
let botA: TestApiUser;
let viewerBotA: TestApiUser;
let botB: TestApiUser;

let createdFrom: number;
let createdUntil: number;

beforeAll(async () => {
  createdFrom = Date.now();
  a = await addWorkspace(ctx, 'People A', [...ROLES]);
  createdUntil = Date.now();
  // addWorkspace names people after their role and position (`ADMIN 0`); B's bot takes A's bot's name.
  b = await addWorkspace(ctx, 'People B', ['ADMIN']);
  botA = await addApiUser(ctx, a.id, 'ADMIN', 'Treasury bot');
  viewerBotA = await addApiUser(ctx, a.id, 'VIEWER', 'Reporting bot');
  botB = await addApiUser(ctx, b.id, 'ADMIN', 'Treasury bot');
  tokensA = await Promise.all(a.people.map((p) => consoleToken(app, p.email)));
  tokenB = await consoleToken(app, b.people[0]!.email);
});

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

describe('GET /v1/console/people/{userId}', () => {
  const personPath = (id: string) => `${PATH}/${id}`;
  const person = (token: string, id: string) => call<ConsoleUser>(token, 'GET', personPath(id));
  const roleIndex = (role: (typeof ROLES)[number]) => ROLES.indexOf(role);

  it('describes a console user of the workspace: name, role, enabled, created, last sign-in and passkeys, and nothing else', async () => {
    const editor = a.people[roleIndex('EDITOR')]!;
    // The editor signs in again (the latest sign-in is the one shown) and registers a passkey.
    const signedInFrom = Date.now();
    const editorToken = await consoleToken(app, editor.email);
    const signedInUntil = Date.now();
    const start = await call<RegistrationOptionsResponse>(editorToken, 'POST', '/v1/auth/passkeys/registration_options', {});
    const response = await new SoftwareAuthenticator({ origin: ORIGIN }).register(start.body.options);
    expect((await call<Passkey>(editorToken, 'POST', '/v1/auth/passkeys', { challengeId: start.body.challengeId, name: 'YubiKey', response })).status).toBe(
      201,
    );

    const res = await person(tokensA[roleIndex('ADMIN')]!, editor.id);
    expect(res.status).toBe(200);
    // Exact keys: no email, password hash or credential leaves with the person.
    expect(Object.keys(res.body).sort()).toEqual(['createdAt', 'enabled', 'id', 'lastSignedInAt', 'name', 'passkeys', 'role']);
    expect(res.body).toMatchObject({ id: editor.id, name: `EDITOR ${roleIndex('EDITOR')}`, role: 'EDITOR', enabled: true, passkeys: 1 });
    // The database's clock and the test's agree to the second.
    expect(res.body.createdAt).toBeGreaterThanOrEqual(createdFrom - 1000);
    expect(res.body.createdAt).toBeLessThanOrEqual(createdUntil + 1000);
    expect(res.body.lastSignedInAt).toBeGreaterThanOrEqual(signedInFrom);
    expect(res.body.lastSignedInAt).toBeLessThanOrEqual(signedInUntil);
  });

  it('answers every role, giving the last sign-in only to audit log readers and the passkey count only to passkey policy readers', async () => {
    const target = a.people[roleIndex('VIEWER')]!.id;
    const seen = Object.fromEntries(
      await Promise.all(
        ROLES.map(async (role, i) => {
          const res = await person(tokensA[i]!, target);
          expect(res.status, role).toBe(200);
          return [role, { signIn: res.body.lastSignedInAt !== null, passkeys: res.body.passkeys !== null }] as const;
        }),
      ),
    );
    expect(seen).toEqual({
      // The owner is not among the audit log's readers (the spec's list), so not among the sign-in's.
      OWNER: { signIn: false, passkeys: true },
      ADMIN: { signIn: true, passkeys: true },
      AUDITOR: { signIn: true, passkeys: true },
      SIGNER: { signIn: false, passkeys: false },
      EDITOR: { signIn: false, passkeys: false },
      VIEWER: { signIn: false, passkeys: false },
    });
    // The viewer has no passkey: an admin reads 0, not null.
    expect((await person(tokensA[roleIndex('ADMIN')]!, target)).body.passkeys).toBe(0);
    // An API user may ask too, as it may list the people.
    const res = await app.request(personPath(target), { headers: await signedHeaders(botA, personPath(target)) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ConsoleUser).id).toBe(target);
  });

  it('is 404 for a console user of another workspace and for an API user, with { message, code }', async () => {
    for (const res of [
      await person(tokensA[roleIndex('ADMIN')]!, b.people[0]!.id),
      await person(tokenB, a.people[0]!.id),
      await person(tokensA[roleIndex('ADMIN')]!, botA.id),
    ]) {
      expect(res.status).toBe(404);
      expect(Object.keys(res.body).sort()).toEqual(['code', 'message']);
      expect(res.body.message).toBe('Console user not found');
    }
  });

  it('refuses a malformed id (400) and a caller without credentials (401), each with { message, code }', async () => {
    const malformed = await person(tokensA[0]!, 'not-a-uuid');
    const anonymous = await app.request(personPath(a.people[0]!.id));
    expect([malformed.status, anonymous.status]).toEqual([400, 401]);
    expect(malformed.body.message).toMatch(/userId must be a UUID/);
    for (const body of [malformed.body, await anonymous.json()]) expect(Object.keys(body as object).sort()).toEqual(['code', 'message']);
  });
});
