import { beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetList, BlockchainList } from '../../../contract/catalogue';
import { addWorkspace, consoleToken } from '../../test/harness';
import { testApp } from '../../test/test-app';
import { catalogueSettings } from './schema';
import { shipped } from './shipped';

const { ctx, app } = testApp();
let ws: Awaited<ReturnType<typeof addWorkspace>>;
let admin: string;
let editor: string;
let viewer: string;

const chainId = (legacy: string) => shipped.blockchains.find((b) => b.legacyId === legacy)!.id;
const resolvableOn = (legacy: string) => shipped.resolvable.filter((t) => t.blockchainId === chainId(legacy) && t.symbol && t.standard !== 'ERC721');

beforeAll(async () => {
  ws = await addWorkspace(ctx, 'Catalogue Co', ['ADMIN', 'EDITOR', 'VIEWER']);
  [admin, editor, viewer] = (await Promise.all(ws.people.map((p) => consoleToken(app, p.email)))) as [string, string, string];
});

const call = async <T = Record<string, unknown>>(token: string, method: string, path: string, body?: unknown) => {
  const res = await app.request(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as T & { message: string; code: number } };
};
const register = (token: string, body: Record<string, unknown>) => call(token, 'POST', '/v1/assets', body);

describe('the shipped catalogue', () => {
  it('has at least 40 blockchains with testnets flagged and at least 300 assets, stablecoins marked', async () => {
    const chains = await call<BlockchainList>(admin, 'GET', '/v1/blockchains');
    expect(chains.body.data.length).toBeGreaterThanOrEqual(40);
    expect(chains.body.data.find((b) => b.legacyId === 'ETH_TEST5')).toMatchObject({
      displayName: 'Ethereum Sepolia',
      onchain: { test: true, chainId: '11155111' },
    });
    const assets = await call<AssetList>(admin, 'GET', '/v1/assets?pageSize=1000');
    expect(assets.body.data.length).toBeGreaterThanOrEqual(300);
    const usdt = await call<Asset>(admin, 'GET', '/v1/assets/USDT');
    expect(usdt.body).toMatchObject({
      legacyId: 'USDT',
      onchain: { address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6, standards: ['ERC20'] },
      metadata: { scope: 'GLOBAL', features: ['STABLECOIN'] },
    });
    // The same id by uuid, and stable across restarts because it is derived from the legacy id.
    expect((await call<Asset>(admin, 'GET', `/v1/assets/${usdt.body.id}`)).body.legacyId).toBe('USDT');
  });

  it('answers 404 with 1504 for an unknown asset and 1505 for an unknown blockchain', async () => {
    expect(await call(admin, 'GET', '/v1/assets/NOPE_COIN')).toMatchObject({ status: 404, body: { code: 1504 } });
    expect(await call(admin, 'GET', '/v1/blockchains/NOPE_CHAIN')).toMatchObject({ status: 404, body: { code: 1505 } });
    const eth = await call(admin, 'GET', `/v1/blockchains/${chainId('ETH')}`);
    expect(eth.body).toMatchObject({ legacyId: 'ETH', metadata: { explorer: { tx: 'https://etherscan.io/tx/{tx}' } } });
  });
});

describe('list parameters', () => {
  it.each([
    ['/v1/assets?pageSize=99', 400, /pageSize must be between 100 and 1000/],
    ['/v1/assets?pageSize=100', 200, null],
    ['/v1/assets?pageSize=1000', 200, null],
    ['/v1/assets?pageSize=1001', 400, /pageSize/],
    ['/v1/assets?assetClass=COIN', 400, /assetClass must be one of/],
    ['/v1/assets?scope=PUBLIC', 400, /scope must be GLOBAL or LOCAL/],
    ['/v1/assets?scope=local', 400, /scope must be GLOBAL or LOCAL/],
    ['/v1/assets?deprecated=maybe', 400, /deprecated must be true or false/],
    ['/v1/assets?symbol=', 400, /symbol must be at least 1 character/],
    [`/v1/assets?${Array.from({ length: 101 }, (_, i) => `ids=X${i}`).join('&')}`, 400, /ids may list at most 100/],
    [`/v1/assets?${Array.from({ length: 100 }, (_, i) => `ids=X${i}`).join('&')}`, 200, null],
    ['/v1/blockchains?pageSize=0', 400, /pageSize must be between 1 and 500/],
    ['/v1/blockchains?pageSize=1', 200, null],
    ['/v1/blockchains?pageSize=500', 200, null],
    ['/v1/blockchains?pageSize=501', 400, /pageSize/],
    ['/v1/blockchains?test=yes', 400, /test must be true or false/],
  ])('%s answers %i', async (path, status, message) => {
    const res = await call(admin, 'GET', path);
    expect(res.status).toBe(status);
    if (message) expect(res.body.message).toMatch(message);
  });

  it('filters by blockchain (id or legacy id), class, symbol, ids, deprecated and testnets', async () => {
    const onPolygon = (await call<AssetList>(admin, 'GET', '/v1/assets?blockchainId=MATIC_POLYGON&pageSize=1000')).body.data;
    expect(onPolygon.length).toBeGreaterThan(10);
    expect(onPolygon.every((a) => a.blockchainId === chainId('MATIC_POLYGON'))).toBe(true);
    expect((await call<AssetList>(admin, 'GET', `/v1/assets?blockchainId=${chainId('MATIC_POLYGON')}&pageSize=1000`)).body.data).toHaveLength(onPolygon.length);
    const natives = (await call<AssetList>(admin, 'GET', '/v1/assets?assetClass=NATIVE&pageSize=1000')).body.data;
    expect(natives.length).toBe(shipped.blockchains.length);
    const usdc = (await call<AssetList>(admin, 'GET', '/v1/assets?symbol=USDC&pageSize=1000')).body.data;
    expect(usdc.length).toBeGreaterThan(5);
    expect(usdc.every((a) => a.onchain.symbol === 'USDC')).toBe(true);
    const byIds = (await call<AssetList>(admin, 'GET', '/v1/assets?ids=USDT&ids=BTC&pageSize=100')).body.data.map((a) => a.legacyId).sort();
    expect(byIds).toEqual(['BTC', 'USDT']);
    const deprecatedChains = (await call<BlockchainList>(admin, 'GET', '/v1/blockchains?deprecated=true')).body.data.map((b) => b.legacyId);
    expect(deprecatedChains).toContain('ETH_TEST3');
    const tests = (await call<BlockchainList>(admin, 'GET', '/v1/blockchains?test=true')).body.data;
    expect(tests.every((b) => b.onchain.test)).toBe(true);
    expect((await call<BlockchainList>(admin, 'GET', '/v1/blockchains?protocol=UTXO')).body.data.map((b) => b.legacyId)).toContain('BTC');
  });

  it('pages with next until the end, with no duplicates and no gaps while assets are added', async () => {
    const all = new Set<string>();
    let next: string | null = null;
    const tokens = resolvableOn('ETH').slice(0, 4);
    let i = 0;
    do {
      const page: { body: AssetList } = await call<AssetList>(admin, 'GET', `/v1/assets?pageSize=100${next ? `&pageCursor=${encodeURIComponent(next)}` : ''}`);
      for (const a of page.body.data) {
        expect(all.has(a.id)).toBe(false);
        all.add(a.id);
      }
      next = page.body.next;
      if (tokens[i]) await register(admin, { blockchainId: 'ETH', address: tokens[i++]!.address });
    } while (next);
    for (const a of shipped.assets) expect(all.has(a.id)).toBe(true);
    expect((await call(admin, 'GET', '/v1/assets?pageSize=100&symbol=USDC&pageCursor=garbage')).status).toBe(400);
  });
});

describe('registering an asset by address', () => {
  it('registers a known token as LOCAL, visible only in this workspace, for each family', async () => {
    for (const legacy of ['ETH', 'TRX', 'ALGO', 'NEAR', 'SUI', 'TON', 'MATIC_POLYGON']) {
      const token = resolvableOn(legacy).at(-1)!;
      const res = await register(editor, { blockchainId: legacy, address: token.address });
      expect(res.status, `${legacy}: ${res.body.message}`).toBe(200);
      expect(res.body).toMatchObject({
        assetClass: 'FT',
        onchain: { symbol: token.symbol, address: token.address, decimals: token.decimals },
        metadata: { scope: 'Local', deprecated: false },
      });
    }
    const aqua = resolvableOn('XLM')[0]!;
    expect((await register(editor, { blockchainId: 'XLM', address: aqua.address })).body.message).toMatch(/symbol .*required/);
    expect((await register(editor, { blockchainId: 'XLM', address: aqua.address, symbol: aqua.symbol })).status).toBe(200);
    const mine = (await call<AssetList>(admin, 'GET', '/v1/assets?scope=LOCAL&pageSize=100')).body.data;
    expect(mine.length).toBeGreaterThanOrEqual(8);
    const other = await addWorkspace(ctx, 'Other Catalogue Co', ['ADMIN']);
    const theirs = await consoleToken(app, other.people[0]!.email);
    expect((await call<AssetList>(theirs, 'GET', '/v1/assets?scope=LOCAL&pageSize=100')).body.data).toHaveLength(0);
    // The registration answer spells the scope as the SDKs' AssetMetadata does (Local); the asset
    // itself as their AssetDetailsMetadata does (LOCAL). The filter takes either spelling.
    expect(mine.every((a) => a.metadata.scope === 'LOCAL')).toBe(true);
    expect((await call<AssetList>(admin, 'GET', '/v1/assets?scope=Local&pageSize=100')).body.data.map((a) => a.id)).toEqual(mine.map((a) => a.id));
    expect((await call(theirs, 'GET', `/v1/assets/${mine[0]!.id}`)).status).toBe(404);
  });

  it.each([
    ['an unknown blockchain', { blockchainId: 'NOPE', address: '0x' + '1'.repeat(40) }, 400, 1000],
    ['a chain without tokens', { blockchainId: 'BTC', address: 'bc1qxyz' }, 400, 1000],
    ['a chain without self-serve listing', { blockchainId: 'XRP', address: 'rXYZ' }, 400, 1004],
    ['a deprecated chain', { blockchainId: 'ETH_TEST3', address: '0x' + '1'.repeat(40) }, 400, 1006],
    ['a bad EIP-55 checksum', { blockchainId: 'ETH', address: '0xdAC17F958D2ee523a2206206994597C13D831eC7' }, 400, 1003],
    ['an address with nothing behind it', { blockchainId: 'ETH', address: '0x' + '7'.repeat(40) }, 404, 1003],
    ['an NFT contract', { blockchainId: 'ETH', address: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D' }, 400, 1007],
    ['a token whose metadata cannot be read', { blockchainId: 'ETH', address: '0x89d24A6b4CcB1B6fAA2625fE562bDD9a23260359' }, 400, 1010],
    ['a token already in the global catalogue', { blockchainId: 'ETH', address: '0xdac17f958d2ee523a2206206994597c13d831ec7' }, 409, 1001],
  ])('refuses %s', async (_name, body, status, code) => {
    const res = await register(admin, body);
    expect(res.status, res.body.message).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.body.message.length).toBeGreaterThan(10);
  });

  it('refuses a token already added to this workspace (409 1002)', async () => {
    const token = resolvableOn('ETH')[5]!;
    expect((await register(admin, { blockchainId: 'ETH', address: token.address })).status).toBe(200);
    expect((await register(admin, { blockchainId: 'ETH', address: token.address.toLowerCase() })).body).toMatchObject({ code: 1002 });
  });

  it('enforces the quota (403 1005) and the testnet and mainnet permissions (403 1008, 1009)', async () => {
    const limited = await addWorkspace(ctx, 'Limited Co', ['ADMIN']);
    const token = await consoleToken(app, limited.people[0]!.email);
    await ctx.deps.db.insert(catalogueSettings).values({ workspaceId: limited.id, assetQuota: 1, allowTestnetAssets: false, allowMainnetAssets: true });
    const [first, second] = resolvableOn('ETH').slice(6, 8);
    expect((await register(token, { blockchainId: 'ETH', address: first!.address })).status).toBe(200);
    expect((await register(token, { blockchainId: 'ETH', address: second!.address })).body).toMatchObject({ code: 1005 });
    expect((await register(token, { blockchainId: 'ETH_TEST5', address: '0x' + '2'.repeat(40) })).body).toMatchObject({ code: 1008 });
    await ctx.deps.db.update(catalogueSettings).set({ allowMainnetAssets: false, assetQuota: 10 });
    expect((await register(token, { blockchainId: 'ETH', address: second!.address })).body).toMatchObject({ code: 1009 });
  });
});

describe('notes and prices', () => {
  it('keeps each user’s own note, visible only to them', async () => {
    const before = Date.now();
    const res = await call<Asset>(editor, 'PATCH', '/v1/assets/USDT', { metadata: { note: { text: 'Used for payroll' } } });
    expect(res.status).toBe(200);
    expect(res.body.metadata.note).toMatchObject({
      text: 'Used for payroll',
      userName: 'EDITOR 1',
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const { updatedAt } = res.body.metadata.note!;
    expect(new Date(updatedAt).getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(new Date(updatedAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await call<AssetList>(editor, 'GET', '/v1/assets?ids=USDT&pageSize=100')).body.data[0]!.metadata.note).toEqual(res.body.metadata.note);
    // Another user's note is not theirs: the field is left out, as the SDKs declare it optional.
    expect((await call<Asset>(admin, 'GET', '/v1/assets/USDT')).body.metadata).not.toHaveProperty('note');
    expect((await call<Asset>(editor, 'GET', '/v1/assets/USDT')).body.metadata.note?.text).toBe('Used for payroll');
    expect((await call(viewer, 'PATCH', '/v1/assets/USDT', { metadata: { note: { text: 'x' } } })).status).toBe(403);
    expect((await call(editor, 'PATCH', '/v1/assets/NOPE', { metadata: { note: { text: 'x' } } })).body).toMatchObject({ code: 1504 });
    expect((await call(editor, 'PATCH', '/v1/assets/USDT', { metadata: { note: { text: 'x'.repeat(513) } } })).status).toBe(400);
  });

  it("clears the note for a null text (the legacy SDK's model) or none (the TypeScript SDK's)", async () => {
    await call(editor, 'PATCH', '/v1/assets/USDC', { metadata: { note: { text: 'To clear' } } });
    const cleared = await call<Asset>(editor, 'PATCH', '/v1/assets/USDC', { metadata: { note: { text: null } } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.metadata.note?.text ?? '').toBe('');
    await call(editor, 'PATCH', '/v1/assets/USDC', { metadata: { note: { text: 'Again' } } });
    expect((await call<Asset>(editor, 'PATCH', '/v1/assets/USDC', { metadata: { note: {} } })).body.metadata.note?.text ?? '').toBe('');
    expect((await call(editor, 'PATCH', '/v1/assets/USDC', { metadata: { note: { text: 5 } } })).status).toBe(400);
  });

  it('sets a price that then shows on the asset, with the spec’s errors', async () => {
    const res = await call(admin, 'POST', '/v1/assets/prices/BTC', { currency: 'EUR', price: 61234.56 });
    expect(res.body).toMatchObject({ legacyId: 'BTC', currency: 'EUR', price: 61234.56, source: 'PRIVATE', lastUpdateAt: expect.any(Number) });
    expect((await call<Asset>(admin, 'GET', '/v1/assets/BTC')).body.price).toMatchObject({ currency: 'EUR', price: '61234.56' });
    expect(await call(admin, 'POST', '/v1/assets/prices/BTC', { currency: 'XYZ', price: 1 })).toMatchObject({ status: 404, body: { code: 1001 } });
    expect((await call(admin, 'POST', '/v1/assets/prices/BTC', { currency: 'EUR', price: 0 })).status).toBe(400);
    expect((await call(admin, 'POST', '/v1/assets/prices/BTC', { currency: 'eur', price: 1 })).body.message).toMatch(/ISO 4217/);
    expect(await call(admin, 'POST', '/v1/assets/prices/NOPE', { currency: 'EUR', price: 1 })).toMatchObject({ status: 404, body: { code: 1504 } });
    await ctx.deps.db
      .insert(catalogueSettings)
      .values({ workspaceId: ws.id, allowPriceSetting: false })
      .onConflictDoUpdate({ target: catalogueSettings.workspaceId, set: { allowPriceSetting: false } });
    expect(await call(admin, 'POST', '/v1/assets/prices/BTC', { currency: 'EUR', price: 1 })).toMatchObject({ status: 403, body: { code: 1002 } });
  });
});

describe('the legacy listing', () => {
  it('is a bare array for the roles of the spec', async () => {
    const res = await app.request('/v1/supported_assets', { headers: { Authorization: `Bearer ${admin}` } });
    const list = (await res.json()) as { id: string; nativeAsset: string; type: string }[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.find((a) => a.id === 'USDT')).toMatchObject({
      nativeAsset: 'ETH',
      type: 'ERC20',
      contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      decimals: 6,
    });
    expect((await call(viewer, 'GET', '/v1/supported_assets')).status).toBe(403);
  });
});

describe('searching and sorting the list (extension: q and sort)', () => {
  /** Every page of a list, following next. */
  const everything = async (token: string, query: string, pageSize: number) => {
    const all: Asset[] = [];
    let next: string | null = null;
    do {
      const page: { status: number; body: AssetList } = await call<AssetList>(
        token,
        'GET',
        `/v1/assets?${query}&pageSize=${pageSize}${next ? `&pageCursor=${encodeURIComponent(next)}` : ''}`,
      );
      expect(page.status, `${query}: ${JSON.stringify(page.body)}`).toBe(200);
      all.push(...page.body.data);
      next = page.body.next;
    } while (next);
    return all;
  };

  it('finds a part of the symbol, name or address in any case, an exact symbol first, then symbols that start with it', async () => {
    const found = await everything(viewer, 'q=uSdC', 1000);
    expect(found[0]!.displaySymbol.toLowerCase()).toBe('usdc');
    const rank = (a: Asset) =>
      a.displaySymbol.toLowerCase() === 'usdc' || a.onchain.symbol.toLowerCase() === 'usdc'
        ? 0
        : a.displaySymbol.toLowerCase().startsWith('usdc') || a.onchain.symbol.toLowerCase().startsWith('usdc')
          ? 1
          : a.displayName.toLowerCase().startsWith('usdc') || a.onchain.name.toLowerCase().startsWith('usdc')
            ? 2
            : 3;
    const ranks = found.map(rank);
    expect(ranks).toEqual([...ranks].sort());
    expect(ranks).toContain(1);
    // Within a rank, by symbol.
    const rest = found.filter((a) => rank(a) === 3).map((a) => a.displaySymbol.toLowerCase());
    expect(rest).toEqual([...rest].sort());
    for (const a of found)
      expect(`${a.displaySymbol} ${a.onchain.symbol} ${a.displayName} ${a.onchain.name} ${a.onchain.address ?? ''}`.toLowerCase()).toContain('usdc');

    // By a piece of the address, in other case, and by a word of the name.
    const usdt = shipped.assets.find((a) => a.legacyId === 'USDT')!;
    expect((await everything(viewer, `q=${usdt.onchain.address!.slice(5, 20).toUpperCase()}`, 100)).map((a) => a.legacyId)).toContain('USDT');
    expect((await everything(viewer, 'q=tether', 100)).map((a) => a.legacyId)).toContain('USDT');
    // % and _ are plain characters, not patterns.
    expect(await everything(viewer, 'q=%25', 100)).toEqual([]);
  });

  it('ranks a name that starts with the text before one that only contains it, by symbol within each', async () => {
    const found = await everything(viewer, 'q=wrapped', 100);
    const startsWith = (a: Asset) => a.displayName.toLowerCase().startsWith('wrapped') || a.onchain.name.toLowerCase().startsWith('wrapped');
    const first = found.findIndex((a) => !startsWith(a));
    expect(first).toBeGreaterThan(0);
    expect(found.slice(first).some(startsWith)).toBe(false);
    for (const part of [found.slice(0, first), found.slice(first)]) {
      const symbols = part.map((a) => a.displaySymbol.toLowerCase());
      expect(symbols).toEqual([...symbols].sort());
    }
  });

  it('pages a search and a sort without duplicates or gaps, as one page would show them', async () => {
    for (const query of ['q=a', 'sort=-symbol', 'sort=name', 'q=e&sort=-name']) {
      const whole = (await everything(viewer, query, 1000)).map((a) => a.id);
      expect(whole.length, query).toBeGreaterThan(200);
      expect(await everything(viewer, query, 100).then((all) => all.map((a) => a.id)), query).toEqual(whole);
    }
    const bySymbol = (await everything(viewer, 'sort=-symbol', 1000)).map((a) => a.displaySymbol.toLowerCase());
    expect(bySymbol).toEqual([...bySymbol].sort().reverse());
  });

  it('searches only what the workspace sees, and checks its parameters', async () => {
    const token = resolvableOn('ETH').at(-2)!;
    expect((await register(editor, { blockchainId: 'ETH', address: token.address })).status).toBe(200);
    expect((await everything(viewer, `q=${token.address}`, 100)).map((a) => a.onchain.address)).toEqual([token.address]);
    const other = await addWorkspace(ctx, 'Searching Co', ['VIEWER']);
    const theirs = await consoleToken(app, other.people[0]!.email);
    expect(await everything(theirs, `q=${token.address}`, 100)).toEqual([]);

    expect(await call(viewer, 'GET', '/v1/assets?sort=price')).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/sort must be one of symbol, -symbol, name, -name$/) },
    });
    expect(await call(viewer, 'GET', '/v1/assets?q=')).toMatchObject({ status: 400, body: { message: expect.stringMatching(/q must not be empty$/) } });
    // A cursor of one list does not continue another.
    const first = await call<AssetList>(viewer, 'GET', '/v1/assets?q=usd&pageSize=2');
    expect((await call(viewer, 'GET', `/v1/assets?q=eth&pageSize=2&pageCursor=${encodeURIComponent(first.body.next!)}`)).status).toBe(400);
  });
});
