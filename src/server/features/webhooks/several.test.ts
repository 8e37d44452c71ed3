import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditChainVerification, AuditLogsResponse } from '../../../contract/audit';
import type { OrderDetails } from '../../../contract/trading';
import type { TransactionDetails } from '../../../contract/transactions';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEnvelope } from '../../../contract/webhooks';
import { addWorkspace, buildApp, consoleToken, createTestContext, jsonCaller, WebhookReceiver, type TestContext } from '../../test/harness';
import { refreshStatistics } from '../../workers/housekeeping';
import { sequenceAll } from '../audit/sequencer';
import { seedTradingDemo } from '../trading/demo';
import { runOnce as runOrders } from '../trading/engine';
import { runOnce as runTransactions } from '../transactions/engine';
import { deliverDue } from './delivery';
import { loadSigningKey, type SigningKey } from './signing';

/**
 * Several of everything at once: two workspaces, one with two webhooks and one with three, all on
 * the same events, and in each an admin and an editor who submit transfers and orders at the same
 * time. Every answer is 2xx, everything reaches its final state, every notification has its own id,
 * each webhook gets each event of its own workspace exactly once and nothing of the other's, and
 * each workspace's audit chain holds its own events and verifies.
 */

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let key: SigningKey;
const receiver = new WebhookReceiver();
const stuck = { seconds: 300, blocks: 25 };
const start = Date.now();

interface Space {
  name: string;
  id: string;
  people: { id: string; role: string; token: string }[];
  hooks: Webhook[];
  transfers: string[];
  orders: string[];
}
const spaces: Space[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  app = buildApp(ctx);
  await receiver.start();
  key = await loadSigningKey(ctx.deps.db, new Date());
  for (const [name, hookCount] of [
    ['north', 2],
    ['south', 3],
  ] as const) {
    const ws = await addWorkspace(ctx, `${name} Co`, ['ADMIN', 'EDITOR']);
    await seedTradingDemo(ctx.deps.db, ws.id);
    const people = await Promise.all(ws.people.map(async (p) => ({ id: p.id, role: p.role, token: await consoleToken(app, p.email) })));
    const hooks: Webhook[] = [];
    for (let i = 1; i <= hookCount; i += 1) {
      const res = await jsonCaller(app)<Webhook>(people[0]!.token, 'POST', '/v1/webhooks', {
        url: `${receiver.url}/${name}-${i}`,
        events: [...WEBHOOK_EVENTS],
      });
      expect(res.status).toBe(201);
      hooks.push(res.body);
    }
    spaces.push({ name, id: ws.id, people, hooks, transfers: [], orders: [] });
  }
  // The planner statistics the housekeeping worker gathers: with them the planner once chose a plan
  // that gave every webhook of an event the same notification id.
  await refreshStatistics(ctx.deps.db);
});
afterAll(async () => {
  await receiver.stop();
  await ctx.database.close();
});

const usdc = (amount: string) => ({ assetId: 'USDC', source: { type: 'VAULT_ACCOUNT', id: '1' }, destination: { type: 'VAULT_ACCOUNT', id: '0' }, amount });
const harbor = (amount: string) => ({
  via: { type: 'PROVIDER', providerId: 'HARBOR' },
  executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: amount, baseAssetId: 'ETH', quoteAssetId: 'USDT' },
  settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
});
/** Every transaction of a workspace, as its admin sees it: the transfers and the orders' deliveries. */
const transactionsOf = async (space: Space) => (await jsonCaller(app)<TransactionDetails[]>(space.people[0]!.token, 'GET', '/v1/transactions?limit=500')).body;
const auditOf = async (space: Space, until: number) =>
  (
    await jsonCaller(app)<AuditLogsResponse>(
      space.people[0]!.token,
      'GET',
      `/v1/management/audit_logs?startTime=${start - 60_000}&endTime=${until}&pageSize=500`,
    )
  ).body.data;
/** One event as its receiver tells it apart: each status change of a transaction is its own event. */
const eventKey = (e: WebhookEnvelope) => {
  const d = e.data as { status?: string; subStatus?: string; numOfConfirmations?: number };
  return `${e.eventType} ${e.resourceId} ${d.status}/${d.subStatus ?? ''}/${d.numOfConfirmations ?? ''}`;
};

/** The engines' clock, moved a step at a time from when the work was submitted. */
let clock = 0;

describe('two workspaces, two and three webhooks, two users each, at once', () => {
  it('answers every transfer and order from both users of both workspaces with 2xx, and all of them complete', async () => {
    const submitted = await Promise.all(
      spaces.flatMap((space) =>
        space.people.flatMap((person, p) => [
          ...['1.5', '2.25'].map(async (amount) => ({
            space,
            kind: 'transfer' as const,
            res: await jsonCaller(app)<{ id: string }>(person.token, 'POST', '/v1/transactions', usdc(`${amount}${p}`)),
          })),
          (async () => ({
            space,
            kind: 'order' as const,
            res: await jsonCaller(app)<OrderDetails>(person.token, 'POST', '/v1/trading/orders', harbor(`0.${p + 1}`)),
          }))(),
        ]),
      ),
    );
    expect(submitted.map((s) => `${s.kind} ${s.res.status}`).sort()).toEqual([...Array(8).fill('transfer 200'), ...Array(4).fill('order 202')].sort());
    for (const s of submitted) (s.kind === 'order' ? s.space.orders : s.space.transfers).push(s.res.body.id);
    clock = Date.now();

    // Both engines, the transaction engine as two workers sharing its queue, on a clock moved a step at a time.
    const finished = async () => {
      const all = await Promise.all(
        spaces.map(async (space) => [
          ...(await transactionsOf(space)).map((t) => t.status),
          ...(await Promise.all(
            space.orders.map(async (id) => (await jsonCaller(app)<OrderDetails>(space.people[1]!.token, 'GET', `/v1/trading/orders/${id}`)).body.status),
          )),
        ]),
      );
      return all.flat().every((status) => status === 'COMPLETED');
    };
    for (let round = 0; round < 40 && !(await finished()); round += 1) {
      clock += 1_000;
      await Promise.all([
        runOrders(ctx.deps.db, new Date(clock)),
        runTransactions(ctx.deps.db, new Date(clock), stuck),
        runTransactions(ctx.deps.db, new Date(clock), stuck),
      ]);
    }
    for (const space of spaces) {
      const txs = await transactionsOf(space);
      // Four transfers and each order's delivery, all completed, submitted by both of its users.
      expect(txs).toHaveLength(6);
      expect(txs.every((t) => t.status === 'COMPLETED')).toBe(true);
      expect(new Set(txs.filter((t) => !t.orderId).map((t) => t.createdBy))).toEqual(new Set(space.people.map((p) => p.id)));
      expect(
        txs
          .filter((t) => t.orderId)
          .map((t) => t.orderId)
          .sort(),
      ).toEqual([...space.orders].sort());
    }
    expect(await finished()).toBe(true);
  });

  it('gives every notification its own id and each webhook each event of its own workspace exactly once', async () => {
    let rounds = 0;
    while ((await deliverDue(ctx.deps.db, key, { policy: { allowLocal: true }, timeoutMs: 10_000, retryScale: 1 }, () => new Date(clock + 1_000))) > 0)
      rounds += 1;
    expect(rounds).toBeGreaterThan(0);
    const envelopes = receiver.envelopes();
    expect(new Set(envelopes.map((e) => e.id)).size).toBe(envelopes.length);

    let checked = 0;
    for (const space of spaces) {
      const ids = new Set((await transactionsOf(space)).map((t) => t.id));
      const perHook = space.hooks.map((hook, i) => {
        const got = receiver.got.filter((g) => g.path === `/hook/${space.name}-${i + 1}`).map((g) => JSON.parse(g.body) as WebhookEnvelope);
        expect(got.every((e) => e.webhookId === hook.id && e.workspaceId === space.id && ids.has(String(e.resourceId)))).toBe(true);
        const keys = got.map(eventKey);
        expect(new Set(keys).size).toBe(keys.length);
        // Each transaction announced its creation once and its completion once to this webhook.
        for (const id of ids) {
          expect(got.filter((e) => e.resourceId === id && e.eventType === 'transaction.created')).toHaveLength(1);
          expect(
            got.filter((e) => e.resourceId === id && e.eventType === 'transaction.status.updated' && (e.data as { status: string }).status === 'COMPLETED'),
          ).toHaveLength(1);
        }
        checked += got.length;
        return keys.sort();
      });
      // Every webhook of the workspace saw the very same events.
      for (const keys of perHook.slice(1)) expect(keys).toEqual(perHook[0]);
      // The notification lists agree with what arrived.
      for (const hook of space.hooks) {
        const listed = await jsonCaller(app)<{ total: number }>(
          space.people[1]!.token,
          'GET',
          `/v1/webhooks/${hook.id}/notifications?pageSize=1&statuses=COMPLETED`,
        );
        expect(listed.body.total).toBe(perHook[0]!.length);
      }
    }
    // Nothing arrived that belongs to no webhook's own workspace.
    expect(checked).toBe(envelopes.length);
    // 6 transactions per workspace, 12 events each (created, 9 status changes, approval, network records), per webhook.
    expect(envelopes.length).toBe(6 * 12 * (2 + 3));
  });

  it('writes each workspace’s audit events in its own chain, which verifies', async () => {
    for (const space of spaces) {
      const other = spaces.find((s) => s !== space)!;
      const events = await auditOf(space, clock + 1_000);
      expect(events.every((e) => e.tenantId === space.id)).toBe(true);
      const detail = (e: (typeof events)[number]) => e.detail as { txId?: string; orderId?: string };
      const txIds = (await transactionsOf(space)).map((t) => t.id).sort();
      expect(
        events
          .filter((e) => e.category === 'Transactions' && e.event === 'Completed')
          .map((e) => detail(e).txId)
          .sort(),
      ).toEqual(txIds);
      expect(
        events
          .filter((e) => e.category === 'Trading' && e.subject === 'Order' && e.event === 'Completed')
          .map((e) => detail(e).orderId)
          .sort(),
      ).toEqual([...space.orders].sort());
      // Each user's submissions are theirs, in their workspace.
      const submittedBy = events.filter((e) => e.category === 'Transactions' && e.event === 'Submitted').map((e) => e.userId);
      expect(submittedBy.sort()).toEqual(space.people.flatMap((p) => [p.id, p.id]).sort());
      expect(events.filter((e) => e.category === 'Webhooks' && e.event === 'Created')).toHaveLength(space.hooks.length);
      const foreign = new Set([...other.transfers, ...other.orders, ...(await transactionsOf(other)).map((t) => t.id)]);
      expect(events.filter((e) => foreign.has(detail(e).txId ?? '') || foreign.has(detail(e).orderId ?? ''))).toEqual([]);

      await sequenceAll(ctx.deps.db);
      const verified = await jsonCaller(app)<AuditChainVerification>(
        space.people[0]!.token,
        'GET',
        `/v1/management/audit_logs/verify?startTime=${start - 60_000}&endTime=${clock + 1_000}`,
      );
      expect(verified.body).toMatchObject({ verified: true, firstBrokenEventId: null });
      expect(verified.body.checked).toBeGreaterThanOrEqual(events.length);
    }
  });
});
