import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { NotificationsQuery } from '../../../contract/webhooks';
import type { Db } from '../../db/client';
import { keysetPage, type TimePosition } from '../../db/keyset';
import { CHANNELS, notify } from '../../db/notify';
import { findById } from '../../db/rows';
import { isUuid } from '../../db/uuid';
import { recordChange, recordChanges } from '../live/record';
import { webhookAttempts, webhookNotifications, webhooks } from './schema';

/**
 * All of webhooks' SQL. Every query is filtered by the caller's workspace. Every write of a webhook
 * or of a notification's status records it for the live streams (features/live) in the same
 * transaction: a notice names the object and its new status, never its URL or payload.
 */

export type WebhookRow = typeof webhooks.$inferSelect;
export type NotificationRow = typeof webhookNotifications.$inferSelect;

/** The status a deleted webhook's notice carries. */
const DELETED = 'DELETED';

const recordWebhook = (db: Db, row: Pick<WebhookRow, 'id' | 'workspaceId'>, status: string) =>
  recordChange(db, { workspaceId: row.workspaceId, kind: 'webhook', id: row.id, status });

/** What a write of notifications returns for recordNotifications. */
export const notificationChange = { id: webhookNotifications.id, workspaceId: webhookNotifications.workspaceId, status: webhookNotifications.status };

/** Notifications whose status or attempts a write changed, as it returned them. */
export const recordNotifications = (db: Db, rows: readonly { id: string; workspaceId: string; status: string }[]) =>
  recordChanges(
    db,
    rows.map((n) => ({ workspaceId: n.workspaceId, kind: 'notification' as const, id: n.id, status: n.status })),
  );

export async function insertWebhook(db: Db, row: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  const [created] = await db.insert(webhooks).values(row).returning();
  await recordWebhook(db, created!, created!.status);
  return created!;
}

export async function findWebhook(db: Db, workspaceId: string, id: string, lock = false): Promise<WebhookRow | undefined> {
  if (!isUuid(id)) return undefined;
  const query = db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function webhooksPage(db: Db, workspaceId: string, order: 'ASC' | 'DESC', pageSize: number, after?: TimePosition) {
  const keys = { time: webhooks.createdAt, id: webhooks.id };
  return keysetPage(db, webhooks, keys, [eq(webhooks.workspaceId, workspaceId)], order, pageSize, after && { position: after });
}

export async function updateWebhook(db: Db, id: string, patch: Partial<typeof webhooks.$inferInsert>): Promise<WebhookRow> {
  const [row] = await db.update(webhooks).set(patch).where(eq(webhooks.id, id)).returning();
  await recordWebhook(db, row!, row!.status);
  return row!;
}

/** Deletes a webhook with its notifications and their attempts (its notice is the only one for them: they are gone with it). */
export async function deleteWebhook(db: Db, webhook: Pick<WebhookRow, 'id' | 'workspaceId'>) {
  await db.execute(sql`delete from webhook_attempts where notification_id in (select id from webhook_notifications where webhook_id = ${webhook.id})`);
  await db.delete(webhookNotifications).where(eq(webhookNotifications.webhookId, webhook.id));
  await db.delete(webhooks).where(eq(webhooks.id, webhook.id));
  await recordWebhook(db, webhook, DELETED);
}

/** Notifications held while their webhook was disabled go out again once it is enabled. */
export async function releaseHeld(db: Db, webhookId: string, now: Date) {
  const released = await db
    .update(webhookNotifications)
    .set({ status: 'IN_PROGRESS', nextAttemptAt: now, updatedAt: now })
    .where(and(eq(webhookNotifications.webhookId, webhookId), eq(webhookNotifications.status, 'ON_HOLD')))
    .returning(notificationChange);
  await notify(db, CHANNELS.webhookOutbox);
  await recordNotifications(db, released);
}

export type NotificationFilter = Pick<NotificationsQuery, 'statuses' | 'events' | 'resourceId' | 'startTime' | 'endTime'>;

function notificationConditions(webhookId: string, f: NotificationFilter): SQL[] {
  const c: SQL[] = [eq(webhookNotifications.webhookId, webhookId)];
  if (f.statuses?.length) c.push(inArray(webhookNotifications.status, f.statuses));
  if (f.events?.length) c.push(inArray(webhookNotifications.eventType, f.events));
  if (f.resourceId) c.push(eq(webhookNotifications.resourceId, f.resourceId));
  if (f.startTime !== undefined) c.push(gte(webhookNotifications.createdAt, new Date(f.startTime)));
  if (f.endTime !== undefined) c.push(lte(webhookNotifications.createdAt, new Date(f.endTime)));
  return c;
}

export async function notificationsPage(db: Db, webhookId: string, f: NotificationFilter, order: 'ASC' | 'DESC', pageSize: number, after?: TimePosition) {
  const keys = { time: webhookNotifications.createdAt, id: webhookNotifications.id };
  return keysetPage(db, webhookNotifications, keys, notificationConditions(webhookId, f), order, pageSize, after && { position: after });
}

export async function notificationsTotal(db: Db, webhookId: string, f: NotificationFilter): Promise<number> {
  return db.$count(webhookNotifications, and(...notificationConditions(webhookId, f)));
}

export async function findNotification(db: Db, webhookId: string, id: string): Promise<NotificationRow | undefined> {
  return findById(db, webhookNotifications, eq(webhookNotifications.webhookId, webhookId), id);
}

/** Attempts newest first; `before` is the attempt number the previous page ended at. */
export async function attemptsPage(db: Db, notificationId: string, pageSize: number, before?: number) {
  const c: SQL[] = [eq(webhookAttempts.notificationId, notificationId)];
  if (before !== undefined) c.push(lt(webhookAttempts.attempt, before));
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(and(...c))
    .orderBy(desc(webhookAttempts.attempt))
    .limit(pageSize + 1);
  return { rows: rows.slice(0, pageSize), more: rows.length > pageSize };
}
