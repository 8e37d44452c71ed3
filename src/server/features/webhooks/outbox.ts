import { sql } from 'drizzle-orm';
import type { WebhookEvent } from '../../../contract/webhooks';
import type { Db } from '../../db/client';
import { CHANNELS, noticeExpression } from '../../db/notify';
import { queryRows } from '../../db/rows';
import { recordChangesFrom } from '../live/record';

/**
 * The outbox. A change that should be announced calls `enqueueEvent` inside its own database
 * transaction: one notification per subscribed, enabled webhook is written with it, so a change
 * that rolls back announces nothing and one that commits cannot lose its notifications. The
 * delivery workers, woken by a database notice when it commits, send them afterwards.
 */

export interface OutboxEvent {
  workspaceId: string;
  eventType: WebhookEvent;
  resourceId: string;
  data: Record<string, unknown>;
  /** Only this webhook (a test event), whatever it subscribes to. */
  webhookId?: string;
}

/**
 * Writes the notifications of events in one statement however many there are (it runs for every
 * change, and the transaction engine gathers a whole round's events into one call, so a round trip
 * saved here is saved hundreds of times a second); answers their ids. The envelope is written as
 * text in the order of the spec's table, with each row's own id and webhook id. The same statement
 * sends the notice that wakes the delivery workers (once per inserted row, which PostgreSQL folds
 * into one notice per transaction; none when no webhook subscribes), and records each new
 * notification for the live streams, so a console's notification list hears of it.
 */
export async function enqueueEvents(db: Db, events: readonly OutboxEvent[], now: Date): Promise<string[]> {
  if (events.length === 0) return [];
  const at = now.toISOString();
  const rows = events.map((event) => ({
    workspace_id: event.workspaceId,
    event_type: event.eventType,
    resource_id: event.resourceId,
    webhook_id: event.webhookId ?? null,
    // The envelope around the two ids the statement draws: `{"id":"<id>` + mid + `<webhook id>"` + rest.
    mid: `","resourceId":${JSON.stringify(event.resourceId)},"webhookId":"`,
    rest: `,"workspaceId":${JSON.stringify(event.workspaceId)},"eventType":${JSON.stringify(event.eventType)},"createdAt":${now.getTime()},"data":${JSON.stringify(event.data)}}`,
  }));
  // The id is drawn in the target list of the scan over the webhook rows, so PostgreSQL computes it
  // once per webhook row whatever the plan; the subquery is not flattened (its target list is
  // volatile), so both uses of n.id read the same value. An uncorrelated lateral
  // (`cross join lateral (select gen_random_uuid())`) is not that: once the planner put it on the
  // outer side of the join (after ANALYZE), every webhook got the same id and the insert failed.
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`
    with inserted as (
      insert into webhook_notifications (id, workspace_id, webhook_id, event_type, resource_id, body, status, created_at, updated_at, next_attempt_at)
      select n.id, n.workspace_id, n.webhook_id, n.event_type, n.resource_id,
        '{"id":"' || n.id || n.mid || n.webhook_id || '"' || n.rest,
        'IN_PROGRESS', ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
      from (
        select gen_random_uuid() as id, w.id as webhook_id, w.workspace_id, e.event_type, e.resource_id, e.mid, e.rest
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as e(workspace_id uuid, event_type text, resource_id text, webhook_id uuid, mid text, rest text)
        join webhooks w on w.workspace_id = e.workspace_id
          and (case when e.webhook_id is null then w.status = 'ENABLED' and w.events @> jsonb_build_array(e.event_type) else w.id = e.webhook_id end)
      ) n
      returning id, workspace_id, status),
    announced as (${recordChangesFrom('notification', 'inserted')})
    select id, ${noticeExpression(CHANNELS.webhookOutbox)} as noticed, ${noticeExpression(CHANNELS.live)} as announced from inserted`,
  );
  return inserted.map((r) => r.id);
}

/** The notifications of one event (a test event names its one webhook). */
export const enqueueEvent = (db: Db, event: OutboxEvent, now: Date): Promise<string[]> => enqueueEvents(db, [event], now);
