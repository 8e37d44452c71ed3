import { createPrivateKey } from 'node:crypto';
import { Fireblocks } from '@fireblocks/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAuditEvents, type AuditEntry } from './features/audit/record';
import { shipped } from './features/catalogue/shipped';
import type { RunningServer } from './server';
import { makeCsr, sha256Hex, signedHeaders, startSdkServer, type SdkServer, type TestApiUser } from './test/harness';

let sdk: SdkServer;
let server: RunningServer;
let apiUser: TestApiUser;
let privateKeyPem: string;

beforeAll(async () => {
  // The operator path of issue 2: an owner for an empty installation, then an API user from a CSR.
  sdk = await startSdkServer({ ownerEmail: 'owner@sdk.test', apiUserName: 'SDK bot', role: 'ADMIN' });
  ({ server, apiUser, privateKeyPem } = sdk);
});

afterAll(() => sdk?.close());

describe('the official TypeScript SDK against the running service', () => {
  it('lists API users with a key created by the CLI', async () => {
    const fireblocks = new Fireblocks({ apiKey: apiUser.id, secretKey: privateKeyPem, basePath: `${server.url}/v1` });
    const response = await fireblocks.apiUser.getApiUsers();
    expect(response.statusCode).toBe(200);
    expect(response.data.users).toEqual([expect.objectContaining({ id: apiUser.id, name: 'SDK bot', role: 'ADMIN', status: 'READY', enabled: true })]);
  });

  const path = '/v1/management/api_users';
  const send = async (headers: Record<string, string>, init: RequestInit = {}, url = path) => {
    const res = await fetch(`${server.url}${url}`, { ...init, headers });
    return { status: res.status, code: ((await res.json()) as { code: number }).code };
  };

  it('an API user created through the approval flow calls the API with its own key; disabled, it gets 401', async () => {
    const creator = new Fireblocks({ apiKey: apiUser.id, secretKey: privateKeyPem, basePath: `${server.url}/v1` });
    const made = await makeCsr({ type: 'RSA', bits: 2048 });
    const created = await creator.apiUser.createApiUser({
      createAPIUser: { name: 'Flow bot', role: 'EDITOR', csrPem: made.csrPem },
      idempotencyKey: 'flow-bot-1',
    });
    expect(created.statusCode).toBe(200);
    // An API user's own approval does not count towards the quorum: the owner (a person) approves.
    const signIn = await fetch(`${server.url}/v1/auth/sign_in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'owner@sdk.test', password: 'sdk-owner-password' }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const owner = { Authorization: `Bearer ${accessToken}` };
    const pending = (await (await fetch(`${server.url}/v1/approval_requests?status=PENDING`, { headers: owner })).json()) as {
      data: { id: string; summary: string }[];
    };
    const request = pending.data.find((r) => r.summary.includes('Flow bot'));
    expect((await fetch(`${server.url}/v1/approval_requests/${request!.id}/approve`, { method: 'POST', headers: owner })).status).toBe(200);

    const listed = await creator.apiUser.getApiUsers();
    const flowBot = listed.data.users!.find((u) => u.name === 'Flow bot')!;
    expect(flowBot).toMatchObject({ role: 'EDITOR', status: 'READY', enabled: true });
    const itself = new Fireblocks({ apiKey: flowBot.id!, secretKey: made.privateKeyPem, basePath: `${server.url}/v1` });
    // An EDITOR may not list API users (403), which proves its signature was accepted.
    await expect(itself.apiUser.getApiUsers()).rejects.toMatchObject({ response: { statusCode: 403 } });
    await creator.apiUser.getApiUsers(); // still fine for the creator
    const disable = await fetch(`${server.url}/v1/management/api_users/${flowBot.id}/enabled`, {
      method: 'PUT',
      headers: { ...owner, 'Content-Type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    expect(disable.status).toBe(200);
    await expect(itself.apiUser.getApiUsers()).rejects.toMatchObject({ response: { statusCode: 401 } });
  });

  it('pages through the audit log with getAuditLogs and its deprecated parameters (timePeriod, cursor)', async () => {
    const base = Date.now() - 60 * 60 * 1000;
    await appendAuditEvents(
      server.deps.db,
      apiUser.workspaceId,
      Array.from({ length: 450 }, (_, i) => ({
        actor: { userId: 'seed', userName: 'Seeder', requestId: null, sourceAddress: null },
        entry: { category: 'Trading', subject: 'Order', event: 'Created', timestamp: base + i * 1000, detail: { n: i } } as AuditEntry,
      })),
      new Date(),
    );
    const fireblocks = new Fireblocks({ apiKey: apiUser.id, secretKey: privateKeyPem, basePath: `${server.url}/v1` });
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await fireblocks.auditLogs.getAuditLogs({ timePeriod: 'DAY', ...(cursor ? { cursor } : {}) });
      expect(response.statusCode).toBe(200);
      const data = response.data.data as unknown as { detail: { n?: number } }[];
      seen.push(...data.flatMap((e) => (e.detail.n === undefined ? [] : [e.detail.n])));
      cursor = response.data.cursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual(Array.from({ length: 450 }, (_, i) => 449 - i));
  });

  it('refuses a request signed with another key', async () => {
    const { privateKeyPem: other } = await makeCsr();
    expect(await send(await signedHeaders(apiUser, path, { key: createPrivateKey(other) }))).toEqual({ status: 401, code: -1 });
  });
  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await send(await signedHeaders(apiUser, path, { iat: now - 100, exp: now - 45 }))).toEqual({ status: 401, code: -10 });
  });
  it('refuses a replayed nonce', async () => {
    const headers = await signedHeaders(apiUser, path);
    expect((await send(headers)).status).toBe(200);
    expect(await send(headers)).toEqual({ status: 401, code: -7 });
  });
  it('accepts the legacy SDK\'s bodyHash of `""` for a bodiless request, and for nothing else', async () => {
    const legacyEmpty = sha256Hex('""');
    expect(await send(await signedHeaders(apiUser, path, { bodyHash: legacyEmpty }))).toEqual({ status: 200, code: undefined });
    expect(await send(await signedHeaders(apiUser, path, { bodyHash: sha256Hex('{}') }))).toEqual({ status: 401, code: -1 });
    const target = `/v1/management/api_users/${apiUser.id}/enabled`;
    const body = JSON.stringify({ enabled: true });
    expect(await send(await signedHeaders(apiUser, target, { body, bodyHash: legacyEmpty }), { method: 'PUT', body }, target)).toEqual({
      status: 401,
      code: -1,
    });
  });
  it('refuses a tampered body', async () => {
    const target = `/v1/management/api_users/${apiUser.id}/enabled`;
    const headers = await signedHeaders(apiUser, target, { body: JSON.stringify({ enabled: true }) });
    expect(await send(headers, { method: 'PUT', body: JSON.stringify({ enabled: false }) }, target)).toEqual({ status: 401, code: -1 });
  });
});

describe('the catalogue through the SDK', () => {
  const client = () => new Fireblocks({ apiKey: apiUser.id, secretKey: privateKeyPem, basePath: `${server.url}/v1` });

  it('listAssets pages with next until the end', async () => {
    const fireblocks = client();
    const ids = new Set<string>();
    let pageCursor: string | undefined;
    let pages = 0;
    do {
      const page = await fireblocks.blockchainsAssets.listAssets({ pageSize: 300, ...(pageCursor ? { pageCursor } : {}) });
      for (const asset of page.data.data) ids.add(asset.id);
      pageCursor = page.data.next ?? undefined;
      pages += 1;
    } while (pageCursor);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(ids.size).toBeGreaterThanOrEqual(1000);
  });

  it('getAsset by legacy id, listBlockchains and getBlockchain', async () => {
    const fireblocks = client();
    expect((await fireblocks.blockchainsAssets.getAsset({ id: 'USDC' })).data).toMatchObject({ legacyId: 'USDC', onchain: { decimals: 6 } });
    const chains = await fireblocks.blockchainsAssets.listBlockchains({ test: true });
    expect(chains.data.data.every((b) => b.onchain.test)).toBe(true);
    expect((await fireblocks.blockchainsAssets.getBlockchain({ id: 'SOL' })).data).toMatchObject({ legacyId: 'SOL', onchain: { protocol: 'SOL' } });
  });

  it('registerNewAsset, setAssetPrice and updateAssetUserMetadata', async () => {
    const fireblocks = client();
    const held = shipped.resolvable.find(
      (t) => t.blockchainId === shipped.blockchains.find((b) => b.legacyId === 'ETH')!.id && t.symbol && t.standard === 'ERC20',
    )!;
    const registered = await fireblocks.blockchainsAssets.registerNewAsset({ registerNewAssetRequest: { blockchainId: 'ETH', address: held.address } });
    expect(registered.data).toMatchObject({ assetClass: 'FT', onchain: { address: held.address, symbol: held.symbol }, metadata: { scope: 'Local' } });
    const price = await fireblocks.blockchainsAssets.setAssetPrice({ id: registered.data.legacyId, setAssetPriceRequest: { currency: 'USD', price: 1.25 } });
    expect(price.data).toMatchObject({ legacyId: registered.data.legacyId, currency: 'USD', price: 1.25, source: 'PRIVATE' });
    const noted = await fireblocks.blockchainsAssets.updateAssetUserMetadata({
      id: registered.data.legacyId,
      updateAssetUserMetadataRequest: { metadata: { note: { text: 'Listed by the treasury bot' } } },
    });
    expect(noted.data.metadata.note).toMatchObject({ text: 'Listed by the treasury bot', userId: apiUser.id, updatedAt: expect.any(String) });
    await expect(
      fireblocks.blockchainsAssets.registerNewAsset({ registerNewAssetRequest: { blockchainId: 'ETH', address: held.address } }),
    ).rejects.toMatchObject({ response: { statusCode: 409 } });
  });
});
