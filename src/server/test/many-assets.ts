import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * `count` LOCAL assets of a workspace, spread over the shipped chains, as a busy workspace's own
 * listings would be: `Bench token <i>`, symbol `B<i % 997>`, a 40-hex-digit address from i, every
 * 50th deprecated. For the catalogue's benchmark and the tests of its query plans.
 */
export async function addManyAssets(db: Db, workspaceId: string, count: number) {
  await db.execute(sql`
    insert into catalogue_assets (id, workspace_id, legacy_id, blockchain_id, display_name, display_symbol, asset_class, onchain_symbol, onchain_name,
      address, address_key, decimals, standards, scope, verified, deprecated, features)
    select gen_random_uuid(), ${workspaceId}::uuid, 'BENCH_' || i, b.id, 'Bench token ' || i, 'B' || (i % 997), 'FT', 'B' || (i % 997), 'Bench token ' || i,
      '0x' || lpad(to_hex(i), 40, '0'), '0x' || lpad(to_hex(i), 40, '0'), 18, '["ERC20"]'::jsonb, 'LOCAL', false, (i % 50 = 0), '[]'::jsonb
    from generate_series(1, ${count}) as i
    join lateral (select id from catalogue_blockchains order by id offset (i % 40) limit 1) b on true`);
}
