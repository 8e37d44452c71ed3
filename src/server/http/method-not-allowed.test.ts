import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server';
import { createTestContext, testConfig, type TestContext } from '../test/harness';

let ctx: TestContext;
let server: RunningServer;

beforeAll(async () => {
  ctx = await createTestContext();
  server = await startServer(testConfig(), ctx.deps.logger, { deps: ctx.deps, database: ctx.database, releaseLock: () => undefined });
});
afterAll(() => server.close());

/** node:http rather than fetch: fetch refuses to send TRACE at all. */
const send = (method: string, path: string) =>
  new Promise<{ status: number; allow: string | undefined; body: { message: string; code: number } }>((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      // A HEAD answer has no body.
      res.on('end', () =>
        resolve({ status: res.statusCode!, allow: res.headers.allow, body: (text ? JSON.parse(text) : undefined) as { message: string; code: number } }),
      );
    });
    req.on('error', reject);
    req.end();
  });

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];

describe('a method the path does not support', () => {
  it('is a 405 with the methods the path does support in Allow', async () => {
    expect(await send('TRACE', '/v1/management/api_users')).toEqual({
      status: 405,
      allow: 'GET, HEAD, POST',
      body: { message: 'TRACE is not supported at /v1/management/api_users; use GET, HEAD or POST', code: 405 },
    });
    expect(await send('PUT', '/v1/assets/USDT')).toMatchObject({ status: 405, allow: 'GET, HEAD, PATCH' });
    expect(await send('DELETE', '/v1/trading/orders/3f0e4a7c-0000-4000-8000-000000000000/cancel')).toMatchObject({ status: 405, allow: 'POST' });
    expect(await send('OPTIONS', '/v1/webhooks/x')).toMatchObject({ status: 405, allow: 'DELETE, GET, HEAD, PATCH' });
  });
  it('for every path of the OpenAPI document, every method it does not define, Allow is exactly the methods it defines', async () => {
    const doc = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const wrong: string[] = [];
    for (const [template, operations] of Object.entries(doc.paths)) {
      const defined = Object.keys(operations).map((method) => method.toUpperCase());
      if (defined.includes('GET')) defined.push('HEAD');
      const allow = defined.sort().join(', ');
      // A UUID fits every path parameter's format, so each request names its path and no other.
      const path = template.replace(/\{[^}]+\}/g, '3f0e4a7c-0000-4000-8000-000000000000');
      for (const method of METHODS.filter((m) => !defined.includes(m))) {
        const answer = await send(method, path);
        if (answer.status !== 405 || answer.allow !== allow)
          wrong.push(`${method} ${template}: ${answer.status} Allow: ${answer.allow ?? '(none)'}, defined: ${allow}`);
      }
    }
    expect(wrong).toEqual([]);
  });
  it('an unknown path is still a 404, whatever the method', async () => {
    expect(await send('TRACE', '/v1/nothing/here')).toMatchObject({ status: 404, allow: undefined, body: { code: 404 } });
    expect(await send('GET', '/v1/assets/USDT/extra')).toMatchObject({ status: 404 });
  });
});
