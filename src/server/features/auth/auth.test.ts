import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addApiUser,
  addWorkspace,
  buildApp,
  consoleToken,
  createTestContext,
  signedHeaders,
  signIn,
  TEST_PASSWORD,
  type TestApiUser,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let ws: Awaited<ReturnType<typeof addWorkspace>>;
let bot: TestApiUser;

beforeAll(async () => {
  ctx = await createTestContext();
  app = buildApp(ctx);
  ws = await addWorkspace(ctx, 'Auth Co', ['ADMIN', 'AUDITOR', 'VIEWER']);
  bot = await addApiUser(ctx, ws.id, 'ADMIN');
});
afterAll(() => ctx.database.close());

const admin = () => ws.people[0]!.email;
const cookieOf = (res: Response) => res.headers.get('set-cookie')?.match(/ao_refresh=([^;]*)/)?.[1] ?? '';

describe('console sign-in', () => {
  it('signs in with the right password and returns a session with an httpOnly, SameSite=Strict refresh cookie', async () => {
    const res = await signIn(app, admin());
    expect(res.status).toBe(200);
    const body = (await res.json()) as { accessToken: string; user: { role: string; workspaceName: string } };
    expect(body.user).toMatchObject({ role: 'ADMIN', workspaceName: 'Auth Co' });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/v1\/auth/);
    const me = await app.request('/v1/auth/session', { headers: { Authorization: `Bearer ${body.accessToken}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: admin(), kind: 'CONSOLE' });
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const wrong = await signIn(app, ws.people[1]!.email, 'not-the-password');
    const unknown = await signIn(app, 'nobody@nowhere.test', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('slows down repeated failures for one account with 429 and Retry-After, even for the right password', async () => {
    const email = ws.people[2]!.email;
    for (let i = 0; i < 5; i++) expect((await signIn(app, email, `wrong-${i}`)).status).toBe(401);
    const blocked = await signIn(app, email, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.json()).toMatchObject({ code: 429, message: expect.stringMatching(/try again in \d+ s/) });
    // Once the wait has passed the right password works again.
    ctx.clock.set(ctx.clock.now().getTime() + 5_000);
    expect((await signIn(app, email, TEST_PASSWORD)).status).toBe(200);
    ctx.clock.reset();
  });

  it('rotates the refresh cookie on every use and revokes the sign-in when a spent cookie comes back', async () => {
    const first = cookieOf(await signIn(app, admin()));
    const refresh = (cookie: string) => app.request('/v1/auth/refresh', { method: 'POST', headers: { Cookie: `ao_refresh=${cookie}` } });
    const r1 = await refresh(first);
    expect(r1.status).toBe(200);
    const second = cookieOf(r1);
    expect(second).not.toBe(first);
    // The first cookie is spent; presenting it again (after the race grace period) is treated as theft.
    ctx.clock.set(Date.now() + 60_000);
    expect((await refresh(first)).status).toBe(401);
    expect((await refresh(second)).status).toBe(401);
    ctx.clock.reset();
  });

  it('a session token stops working when it expires, however often it was accepted before', async () => {
    const token = await consoleToken(app, admin());
    const session = () => app.request('/v1/auth/session', { headers: { Authorization: `Bearer ${token}` } });
    expect((await session()).status).toBe(200);
    expect((await session()).status).toBe(200);
    ctx.clock.set(Date.now() + 10 * 60_000 + 1_000);
    try {
      const expired = await session();
      expect(expired.status).toBe(401);
      expect(await expired.json()).toMatchObject({ code: -10 });
    } finally {
      ctx.clock.reset();
    }
    expect((await session()).status).toBe(200);
  });

  it('refuses a session token whose signature or payload was altered', async () => {
    const token = await consoleToken(app, admin());
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'AB' : 'AA'}`;
    const badSignature = await app.request('/v1/auth/session', { headers: { Authorization: `Bearer ${header}.${payload}.${flipped}` } });
    expect(badSignature.status).toBe(401);
    expect(await badSignature.json()).toMatchObject({ code: -1 });
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { exp: number };
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url');
    expect((await app.request('/v1/auth/session', { headers: { Authorization: `Bearer ${header}.${longer}.${signature}` } })).status).toBe(401);
  });

  it('signs out: the refresh cookie no longer works', async () => {
    const res = await signIn(app, admin());
    const cookie = cookieOf(res);
    const out = await app.request('/v1/auth/sign_out', { method: 'POST', headers: { Cookie: `ao_refresh=${cookie}` } });
    expect(out.status).toBe(204);
    expect((await app.request('/v1/auth/refresh', { method: 'POST', headers: { Cookie: `ao_refresh=${cookie}` } })).status).toBe(401);
  });

  it('answers a refresh without a cookie with 204 and no session, so a signed-out page load makes no refused request', async () => {
    const res = await app.request('/v1/auth/refresh', { method: 'POST' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a refresh from another origin', async () => {
    const cookie = cookieOf(await signIn(app, admin()));
    const res = await app.request('http://localhost/v1/auth/refresh', {
      method: 'POST',
      headers: { Cookie: `ao_refresh=${cookie}`, Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });

  it('never writes passwords or tokens to the logs', async () => {
    const res = await signIn(app, admin());
    const { accessToken } = (await res.json()) as { accessToken: string };
    await app.request('/v1/auth/session', { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(ctx.logs.text).not.toContain(TEST_PASSWORD);
    expect(ctx.logs.text).not.toContain(accessToken);
    expect(ctx.logs.text).not.toContain(cookieOf(res));
  });
});

describe('API-user request signing', () => {
  const path = '/v1/management/api_users';
  const call = async (headers: Record<string, string>, url = path, init: RequestInit = {}) => {
    const res = await app.request(url, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
    return { status: res.status, body: (await res.json()) as { code: number; message: string } };
  };
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a correctly signed request', async () => {
    const res = await call(await signedHeaders(bot, path));
    expect(res.status).toBe(200);
  });

  it.each([
    ['no JWT at all', async () => ({ 'X-API-Key': bot.id }), -3],
    ['a malformed token', async () => ({ 'X-API-Key': bot.id, Authorization: 'Bearer not.a.jwt' }), -5],
    ['a JWT for another API key', async () => ({ ...(await signedHeaders(bot, path)), 'X-API-Key': '00000000-0000-4000-8000-000000000000' }), -6],
    ['a request signed with another key', async () => signedHeaders(bot, path, { key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }), -1],
    ['a token for another URI', async () => signedHeaders(bot, path, { uri: '/v1/management/audit_logs' }), -4],
    ['an expired token', async () => signedHeaders(bot, path, { iat: now() - 120, exp: now() - 65 }), -10],
    ['an issued-at in the future', async () => signedHeaders(bot, path, { iat: now() + 120, exp: now() + 150 }), -12],
    ['a lifetime over 60 s', async () => signedHeaders(bot, path, { iat: now(), exp: now() + 3600 }), -7],
    ['a body hash that does not match', async () => signedHeaders(bot, path, { bodyHash: 'ab'.repeat(32) }), -1],
  ])('refuses %s with 401 and code %i', async (_name, headers, code) => {
    const res = await call(await headers());
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(code);
    expect(res.body.message.length).toBeGreaterThan(5);
  });

  it('accepts a nonce once: a replayed request is refused with -7', async () => {
    const headers = await signedHeaders(bot, path, { nonce: 'replay-me-0001' });
    expect((await call(headers)).status).toBe(200);
    const again = await call(headers);
    expect(again).toMatchObject({ status: 401, body: { code: -7 } });
  });

  it('accepts a nonce once when its replays arrive together, and the other nonces sent with them', async () => {
    const replayed = await signedHeaders(bot, path, { nonce: 'replay-me-together' });
    const others = await Promise.all(Array.from({ length: 4 }, () => signedHeaders(bot, path)));
    const answers = await Promise.all([...Array.from({ length: 6 }, () => call(replayed)), ...others.map((h) => call(h))]);
    expect(answers.slice(0, 6).filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.slice(0, 6).filter((a) => a.status === 401 && a.body.code === -7)).toHaveLength(5);
    expect(answers.slice(6).map((a) => a.status)).toEqual([200, 200, 200, 200]);
  });

  it('refuses a body that differs from the signed one', async () => {
    const target = `/v1/management/api_users/${bot.id}/enabled`;
    const headers = await signedHeaders(bot, target, { body: JSON.stringify({ enabled: true }) });
    const res = await call(headers, target, { method: 'PUT', body: JSON.stringify({ enabled: false }) });
    expect(res).toMatchObject({ status: 401, body: { code: -1 } });
  });

  it('answers 403 with code -8 to a role the operation does not allow', async () => {
    const viewerBot = await addApiUser(ctx, ws.id, 'VIEWER');
    expect(await call(await signedHeaders(viewerBot, path))).toMatchObject({ status: 403, body: { code: -8 } });
    const auditorToken = await consoleToken(app, ws.people[1]!.email);
    expect(await call({ Authorization: `Bearer ${auditorToken}` })).toMatchObject({ status: 403, body: { code: -8 } });
  });

  it('refuses a disabled API user on its next request', async () => {
    const target = await addApiUser(ctx, ws.id, 'ADMIN');
    expect((await call(await signedHeaders(target, path))).status).toBe(200);
    const disable = `/v1/management/api_users/${target.id}/enabled`;
    const body = JSON.stringify({ enabled: false });
    expect((await call(await signedHeaders(bot, disable, { body }), disable, { method: 'PUT', body })).status).toBe(200);
    expect(await call(await signedHeaders(target, path))).toMatchObject({ status: 401, body: { code: -7 } });
  });
});
