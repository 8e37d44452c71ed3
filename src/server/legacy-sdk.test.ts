import { FireblocksSDK, PeerType, TimePeriod } from 'fireblocks-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAuditEvents, type AuditEntry } from './features/audit/record';
import { shipped } from './features/catalogue/shipped';
import { seedTradingDemo } from './features/trading/demo';
import { DEMO_VAULT_ACCOUNTS } from './features/vault/demo';
import { makeCsr, startSdkServer, type SdkServer } from './test/harness';

/**
 * The legacy JavaScript SDK (fireblocks-sdk 5.x, still in wide use) as a second real client: every
 * one of its methods that maps onto this interface, against the running service. Its methods that
 * name paths this interface does not have (getAudits on /v1/audits, resendWebhooks on
 * /v1/webhooks/resend, getTransactionByExternalTxId, updateTenantScreeningConfiguration on
 * /v1/screening/config) are left out; it has no v2 webhook methods.
 */
let sdk: SdkServer;
let legacy: FireblocksSDK;
const calls = new Set<string>();

beforeAll(async () => {
  sdk = await startSdkServer({ ownerEmail: 'owner@legacy-sdk.test', apiUserName: 'Legacy bot', role: 'ADMIN', prepare: seedTradingDemo });
  const client = new FireblocksSDK(sdk.privateKeyPem, sdk.apiUser.id, sdk.server.url);
  // Every method called is counted, so the test can print how much of the SDK it covered.
  legacy = new Proxy(client, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function' || typeof name !== 'string') return value;
      return (...args: unknown[]) => {
        calls.add(name);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
});

afterAll(async () => {
  // A figure for the reader of the test run (the lint rule keeps console.log out of the code).
  process.stdout.write(`legacy SDK: ${calls.size} methods called against the running service: ${[...calls].sort().join(', ')}\n`);
  await sdk?.close();
});

describe('the legacy JavaScript SDK (fireblocks-sdk 5.x) against the running service', () => {
  it('getApiUsers and createApiUser (an approval request: 200 without a body)', async () => {
    const { users } = await legacy.getApiUsers();
    expect(users).toEqual([expect.objectContaining({ id: sdk.apiUser.id, name: 'Legacy bot', role: 'ADMIN', status: 'READY', enabled: true })]);
    const { csrPem } = await makeCsr();
    expect(await legacy.createApiUser('Legacy made', 'VIEWER', csrPem, undefined, undefined, { idempotencyKey: 'legacy-api-user-1' })).toBe('');
    // It waits for the quorum: not a user yet.
    expect((await legacy.getApiUsers()).users.map((u) => u.name)).toEqual(['Legacy bot']);
  });

  it('getPaginatedAuditLogs without paging, then page by page with the cursor; total counts each page', async () => {
    const base = Date.now() - 60 * 60 * 1000;
    await appendAuditEvents(
      sdk.server.deps.db,
      sdk.apiUser.workspaceId,
      Array.from({ length: 230 }, (_, i) => ({
        actor: { userId: 'seed', userName: 'Seeder', requestId: null, sourceAddress: null },
        entry: { category: 'Trading', subject: 'Order', event: 'Created', timestamp: base + i * 1000, detail: { n: i } } as AuditEntry,
      })),
      new Date(),
    );
    const first = await legacy.getPaginatedAuditLogs();
    expect(first.total).toBe(first.data.length);
    expect(first.data.length).toBe(200);
    expect(first.cursor).toEqual(expect.any(String));

    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await legacy.getPaginatedAuditLogs(TimePeriod.DAY, cursor);
      expect(page.total).toBe(page.data.length);
      seen.push(
        ...page.data.flatMap((e) =>
          (e as unknown as { detail: { n?: number } }).detail.n === undefined ? [] : [(e as unknown as { detail: { n: number } }).detail.n],
        ),
      );
      cursor = page.cursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(Array.from({ length: 230 }, (_, i) => 229 - i));
  });

  it('getSupportedAssets, listAssets, getAssetById, listBlockchains and getBlockchainById', async () => {
    const supported = await legacy.getSupportedAssets();
    expect(supported.length).toBeGreaterThanOrEqual(1000);
    expect(supported.find((a) => a.id === 'USDC')).toMatchObject({
      name: expect.any(String),
      type: 'ERC20',
      contractAddress: expect.stringMatching(/^0x/),
      nativeAsset: 'ETH',
      decimals: 6,
    });

    const usdc = await legacy.getAssetById('USDC');
    expect(usdc).toMatchObject({ legacyId: 'USDC', assetClass: 'FT', onchain: { decimals: 6 }, metadata: { scope: 'GLOBAL', verified: true } });
    const listed = await legacy.listAssets({ ids: ['USDC', 'USDT'], pageSize: 100 });
    expect(listed.data.map((a) => a.legacyId).sort()).toEqual(['USDC', 'USDT']);
    expect(listed.next).toBeNull();

    const testnets = await legacy.listBlockchains({ test: true });
    expect(testnets.data.length).toBeGreaterThan(0);
    expect(testnets.data.every((b) => b.onchain.test)).toBe(true);
    expect(await legacy.getBlockchainById('SOL')).toMatchObject({ legacyId: 'SOL', onchain: { protocol: 'SOL', signingAlgo: 'EDDSA_ED25519' } });
  });

  it('registerNewAsset (scope Local), setAssetPrice and updateAssetUserMetadata (a note with updatedAt; null text clears it)', async () => {
    const eth = shipped.blockchains.find((b) => b.legacyId === 'ETH')!;
    const token = shipped.resolvable.filter((t) => t.blockchainId === eth.id && t.symbol && t.standard === 'ERC20').at(-1)!;
    const registered = await legacy.registerNewAsset('ETH', token.address, undefined, { idempotencyKey: 'legacy-register-1' });
    expect(registered).toMatchObject({
      assetClass: 'FT',
      onchain: { symbol: token.symbol, address: token.address, decimals: token.decimals },
      metadata: { scope: 'Local', deprecated: false },
    });
    const local = await legacy.listAssets({ scope: 'LOCAL' as never, pageSize: 100 });
    expect(local.data.map((a) => a.legacyId)).toEqual([registered.legacyId]);

    const price = await legacy.setAssetPrice(registered.legacyId, 'USD', 1.25);
    expect(price).toMatchObject({ legacyId: registered.legacyId, currency: 'USD', price: 1.25, source: 'PRIVATE', lastUpdateAt: expect.any(Number) });

    const noted = await legacy.updateAssetUserMetadata(registered.legacyId, { metadata: { note: { text: 'Listed by the legacy bot' } } });
    expect(noted.metadata.note).toEqual({
      text: 'Listed by the legacy bot',
      userId: sdk.apiUser.id,
      userName: 'Legacy bot',
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect((await legacy.getAssetById(registered.legacyId)).metadata.note).toEqual(noted.metadata.note);
    const cleared = await legacy.updateAssetUserMetadata(registered.legacyId, { metadata: { note: { text: null } } });
    expect(cleared.metadata.note?.text ?? '').toBe('');
  });

  it('getVaultAccountsWithPageInfo pages through every vault account with paging.after', async () => {
    const ids: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await legacy.getVaultAccountsWithPageInfo({ limit: 2, ...(after ? { after } : {}) });
      ids.push(...page.accounts.map((a) => a.id));
      after = page.paging?.after;
      pages += 1;
    } while (after);
    expect(pages).toBe(2);
    expect(ids).toEqual(DEMO_VAULT_ACCOUNTS.map((a) => a.id));
    const treasury = (await legacy.getVaultAccountsWithPageInfo({ namePrefix: 'Treas' })).accounts;
    expect(treasury).toEqual([
      expect.objectContaining({ id: '0', name: 'Treasury', assets: expect.arrayContaining([expect.objectContaining({ id: 'USDC', total: '2500000' })]) }),
    ]);
  });

  it('createTransaction, getTransactionById, getTransactions and getTransactionsWithPageInfo', async () => {
    const created = await legacy.createTransaction(
      {
        assetId: 'USDC',
        source: { type: PeerType.VAULT_ACCOUNT, id: '1' },
        destination: { type: PeerType.VAULT_ACCOUNT, id: '0' },
        amount: '12.5',
        note: 'from the legacy SDK',
        externalTxId: 'legacy-tx-1',
      },
      { idempotencyKey: 'legacy-tx-1' },
    );
    expect(created).toEqual({ id: expect.any(String), status: 'SUBMITTED' });
    const second = await legacy.createTransaction({
      assetId: 'USDC',
      source: { type: PeerType.VAULT_ACCOUNT, id: '1' },
      destination: { type: PeerType.VAULT_ACCOUNT, id: '2' },
      amount: '1',
    });

    const tx = await legacy.getTransactionById(created.id);
    expect(tx).toMatchObject({
      id: created.id,
      assetId: 'USDC',
      source: { type: 'VAULT_ACCOUNT', id: '1' },
      destination: { type: 'VAULT_ACCOUNT', id: '0' },
      note: 'from the legacy SDK',
      externalTxId: 'legacy-tx-1',
    });
    expect(tx.amountInfo).toMatchObject({ amount: '12.5', requestedAmount: '12.5' });

    const listed = await legacy.getTransactions({ limit: 10 });
    expect(listed.map((t) => t.id)).toEqual(expect.arrayContaining([created.id, second.id]));
    const toTreasury = await legacy.getTransactions({ destType: PeerType.VAULT_ACCOUNT, destId: '0', limit: 10 } as never);
    expect(toTreasury.map((t) => t.id)).toEqual([created.id]);

    const first = await legacy.getTransactionsWithPageInfo({ limit: 1 });
    expect(first.transactions).toHaveLength(1);
    expect(first.pageDetails.nextPage).toMatch(/\/v1\/transactions\?/);
    const next = await legacy.getTransactionsWithPageInfo(undefined, first.pageDetails.nextPage);
    expect(next.transactions).toHaveLength(1);
    expect(new Set([...first.transactions, ...next.transactions].map((t) => t.id))).toEqual(new Set([created.id, second.id]));
    expect(next.pageDetails.prevPage).toMatch(/\/v1\/transactions\?/);
  });
});
