import { beforeAll, describe, expect, it } from 'vitest';
import type { VaultAccount, VaultWalletAddress } from '../../../contract/vault';
import { addWorkspace, consoleToken } from '../../test/harness';
import { testApp } from '../../test/test-app';
import { seedTradingDemo } from '../trading/demo';
import { setTradingEnabled } from '../trading/store';
import * as store from './store';

const { ctx, app, call } = testApp();
let trader: string;

// Vault accounts are served with the trading beta: the demo switches it on and seeds the accounts.
beforeAll(async () => {
  const ws = await addWorkspace(ctx, 'Trading Co', ['EDITOR']);
  await seedTradingDemo(ctx.deps.db, ws.id);
  trader = await consoleToken(app, ws.people[0]!.email);
});

describe('vault accounts', () => {
  it('pages vault accounts with decimal-string balances', async () => {
    const first = await call<{ accounts: VaultAccount[]; paging: { after?: string } }>(trader, 'GET', '/v1/vault/accounts_paged?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.accounts.map((a) => a.id)).toEqual(['0', '1']);
    expect(first.body.accounts[1]!.assets.find((a) => a.id === 'ETH')).toMatchObject({ total: expect.stringMatching(/^40\.0000000000000000\d+$/) });
    const second = await call<{ accounts: VaultAccount[]; paging: { after?: string } }>(
      trader,
      'GET',
      `/v1/vault/accounts_paged?limit=2&after=${encodeURIComponent(first.body.paging.after!)}`,
    );
    expect(second.body.accounts.map((a) => a.id)).toEqual(['2']);
    expect(second.body.paging).toEqual({});
  });

  it('gets one account with its balances, only in its own workspace', async () => {
    const desk = await call<VaultAccount>(trader, 'GET', '/v1/vault/accounts/1');
    expect(desk.status).toBe(200);
    expect(desk.body).toMatchObject({ id: '1', name: 'Trading desk', hiddenOnUI: false });
    expect(desk.body.assets.map((a) => a.id)).toEqual(['BTC', 'ETH', 'USDC']);
    expect(desk.body.assets[0]).toEqual({ id: 'BTC', total: '1.25', balance: '1.25', available: '1.25', pending: '0', frozen: '0', lockedAmount: '0' });
    expect((await call(trader, 'GET', '/v1/vault/accounts/99')).body).toEqual({ message: 'No vault account 99', code: 404 });

    const other = await addWorkspace(ctx, 'Other Trading Co', ['EDITOR']);
    await setTradingEnabled(ctx.deps.db, other.id, true);
    const stranger = await consoleToken(app, other.people[0]!.email);
    expect((await call(stranger, 'GET', '/v1/vault/accounts/1')).status).toBe(404);
    expect((await call(stranger, 'GET', '/v1/vault/accounts/1/BTC/addresses_paginated')).status).toBe(404);
  });

  it("lists an asset wallet's deposit address: the one transfers to the account are sent to", async () => {
    const page = await call<{ addresses: VaultWalletAddress[]; paging: object }>(trader, 'GET', '/v1/vault/accounts/2/BTC/addresses_paginated');
    expect(page.status).toBe(200);
    expect(page.body.paging).toEqual({});
    expect(page.body.addresses).toEqual([expect.objectContaining({ assetId: 'BTC', type: 'Permanent', addressFormat: 'SEGWIT', tag: '' })]);
    expect(page.body.addresses[0]!.address).toMatch(/^bc1q[a-z0-9]{38}$/);
    // Addresses are stable: the same on every call.
    expect((await call<typeof page.body>(trader, 'GET', '/v1/vault/accounts/2/BTC/addresses_paginated')).body).toEqual(page.body);

    const sent = await call<{ id: string }>(trader, 'POST', '/v1/transactions', {
      assetId: 'BTC',
      source: { type: 'VAULT_ACCOUNT', id: '0' },
      destination: { type: 'VAULT_ACCOUNT', id: '2' },
      amount: '0.01',
    });
    expect(sent.status).toBe(200);
    const tx = await call<{ destinationAddress: string }>(trader, 'GET', `/v1/transactions/${sent.body.id}`);
    expect(tx.body.destinationAddress).toBe(page.body.addresses[0]!.address);

    // Cold storage holds no ETH, so it has no ETH wallet.
    expect((await call(trader, 'GET', '/v1/vault/accounts/2/ETH/addresses_paginated')).body).toEqual({
      message: 'Vault account 2 has no ETH wallet',
      code: 404,
    });
    expect((await call(trader, 'GET', '/v1/vault/accounts/2/BTC/addresses_paginated?limit=0')).status).toBe(400);
  });

  it('the legacy listing counts accounts per minute across requests: the request that would pass 400,000 gets 429 and nothing', async () => {
    const big = await addWorkspace(ctx, 'Many Vaults Co', ['ADMIN']);
    await setTradingEnabled(ctx.deps.db, big.id, true);
    await store.addVaultAccounts(
      ctx.deps.db,
      Array.from({ length: 50_000 }, (_, i) => ({ workspaceId: big.id, id: String(i).padStart(6, '0'), name: `Account ${i}` })),
    );
    const token = await consoleToken(app, big.people[0]!.email);
    const minute = Math.floor(Date.now() / 60_000) * 60_000 + 60_000;
    ctx.clock.set(minute + 5_000);
    const one = await call<VaultAccount[]>(token, 'GET', '/v1/vault/accounts');
    expect(one.status).toBe(200);
    expect(one.body).toHaveLength(50_000);
    // Other listings earlier in this minute (the same counter the requests use): 399,999 in all.
    expect(await store.reserveListingVolume(ctx.deps.db, big.id, new Date(minute), 349_999, 400_000)).toBe(true);
    const over = await call(token, 'GET', '/v1/vault/accounts');
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/400000 accounts per minute/);
    expect(over.headers.get('Retry-After')).toBe('55');
    // Exactly up to the limit still passes; one more account does not.
    const last = await call<VaultAccount[]>(token, 'GET', '/v1/vault/accounts?namePrefix=Account%200');
    expect(last.status).toBe(200);
    expect(last.body.map((a) => a.name)).toEqual(['Account 0']);
    expect((await call(token, 'GET', '/v1/vault/accounts?namePrefix=Account%200')).status).toBe(429);
    // The paginated listing is not limited; the next minute starts afresh.
    expect((await call(token, 'GET', '/v1/vault/accounts_paged?limit=1')).status).toBe(200);
    ctx.clock.set(minute + 60_000);
    expect((await call(token, 'GET', '/v1/vault/accounts')).status).toBe(200);
    ctx.clock.reset();
  });
});
