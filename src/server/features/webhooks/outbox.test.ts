import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkspace, createTestContext, type TestContext } from '../../test/harness';
import { refreshStatistics } from '../../workers/housekeeping';
import { enqueueEvent } from './outbox';
import { webhookNotifications, webhooks } from './schema';

/**
 * The outbox writes one notification per subscribed webhook in one statement. Each must get its own
 * id whatever plan the planner picks: before and after the statistics are gathered (the housekeeping
 * worker's ANALYZE flipped the plan and gave every webhook the same id), and with each scan and join
 * method turned off in turn.
 */

let ctx: TestContext;
let workspaceId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  workspaceId = (await addWorkspace(ctx, 'Outbox Co')).id;
});
afterAll(() => ctx.database.close());

const PLANS = [
  '',
  'enable_seqscan',
  'enable_indexscan',
  'enable_bitmapscan',
  'enable_material',
  'enable_nestloop',
  'enable_hashjoin',
  'enable_mergejoin',
  'enable_memoize',
];

async function hooks(count: number) {
  await ctx.deps.db.delete(webhookNotifications);
  await ctx.deps.db.delete(webhooks);
  const now = new Date();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    workspaceId,
    url: `https://hooks.example/${i}`,
    description: null,
    events: ['transaction.created'],
    status: 'ENABLED',
    createdAt: now,
    updatedAt: now,
  }));
  await ctx.deps.db.insert(webhooks).values(rows);
  return rows.map((r) => r.id);
}

describe('enqueueEvent', () => {
  it.each([2, 3])('gives each of %i webhooks its own notification id under every plan, before and after ANALYZE', async (count) => {
    const ids = await hooks(count);
    let written = 0;
    for (const analyzed of [false, true]) {
      if (analyzed) await refreshStatistics(ctx.deps.db);
      for (const off of PLANS) {
        const resourceId = randomUUID();
        const made = await ctx.deps.db.transaction(async (tx) => {
          if (off) await tx.execute(sql.raw(`set local ${off} = off`));
          return enqueueEvent(tx, { workspaceId, eventType: 'transaction.created', resourceId, data: { id: resourceId } }, new Date());
        });
        expect(new Set(made).size, `${off || 'default plan'}, analyzed: ${analyzed}`).toBe(count);
        const rows = await ctx.deps.db
          .select()
          .from(webhookNotifications)
          .where(sql`${webhookNotifications.resourceId} = ${resourceId}`);
        expect(rows.map((r) => r.webhookId).sort()).toEqual([...ids].sort());
        // The envelope names the row's own id and webhook.
        for (const r of rows) expect(JSON.parse(r.body)).toMatchObject({ id: r.id, webhookId: r.webhookId, resourceId });
        written += rows.length;
      }
    }
    expect(written).toBe(2 * PLANS.length * count);
  });
});
