import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { addWorkspace, createTestContext, type TestContext } from '../../test/harness';
import { addManyAssets } from '../../test/many-assets';
import { refreshStatistics } from '../../workers/housekeeping';
import { assetPage, assetPageQuery, type AssetFilter } from './store';

// The asset list's search on a catalogue big enough for the planner to choose (the shipped 1,136
// and a workspace's 5,000), after ANALYZE as housekeeping runs it: the plan PostgreSQL (or PGlite)
// picks for the page's own statement, and what the index changes (the plan, not the answer). Both
// pick the index at this size; the 20,000 of before cost 8 s more of a core to write.
let ctx: TestContext;
let workspaceId: string;
let userId: string;
const ASSETS = 5_000;

beforeAll(async () => {
  ctx = await createTestContext();
  const ws = await addWorkspace(ctx, 'Many Assets Co', ['VIEWER']);
  workspaceId = ws.id;
  userId = ws.people[0]!.id;
  await addManyAssets(ctx.deps.db, workspaceId, ASSETS);
  await refreshStatistics(ctx.deps.db);
});
afterAll(() => ctx.database.close());

const plan = async (f: AssetFilter) =>
  (await queryRows<{ 'QUERY PLAN': string }>(ctx.deps.db, sql`explain ${assetPageQuery(workspaceId, userId, f, 500)}`))
    .map((row) => row['QUERY PLAN'])
    .join('\n');

const ids = async (f: AssetFilter, db: Db = ctx.deps.db) =>
  (JSON.parse((await assetPage(db, workspaceId, userId, f, 1000)).json) as { id: string }[]).map((a) => a.id);

describe('the asset search', () => {
  it('reads the trigram index for a text of three characters or more, not every row', async () => {
    // A shipped symbol, a word of a shipped name, a piece of a name and of an address, in any case.
    for (const q of ['usdc', 'Tether', 'token 424', '00000000ABC']) {
      const shown = await plan({ q });
      expect(shown, q).toMatch(/Bitmap Index Scan on catalogue_assets_search_idx/);
      expect(shown, q).not.toMatch(/Seq Scan on catalogue_assets/);
    }
  });

  it('finds the same assets as reading every row', async () => {
    for (const q of ['usdc', 'token 424', '00000000abc', 'b42', 'h_t', 'x\\']) {
      const indexed = await ids({ q });
      // The same statement with the index out of the planner's reach.
      const everyRow = await ctx.deps.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        return ids({ q }, tx);
      });
      expect(indexed, q).toEqual(everyRow);
    }
    // Bench token 424 and 4240 to 4249.
    expect((await ids({ q: 'token 424' })).length).toBe(11);
    // `_` and `%` are plain characters: as patterns, these would match every "Bench token".
    expect(await ids({ q: 'h_t' })).toEqual([]);
    expect(await ids({ q: 'ch%en' })).toEqual([]);
  });
});
