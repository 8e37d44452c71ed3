import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkspace, buildApp, consoleToken, createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  app = buildApp(ctx, (a) => {
    // A query that fails in the database with a request value among its parameters.
    a.get('/v1/probe/failing-query', async () => {
      await ctx.deps.db.execute(sql`select ${'secret-value-7f3a'}::int as n`);
      return new Response('unreachable');
    });
  });
  const ws = await addWorkspace(ctx, 'Text Co', ['ADMIN']);
  token = await consoleToken(app, ws.people[0]!.email);
});
afterAll(() => ctx.database.close());

const send = (method: string, path: string, body?: string) =>
  app.request(path, { method, headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) }, body });

const expect400 = async (res: Response, pattern: RegExp) => {
  const body = (await res.json()) as { message: string; code: number };
  expect({ status: res.status, ...body }).toMatchObject({ status: 400, code: 400, message: expect.stringMatching(pattern) });
};

describe('text PostgreSQL cannot store', () => {
  it('a NUL in a JSON body field is a 400 naming the field', async () => {
    await expect400(
      await send('PATCH', '/v1/assets/USDT', JSON.stringify({ metadata: { note: { text: 'a\u0000b' } } })),
      /body field 'metadata\.note\.text'.*NUL/,
    );
    await expect400(
      await send(
        'POST',
        '/v1/transactions',
        JSON.stringify({
          assetId: 'ETH',
          amount: '1',
          source: { type: 'VAULT_ACCOUNT', id: '0' },
          destination: { type: 'VAULT_ACCOUNT', id: '1' },
          externalTxId: '\u0000',
        }),
      ),
      /body field 'externalTxId'/,
    );
    await expect400(
      await send('POST', '/v1/webhooks', JSON.stringify({ url: 'https://example.test/hook', events: ['transaction.created'], description: ['x', 'y\u0000'] })),
      /body field 'description\.1'/,
    );
  });
  it('a NUL in a field name is named by where it stands', async () => {
    await expect400(await send('PATCH', '/v1/assets/USDT', JSON.stringify({ metadata: { 'no\u0000te': {} } })), /body field name in 'metadata'/);
  });
  it('a lone UTF-16 surrogate written as a JSON escape is a 400 naming the field', async () => {
    await expect400(await send('PATCH', '/v1/assets/USDT', '{"metadata":{"note":{"text":"\\ud800"}}}'), /body field 'metadata\.note\.text'.*surrogate/);
    await expect400(await send('PATCH', '/v1/assets/USDT', '{"metadata":{"note":{"text":"x\\udc00"}}}'), /body field 'metadata\.note\.text'/);
  });
  it('a well-formed surrogate pair (an emoji) is stored as sent', async () => {
    const res = await send('PATCH', '/v1/assets/USDT', '{"metadata":{"note":{"text":"\\ud83d\\ude00 ok"}}}');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { metadata: { note: { text: string } } }).metadata.note.text).toBe('😀 ok');
  });
  it('a NUL in a query parameter or a path segment is a 400 naming it', async () => {
    await expect400(await send('GET', '/v1/management/audit_logs?user=ab%00c'), /query parameter 'user'/);
    await expect400(await send('GET', '/v1/transactions?txHash=%00'), /query parameter 'txHash'/);
    await expect400(await send('GET', '/v1/assets?ids=a&ids=%00'), /query parameter 'ids'/);
    await expect400(await send('GET', '/v1/transactions/ab%00'), /path segment 3 \(after '\/v1\/transactions'\)/);
    await expect400(await send('GET', '/v1/assets/%00'), /path segment 3/);
    await expect400(await send('GET', '/v1/trading/providers/x%00'), /path segment 4/);
    await expect400(await send('GET', '/v1/assets?%00=1'), /a query parameter name/);
  });
  it('a database error is logged by its code and message, without the request values among its parameters', async () => {
    const res = await send('GET', '/v1/probe/failing-query');
    expect(res.status).toBe(500);
    const line = ctx.logs.lines.find((l) => l.includes('unexpected error') && l.includes(res.headers.get('x-request-id')!));
    expect(line).toBeDefined();
    expect(line).toContain('22P02');
    expect(line).toMatch(/invalid input syntax for type integer/);
    expect(ctx.logs.text).not.toContain('secret-value-7f3a');
  });
});
