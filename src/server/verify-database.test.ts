import { generateKeyPairSync } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from './db/schema';
import { appendAudit } from './features/audit/record';
import { sequenceAll } from './features/audit/sequencer';
import { seedTradingDemo } from './features/trading/demo';
import { runOnce as runOrders, STEP_MS as ORDER_STEP_MS } from './features/trading/engine';
import { runOnce as runTransfers } from './features/transactions/engine';
import { TX_STEP_MS } from './features/transactions/service';
import { tradingVaultBalances } from './features/vault/schema';
import * as vaults from './features/vault/store';
import { webhookSigningKeys } from './features/webhooks/schema';
import { loadSigningKey } from './features/webhooks/signing';
import { addWorkspace, buildApp, consoleToken, createTestContext, jsonCaller, type TestContext } from './test/harness';
import { verifyDatabase } from './verify-database';

let ctx: TestContext;
let ws: Awaited<ReturnType<typeof addWorkspace>>;

/** Changes a stored audit event as someone with the database's keys could: past the append-only trigger. */
const unguarded = async (change: () => Promise<unknown>) => {
  await ctx.deps.db.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
  try {
    await change();
  } finally {
    await ctx.deps.db.execute(sql`alter table audit_events enable trigger audit_events_no_update_delete`);
  }
};

beforeAll(async () => {
  ctx = await createTestContext();
  const app = buildApp(ctx);
  ws = await addWorkspace(ctx, 'Verified Co', ['EDITOR']);
  const other = await addWorkspace(ctx, 'Other Co', ['EDITOR']);
  await seedTradingDemo(ctx.deps.db, ws.id);
  await seedTradingDemo(ctx.deps.db, other.id);
  const trader = await consoleToken(app, ws.people[0]!.email);
  const call = jsonCaller(app);
  // A transfer between vault accounts, and an order that settles into one (its delivery credits it).
  const transfer = await call(trader, 'POST', '/v1/transactions', {
    assetId: 'USDC',
    source: { type: 'VAULT_ACCOUNT', id: '1' },
    destination: { type: 'VAULT_ACCOUNT', id: '0' },
    amount: '1250.000001',
  });
  expect(transfer.status).toBe(200);
  const order = await call(trader, 'POST', '/v1/trading/orders', {
    via: { type: 'PROVIDER', providerId: 'HARBOR' },
    executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: '1', baseAssetId: 'ETH', quoteAssetId: 'USDT' },
    settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
  });
  expect(order.status).toBe(202);
  let t = Date.now();
  for (let i = 0; i < 12; i += 1) {
    t += Math.max(TX_STEP_MS, ORDER_STEP_MS, 3_000);
    await runOrders(ctx.deps.db, new Date(t));
    await runTransfers(ctx.deps.db, new Date(t), { seconds: 300, blocks: 25 });
  }
  expect((await call<{ status: string }>(trader, 'GET', `/v1/transactions/${transfer.body.id as string}`)).body.status).toBe('COMPLETED');
  expect((await call<{ status: string }>(trader, 'GET', `/v1/trading/orders/${order.body.id as string}`)).body.status).toBe('COMPLETED');
  // A balance set from outside the ledger after transfers moved it (a demo reset) keeps them accounted for.
  await vaults.setBalance(ctx.deps.db, { workspaceId: other.id, accountId: '0', assetId: 'BTC', total: '7.125' });
  await loadSigningKey(ctx.deps.db, new Date());
  // In their chains, as a running service's sequencer puts them within a second.
  await sequenceAll(ctx.deps.db);
});
afterAll(() => ctx.database.close());

const balanceRow = and(eq(tradingVaultBalances.accountId, '0'), eq(tradingVaultBalances.assetId, 'USDC'));

describe('verify', () => {
  it('passes on a database the service wrote: every chain, every balance against its transfers, the signing key', async () => {
    const result = await verifyDatabase(ctx.deps.db);
    expect(result).toMatchObject({ ok: true, failed: [], balances: { ok: true, mismatches: [] }, webhookKeys: { ok: true, keys: 1, problems: [] } });
    expect(result.balances.checked).toBeGreaterThanOrEqual(16);
    const ours = result.audit.workspaces.find((w) => w.workspaceId === ws.id);
    expect(ours).toMatchObject({ name: 'Verified Co', verified: true, pending: 0 });
    expect(ours!.events).toBeGreaterThan(0);
  });

  it('counts the events a stopped service left unsequenced, kept and not yet checked, and passes', async () => {
    await appendAudit(
      ctx.deps.db,
      { workspaceId: ws.id, userId: 'u-late', userName: 'Late', requestId: null, sourceAddress: null },
      [{ category: 'Catalogue', subject: 'Note', event: 'Written' }],
      new Date(),
    );
    const result = await verifyDatabase(ctx.deps.db);
    expect(result.ok).toBe(true);
    expect(result.audit.workspaces.find((w) => w.workspaceId === ws.id)).toMatchObject({ verified: true, pending: 1 });
    await sequenceAll(ctx.deps.db);
    expect((await verifyDatabase(ctx.deps.db)).audit.workspaces.find((w) => w.workspaceId === ws.id)).toMatchObject({ verified: true, pending: 0 });
  });

  it('names a balance that no longer matches its transfers, with both figures', async () => {
    const where = and(eq(tradingVaultBalances.workspaceId, ws.id), balanceRow);
    const [before] = await ctx.deps.db.select().from(tradingVaultBalances).where(where);
    await ctx.deps.db
      .update(tradingVaultBalances)
      .set({ total: sql`${tradingVaultBalances.total} + 0.000001` })
      .where(where);
    try {
      const result = await verifyDatabase(ctx.deps.db);
      expect(result.ok).toBe(false);
      expect(result.failed).toEqual(['balances']);
      expect(result.balances.mismatches).toEqual([{ workspaceId: ws.id, accountId: '0', assetId: 'USDC', stored: expect.any(String), derived: before!.total }]);
      expect(result.balances.mismatches[0]!.stored).not.toBe(before!.total);
    } finally {
      await ctx.deps.db.update(tradingVaultBalances).set({ total: before!.total }).where(where);
    }
    expect((await verifyDatabase(ctx.deps.db)).ok).toBe(true);
  });

  it('names the audit event that was changed after it was written', async () => {
    const [event] = await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws.id)).orderBy(auditEvents.seq).limit(1);
    const changed = eq(auditEvents.id, event!.id);
    await unguarded(() => ctx.deps.db.update(auditEvents).set({ userName: 'Someone Else' }).where(changed));
    try {
      const result = await verifyDatabase(ctx.deps.db);
      expect(result.failed).toEqual(['audit']);
      expect(result.audit.workspaces.find((w) => w.workspaceId === ws.id)).toMatchObject({
        verified: false,
        firstBrokenEventId: event!.id,
        reason: `event #${event!.seq} was altered after it was written`,
      });
    } finally {
      await unguarded(() => ctx.deps.db.update(auditEvents).set({ userName: event!.userName }).where(changed));
    }
    expect((await verifyDatabase(ctx.deps.db)).ok).toBe(true);
  });

  it('names a signing key whose published half is another key', async () => {
    const [row] = await ctx.deps.db.select().from(webhookSigningKeys);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' });
    await ctx.deps.db
      .update(webhookSigningKeys)
      .set({ publicJwk: { ...stranger, kid: row!.kid, alg: 'RS512', use: 'sig' } })
      .where(eq(webhookSigningKeys.kid, row!.kid));
    try {
      const result = await verifyDatabase(ctx.deps.db);
      expect(result.failed).toEqual(['webhookKeys']);
      expect(result.webhookKeys.problems).toEqual([{ kid: row!.kid, reason: 'its published public key is not the public half of its private key' }]);
    } finally {
      await ctx.deps.db.update(webhookSigningKeys).set({ publicJwk: row!.publicJwk }).where(eq(webhookSigningKeys.kid, row!.kid));
    }
    expect((await verifyDatabase(ctx.deps.db)).ok).toBe(true);
  });

  it('finds a chain cut short at its end, which still links', async () => {
    const [last] = await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws.id)).orderBy(desc(auditEvents.seq)).limit(1);
    await unguarded(() => ctx.deps.db.delete(auditEvents).where(eq(auditEvents.id, last!.id)));
    const result = await verifyDatabase(ctx.deps.db);
    expect(result.failed).toEqual(['audit']);
    expect(result.audit.workspaces.find((w) => w.workspaceId === ws.id)?.reason).toBe(
      `the chain's head is at #${last!.seq} but its last event is #${last!.seq - 1}: events are missing from its end`,
    );
  });
});
