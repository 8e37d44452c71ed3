import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiUser, addWorkspace, buildApp, consoleToken, createTestContext, signedHeaders, type TestContext } from '../test/harness';

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: { write: 1000, query: 1000, external_query: 1000, high_compute: 1000 } });
  app = buildApp(ctx, (a) => {
    a.get('/v1/probe/crash', () => {
      throw new Error('secret internals: db password hunter2');
    });
  });
  const ws = await addWorkspace(ctx, 'Conventions Co', ['ADMIN']);
  token = await consoleToken(app, ws.people[0]!.email);
});
afterAll(() => ctx.database.close());

const auth = () => ({ Authorization: `Bearer ${token}` });

describe('error envelope', () => {
  const expectEnvelope = async (res: Response, status: number, pattern: RegExp) => {
    expect(res.status).toBe(status);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body.message).toMatch(pattern);
    expect(typeof body.code).toBe('number');
  };

  it('malformed JSON is a 400 that says so', async () => {
    await expectEnvelope(
      await app.request('/v1/auth/sign_in', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":' }),
      400,
      /Malformed JSON/,
    );
  });
  it('a wrong content type is a 415 naming it', async () => {
    await expectEnvelope(
      await app.request('/v1/auth/sign_in', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' }),
      415,
      /text\/plain.*application\/json/,
    );
  });
  it('a field the contract forbids is named', async () => {
    const body = JSON.stringify({ email: 'a@b.test', password: 'x', isAdmin: true });
    await expectEnvelope(
      await app.request('/v1/auth/sign_in', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }),
      400,
      /'isAdmin' is not allowed/,
    );
  });
  it('an invalid field is named', async () => {
    const body = JSON.stringify({ email: 'not-an-email', password: 'x' });
    await expectEnvelope(await app.request('/v1/auth/sign_in', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }), 400, /'email'/);
  });
  it('an out-of-format path parameter is named', async () => {
    await expectEnvelope(await app.request('/v1/management/api_users/not-a-uuid', { headers: auth() }), 400, /path parameter 'userId'/);
  });
  it('a body over the size limit is a 413', async () => {
    const body = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1_100_000) });
    await expectEnvelope(await app.request('/v1/auth/sign_in', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }), 413, /too large/);
  });
  it('an unknown API path is a 404 envelope', async () => {
    await expectEnvelope(await app.request('/v1/nothing/here'), 404, /No operation at GET \/v1\/nothing\/here/);
  });
  it('an unexpected error is a plain 500: no stack, no internals, logged with the request id', async () => {
    const res = await app.request('/v1/probe/crash');
    const requestId = res.headers.get('x-request-id');
    await expectEnvelope(res, 500, /^Internal server error$/);
    const line = ctx.logs.lines.find((l) => l.includes('unexpected error'));
    expect(line).toContain(requestId);
  });
});

describe('headers', () => {
  it('every response carries an X-Request-ID, and every log line of the request carries it too', async () => {
    const res = await app.request('/v1/management/api_users', { headers: auth() });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ctx.logs.lines.some((l) => l.includes(`"requestId":"${id}"`) && l.includes('"path":"/v1/management/api_users"'))).toBe(true);
    const failed = await app.request('/v1/management/api_users');
    expect(failed.headers.get('x-request-id')).toBeTruthy();
  });
  it('keeps a well-formed request id offered by the caller and replaces a hostile one', async () => {
    const kept = await app.request('/v1/openapi.json', { headers: { 'X-Request-ID': 'trace-1234abcd' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-1234abcd');
    const replaced = await app.request('/v1/openapi.json', { headers: { 'X-Request-ID': '<script>alert(1)</script>' } });
    expect(replaced.headers.get('x-request-id')).not.toContain('script');
  });
  it('sets the hardening headers, and no-store on the API', async () => {
    const res = await app.request('/v1/management/api_users', { headers: auth() });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1, generated from the contract, and marks extensions', async () => {
    const doc = (await (await app.request('/v1/openapi.json')).json()) as { openapi: string; paths: Record<string, Record<string, { tags?: string[] }>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/v1/management/api_users']?.get).toBeDefined();
    expect(doc.paths['/v1/auth/sign_in']?.post?.tags?.[0]).toMatch(/extension/);
  });
  it('is rendered at /docs without inline scripts', async () => {
    const html = await (await app.request('/docs')).text();
    expect(html).toContain('swagger-ui-bundle.js');
    expect(html).not.toMatch(/<script>[^<]/);
    expect((await app.request('/docs/swagger-ui-bundle.js')).status).toBe(200);
  });
});

describe('workspace isolation', () => {
  it('a user of one workspace can neither read nor change another workspace’s API user by id', async () => {
    const a = await addWorkspace(ctx, 'Tenant A', ['ADMIN']);
    const b = await addWorkspace(ctx, 'Tenant B', ['ADMIN']);
    const aBot = await addApiUser(ctx, a.id, 'SIGNER', 'A bot');
    const bToken = await consoleToken(app, b.people[0]!.email);
    const bHeaders = { Authorization: `Bearer ${bToken}`, 'Content-Type': 'application/json' };

    const list = (await (await app.request('/v1/management/api_users', { headers: bHeaders })).json()) as { users: { id: string }[] };
    expect(list.users.map((u) => u.id)).not.toContain(aBot.id);
    expect((await app.request(`/v1/management/api_users/${aBot.id}`, { headers: bHeaders })).status).toBe(404);
    const change = await app.request(`/v1/management/api_users/${aBot.id}/enabled`, {
      method: 'PUT',
      headers: bHeaders,
      body: JSON.stringify({ enabled: false }),
    });
    expect(change.status).toBe(404);

    // Tenant A's bot is untouched and still works; A's own admin sees it.
    const aToken = await consoleToken(app, a.people[0]!.email);
    const mine = await app.request(`/v1/management/api_users/${aBot.id}`, { headers: { Authorization: `Bearer ${aToken}` } });
    expect(await mine.json()).toMatchObject({ id: aBot.id, enabled: true });
    // An API user of B signing its own requests is held to B as well.
    const bBot = await addApiUser(ctx, b.id, 'ADMIN');
    const path = `/v1/management/api_users/${aBot.id}`;
    expect((await app.request(path, { headers: await signedHeaders(bBot, path) })).status).toBe(404);
  });
});
