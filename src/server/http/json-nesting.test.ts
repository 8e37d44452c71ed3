import { beforeAll, describe, expect, it } from 'vitest';
import { addApiUser, addWorkspace, signedHeaders, type TestApiUser } from '../test/harness';
import { testApp } from '../test/test-app';
import { MAX_JSON_NESTING } from './json-nesting';

const { ctx, app } = testApp();
let bot: TestApiUser;

beforeAll(async () => {
  const ws = await addWorkspace(ctx, 'Nesting Co', ['ADMIN']);
  bot = await addApiUser(ctx, ws.id, 'ADMIN');
});

// Arrays take 2 bytes a level and objects 5 ({"": and }), so these are the deepest bodies the
// 1 MiB body limit lets through, and the depths where the first recursive walk used to overflow.
const DEPTHS = [MAX_JSON_NESTING + 1, 3_000, 5_000, 10_000, 100_000];
const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const objects = (depth: number) => '{"":'.repeat(depth) + '1' + '}'.repeat(depth);
const SHAPES = [
  { name: 'arrays', nest: arrays, deepest: 500_000 },
  { name: 'objects', nest: objects, deepest: 200_000 },
];

const signIn = (body: string) => app.request('/v1/auth/sign_in', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
const signedPatch = async (body: string) =>
  app.request('/v1/assets/USDT', { method: 'PATCH', headers: await signedHeaders(bot, '/v1/assets/USDT', { method: 'PATCH', body }), body });

const answer = async (res: Response) => ({ status: res.status, ...((await res.json()) as { message: string; code: number }) });
const REFUSED = { status: 400, code: 400, message: expect.stringMatching(new RegExp(`nesting limit of ${MAX_JSON_NESTING} levels`)) };

describe('JSON nested deeper than the limit', () => {
  for (const { name, nest, deepest } of SHAPES) {
    it(`of ${name} is a 400 naming the limit on a public route, at every depth up to the body limit`, async () => {
      for (const depth of [...DEPTHS, deepest]) expect({ depth, ...(await answer(await signIn(nest(depth)))) }).toEqual({ depth, ...REFUSED });
    });
    it(`of ${name} is a 400 naming the limit on a signed route, inside a field, at every depth up to the body limit`, async () => {
      for (const depth of [...DEPTHS, deepest - 10]) {
        expect({ depth, ...(await answer(await signedPatch(`{"metadata":${nest(depth)}}`))) }).toEqual({ depth, ...REFUSED });
      }
    });
  }
  it('counts brackets in arrays and objects alike, and not inside strings', async () => {
    const mixed = '[{"":'.repeat(MAX_JSON_NESTING / 2) + '1' + '}]'.repeat(MAX_JSON_NESTING / 2);
    expect(await answer(await signIn(`[${mixed}]`))).toEqual(REFUSED);
    // At the limit, and with any number of brackets inside a string, the body is the validator's to judge.
    for (const body of [arrays(MAX_JSON_NESTING), objects(MAX_JSON_NESTING), JSON.stringify({ email: 'a@b.test', password: '[{\\"'.repeat(10_000) })]) {
      const res = await answer(await signIn(body));
      expect(res.status).not.toBe(500);
      expect(res.message).not.toMatch(/nesting/);
    }
  });
});
