import { sql } from 'drizzle-orm';
import type { LiveKind } from '../../../contract/live-events';
import type { Db } from '../../db/client';
import { CHANNELS, noticeExpression, type Channel } from '../../db/notify';

interface Change {
  workspaceId: string;
  kind: LiveKind;
  id: string;
  status?: string | null;
}

/**
 * Records changes for the live streams, in the caller's transaction: the rows and the database
 * notice that wakes every instance's hub are one statement, and both take effect when the change
 * itself commits (nothing is sent for a change that rolls back). One notice per transaction: the
 * payload is always empty, and PostgreSQL folds identical notices of one transaction. `wake` is a
 * further channel to notify in the same statement (the engines' for a new transfer or order),
 * which saves the change its own round trip to send it.
 */
export async function recordChanges(db: Db, changes: readonly Change[], wake?: Channel): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map((c) => ({ workspace_id: c.workspaceId, kind: c.kind, object_id: c.id, status: c.status ?? null }));
  await db.execute(sql`
    with written as (
      insert into live_events (workspace_id, kind, object_id, status)
      select workspace_id, kind, object_id, status
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(workspace_id uuid, kind text, object_id text, status text)
      returning id
    )
    select count(*), ${noticeExpression(CHANNELS.live)} as noticed${wake ? sql`, ${noticeExpression(wake)} as woken` : sql``} from written`);
}

export const recordChange = (db: Db, change: Change, wake?: Channel) => recordChanges(db, [change], wake);

/**
 * The same for a statement that writes the changed rows itself, without the round trip
 * recordChanges takes: the body of a data-modifying CTE that records one change per row of the
 * statement's CTE `rows` (columns workspace_id, id, status). The statement also selects
 * `noticeExpression(CHANNELS.live)` once per row of `rows`, so the hubs are woken only when
 * something was written.
 */
export const recordChangesFrom = (kind: LiveKind, rows: string) =>
  sql`insert into live_events (workspace_id, kind, object_id, status) select workspace_id, ${kind}, id::text, status from ${sql.identifier(rows)}`;
