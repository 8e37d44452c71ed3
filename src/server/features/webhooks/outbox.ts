import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEnvelope, WebhookEvent } from '../../../contract/webhooks';
import type { Db } from '../../db/client';
import { webhookNotifications, webhooks } from './schema';

/**
 * The outbox. A change that should be announced calls `enqueueEvent` inside its own database
 * transaction: one notification per subscribed, enabled webhook is written with it, so a change
 * that rolls back announces nothing and one that commits cannot lose its notifications. The
 * delivery worker sends them afterwards.
 */

const wakers = new Set<() => void>();

/** Lets a delivery worker in this process start at once instead of at its next poll. */
export function onEnqueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

export interface OutboxEvent {
  workspaceId: string;
  eventType: WebhookEvent;
  resourceId: string;
  data: Record<string, unknown>;
  /** Only this webhook (a test event), whatever it subscribes to. */
  webhookId?: string;
}

/** Writes the notifications of one event; answers their ids. */
export async function enqueueEvent(db: Db, event: OutboxEvent, now: Date): Promise<string[]> {
  const targets = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.workspaceId, event.workspaceId),
        event.webhookId ? eq(webhooks.id, event.webhookId) : and(eq(webhooks.status, 'ENABLED'), sql`${webhooks.events} @> ${JSON.stringify([event.eventType])}::jsonb`),
      ),
    );
  if (targets.length === 0) return [];
  const rows = targets.map(({ id: webhookId }) => {
    const id = randomUUID();
    const envelope: WebhookEnvelope = {
      id,
      resourceId: event.resourceId,
      webhookId,
      workspaceId: event.workspaceId,
      eventType: event.eventType,
      createdAt: now.getTime(),
      data: event.data,
    };
    return {
      id,
      workspaceId: event.workspaceId,
      webhookId,
      eventType: event.eventType,
      resourceId: event.resourceId,
      body: JSON.stringify(envelope),
      status: 'IN_PROGRESS',
      createdAt: now,
      updatedAt: now,
      nextAttemptAt: now,
    };
  });
  await db.insert(webhookNotifications).values(rows);
  // The caller's transaction commits after this returns; a worker woken too early finds nothing
  // and its next poll picks the rows up, so the delay only shortens the usual wait.
  setTimeout(() => wakers.forEach((wake) => wake()), 10).unref();
  return rows.map((r) => r.id);
}
