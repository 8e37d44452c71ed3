import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetList, RegisteredAsset } from '../../../contract/catalogue';
import { AssetPageCache } from './page-cache';
import { shipped } from './shipped';
import { addWorkspace, buildApp, consoleToken, createTestContext, type TestContext } from '../../test/harness';

// Two apps on one database stand for two instances: each keeps its own asset pages in memory.
let ctx: TestContext;
let one: ReturnType<typeof buildApp>;
let two: ReturnType<typeof buildApp>;
let admin: string;
let editor: string;
let otherAdmin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  one = buildApp(ctx);
  two = buildApp(ctx);
  const ws = await addWorkspace(ctx, 'Kept Pages Co', ['ADMIN', 'EDITOR']);
  const other = await addWorkspace(ctx, 'Other Pages Co', ['ADMIN']);
  [admin, editor, otherAdmin] = await Promise.all([
    consoleToken(one, ws.people[0]!.email),
    consoleToken(one, ws.people[1]!.email),
    consoleToken(one, other.people[0]!.email),
  ]);
});
afterAll(() => ctx.database.close());

const call = async <T>(app: ReturnType<typeof buildApp>, token: string, method: string, path: string, body?: unknown) => {
  const res = await app.request(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};
const PAGE = '/v1/assets?ids=USDT&ids=BTC&pageSize=100';
const page = async (app: ReturnType<typeof buildApp>, token: string, path = PAGE) => {
  const list = await call<AssetList>(app, token, 'GET', path);
  return Object.fromEntries(list.data.map((a) => [a.legacyId, a])) as Record<string, Asset>;
};

/** Changes a global asset's name without its triggers: no counter moves, so a kept page still shows the old name. */
const renameUnseen = (legacyId: string, name: string) =>
  ctx.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`update catalogue_assets set display_name = ${name}, doc = jsonb_set(doc::jsonb, '{displayName}', to_jsonb(${name}::text))::text where legacy_id = ${legacyId} and workspace_id is null`,
    );
  });

describe('asset pages kept in memory', () => {
  it('are served again while nothing on them changed, and built anew once something did', async () => {
    const first = await page(one, admin);
    await renameUnseen('BTC', 'Bitcoin (renamed unseen)');
    // Kept: the same request answers the page as it was (so the cache is in use)...
    expect((await page(one, admin)).BTC!.displayName).toBe(first.BTC!.displayName);
    // ...while a page this instance never built reads the table.
    expect((await page(one, admin, `${PAGE}&sort=symbol`)).BTC!.displayName).toBe('Bitcoin (renamed unseen)');
    // Any change through the triggers (here a plain UPDATE of the global catalogue) makes every kept page stale.
    await ctx.deps.db.execute(sql`update catalogue_assets set display_name = 'Bitcoin' where legacy_id = 'BTC' and workspace_id is null`);
    expect((await page(one, admin)).BTC!.displayName).toBe('Bitcoin');
    expect((await page(one, otherAdmin)).BTC!.displayName).toBe('Bitcoin');
  });

  it('show a price, a note and a new asset made through another instance at the next read', async () => {
    await page(one, admin);
    await page(one, editor);
    await page(one, otherAdmin);
    await call(two, admin, 'POST', '/v1/assets/prices/BTC', { currency: 'USD', price: 65000.5 });
    expect((await page(one, admin)).BTC!.price).toMatchObject({ currency: 'USD', price: '65000.5' });
    expect((await page(one, editor)).BTC!.price).toMatchObject({ currency: 'USD', price: '65000.5' });
    // The other workspace's pages are not touched by it, and never show it.
    expect((await page(one, otherAdmin)).BTC!.price).toBeUndefined();

    await call(two, editor, 'PATCH', '/v1/assets/USDT', { metadata: { note: { text: 'Payroll float' } } });
    expect((await page(one, editor)).USDT!.metadata.note?.text).toBe('Payroll float');
    // A note is its writer's own: the admin's page of the same workspace is built anew without it.
    expect((await page(one, admin)).USDT!.metadata).not.toHaveProperty('note');

    const local = '/v1/assets?scope=LOCAL&pageSize=100';
    expect((await call<AssetList>(one, admin, 'GET', local)).data).toHaveLength(0);
    const token = shipped.resolvable.find(
      (t) => t.blockchainId === shipped.blockchains.find((b) => b.legacyId === 'ETH')!.id && t.symbol && t.standard !== 'ERC721',
    )!;
    const registered = await call<RegisteredAsset>(two, admin, 'POST', '/v1/assets', { blockchainId: 'ETH', address: token.address });
    expect((await call<AssetList>(one, admin, 'GET', local)).data.map((a) => a.legacyId)).toEqual([registered.legacyId]);
    expect((await call<AssetList>(one, otherAdmin, 'GET', local)).data).toHaveLength(0);
  });

  it('hold no more than their bound however many different pages are asked for, the least recently read going first', async () => {
    const workspaceId = crypto.randomUUID();
    const cache = new AssetPageCache(ctx.deps.db, 100);
    const builds: string[] = [];
    const read = (key: string) =>
      cache.get(workspaceId, key, async () => {
        builds.push(key);
        return key.repeat(40 / key.length);
      });
    // An abuser's thousand different filters: each page is built once, and at most two are kept at a time.
    for (let i = 0; i < 1000; i++) await read(`q${String(i).padStart(3, '0')}`);
    expect(builds).toHaveLength(1000);
    await read('q999');
    await read('q998');
    expect(builds).toHaveLength(1000);
    await read('q000');
    expect(builds).toHaveLength(1001);
    // q998 was read after q999, so q999 went when q000 came in; a page larger than the bound is built and never kept.
    await read('q998');
    await read('q999');
    expect(builds.slice(1001)).toEqual(['q999']);
    await cache.get(workspaceId, 'huge', async () => 'x'.repeat(101));
    await cache.get(workspaceId, 'huge', async () => 'x'.repeat(101));
    await read('q998');
    expect(builds.slice(1001)).toEqual(['q999']);
  });
});
