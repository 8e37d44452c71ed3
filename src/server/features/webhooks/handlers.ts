import { randomUUID } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, gte, inArray, type SQL } from 'drizzle-orm';
import * as routes from '../../../contract/routes/webhooks';
import { JWKS_PATH, type WebhookEvent } from '../../../contract/webhooks';
import { register } from '../../http/register';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { badRequest, notFound } from '../../http/errors';
import { commitWithResponse } from '../../http/idempotency';
import type { AppDeps, AppEnv } from '../../http/types';
import type { Db } from '../../db/client';
import type { TimePosition } from '../../db/keyset';
import { isUuid } from '../../db/uuid';
import { auditRequest } from '../audit/record';
import { requeue } from './delivery';
import { enqueueEvent } from './outbox';
import { webhookNotifications } from './schema';
import { publicJwks } from './signing';
import { treeHeadJwks } from '../audit/tree-keys';
import * as store from './store';
import { checkWebhookUrl } from './url-policy';
import { toNotification, toWebhook } from './view';

/**
 * `sampleTransaction` makes the data of a test event: a made-up transfer, whose shape the
 * transactions area owns; that area stands above this one (its transfers write to the outbox), so
 * the app passes it down.
 */
export function registerWebhooks(app: OpenAPIHono<AppEnv>, deps: AppDeps, sampleTransaction: (now: Date) => Record<string, unknown> & { id: string }) {
  const policy = { allowLocal: deps.config.webhooks.allowLocal };
  const cursorKey = () => deps.secrets.cursorKey;

  /** The webhook, in the caller's workspace, or 404; read in a write's transaction `db` (locked with `lock`) or outside any. */
  async function webhookOf(workspaceId: string, id: string, db: Db = deps.db, lock = false) {
    const row = await store.findWebhook(db, workspaceId, id, lock);
    if (!row) throw notFound(`No webhook ${id}`);
    return row;
  }

  // Public keys for verifying delivery signatures: no sign-in, like any JWKS.
  app.get(JWKS_PATH, async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    // The audit log's tree head keys (alg EdDSA) beside the delivery keys (RS512), so one JWKS verifies both.
    const [deliveries, treeHeads] = await Promise.all([publicJwks(deps.db, deps.now()), treeHeadJwks(deps.db)]);
    return c.json({ keys: [...deliveries.keys, ...treeHeads] });
  });

  register(app, deps, routes.createWebhook, async (c) => {
    const body = c.req.valid('json');
    const url = await checkWebhookUrl(body.url, policy);
    const now = deps.now();
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const created = await store.insertWebhook(tx, {
          id: randomUUID(),
          workspaceId: c.get('principal').workspaceId,
          url,
          description: body.description ?? null,
          events: body.events,
          status: body.enabled === false ? 'DISABLED' : 'ENABLED',
          createdAt: now,
          updatedAt: now,
        });
        await auditRequest(tx, c, deps, now, {
          category: 'Webhooks',
          subject: 'Webhook',
          event: 'Created',
          detail: { webhookId: created.id, after: toWebhook(created) },
        });
        return created;
      },
      (row) => c.json(toWebhook(row), 201),
    );
  });

  register(app, deps, routes.listWebhooks, async (c) => {
    const q = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    const fingerprint = `webhooks:${q.order}`;
    const after = q.pageCursor ? decodeCursor<TimePosition>(cursorKey(), q.pageCursor, { workspaceId, fingerprint }) : undefined;
    const page = await store.webhooksPage(deps.db, workspaceId, q.order, q.pageSize, after);
    const last = page.rows.at(-1);
    const next = page.more && last ? encodeCursor<TimePosition>(cursorKey(), workspaceId, fingerprint, { t: last.createdAt.getTime(), id: last.id }) : null;
    return c.json({ data: page.rows.map(toWebhook), next }, 200);
  });

  register(app, deps, routes.getWebhook, async (c) => {
    return c.json(toWebhook(await webhookOf(c.get('principal').workspaceId, c.req.valid('param').webhookId)), 200);
  });

  register(app, deps, routes.updateWebhook, async (c) => {
    const { webhookId } = c.req.valid('param');
    const body = c.req.valid('json');
    const url = body.url === undefined ? undefined : await checkWebhookUrl(body.url, policy);
    const now = deps.now();
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const before = await webhookOf(c.get('principal').workspaceId, webhookId, tx, true);
        const status = body.enabled === undefined ? before.status : body.enabled ? 'ENABLED' : 'DISABLED';
        const updated = await store.updateWebhook(tx, before.id, {
          ...(url !== undefined ? { url } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.events !== undefined ? { events: body.events } : {}),
          status,
          updatedAt: now,
        });
        if (before.status !== 'ENABLED' && status === 'ENABLED') await store.releaseHeld(tx, before.id, now);
        await auditRequest(tx, c, deps, now, {
          category: 'Webhooks',
          subject: 'Webhook',
          event: 'Updated',
          detail: { webhookId, before: toWebhook(before), after: toWebhook(updated) },
        });
        return updated;
      },
      (row) => c.json(toWebhook(row), 200),
    );
  });

  register(app, deps, routes.deleteWebhook, async (c) => {
    const { webhookId } = c.req.valid('param');
    const now = deps.now();
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const before = await webhookOf(c.get('principal').workspaceId, webhookId, tx, true);
        await store.deleteWebhook(tx, before);
        await auditRequest(tx, c, deps, now, { category: 'Webhooks', subject: 'Webhook', event: 'Deleted', detail: { webhookId, before: toWebhook(before) } });
        return before;
      },
      (row) => c.json(toWebhook(row), 200),
    );
  });

  register(app, deps, routes.listWebhookNotifications, async (c) => {
    const q = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    const webhook = await webhookOf(workspaceId, c.req.valid('param').webhookId);
    if (q.startTime !== undefined && q.endTime !== undefined && q.endTime < q.startTime) throw badRequest('endTime must not be before startTime');
    const filter: store.NotificationFilter = { statuses: q.statuses, events: q.events, resourceId: q.resourceId, startTime: q.startTime, endTime: q.endTime };
    const fingerprint = `notifications:${webhook.id}:${JSON.stringify({ ...filter, order: q.order })}`;
    const after = q.pageCursor ? decodeCursor<TimePosition>(cursorKey(), q.pageCursor, { workspaceId, fingerprint }) : undefined;
    const [page, total] = await Promise.all([
      store.notificationsPage(deps.db, webhook.id, filter, q.order, q.pageSize, after),
      store.notificationsTotal(deps.db, webhook.id, filter),
    ]);
    const last = page.rows.at(-1);
    const next = page.more && last ? encodeCursor<TimePosition>(cursorKey(), workspaceId, fingerprint, { t: last.createdAt.getTime(), id: last.id }) : null;
    return c.json({ data: page.rows.map(toNotification), total, next }, 200);
  });

  register(app, deps, routes.getWebhookNotification, async (c) => {
    const { webhookId, notificationId } = c.req.valid('param');
    const webhook = await webhookOf(c.get('principal').workspaceId, webhookId);
    const row = await store.findNotification(deps.db, webhook.id, notificationId);
    if (!row) throw notFound(`No notification ${notificationId} for webhook ${webhookId}`);
    return c.json({ ...toNotification(row), data: (JSON.parse(row.body) as { data: Record<string, unknown> }).data }, 200);
  });

  register(app, deps, routes.listNotificationAttempts, async (c) => {
    const { webhookId, notificationId } = c.req.valid('param');
    const q = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    const webhook = await webhookOf(workspaceId, webhookId);
    const row = await store.findNotification(deps.db, webhook.id, notificationId);
    if (!row) throw notFound(`No notification ${notificationId} for webhook ${webhookId}`);
    const fingerprint = `attempts:${row.id}`;
    const before = q.pageCursor ? decodeCursor<number>(cursorKey(), q.pageCursor, { workspaceId, fingerprint }) : undefined;
    const page = await store.attemptsPage(deps.db, row.id, q.pageSize, before);
    const last = page.rows.at(-1);
    return c.json(
      {
        data: page.rows.map((a) => ({
          sentTime: a.sentAt.getTime(),
          duration: a.durationMs,
          ...(a.responseCode !== null ? { responseCode: a.responseCode } : {}),
          ...(a.failureReason ? { failureReason: a.failureReason as 'TIMED_OUT' | 'NO_RESPONSE' } : {}),
        })),
        next: page.more && last ? encodeCursor(cursorKey(), workspaceId, fingerprint, last.attempt) : null,
      },
      200,
    );
  });

  register(app, deps, routes.resendNotification, async (c) => {
    const { webhookId, notificationId } = c.req.valid('param');
    const now = deps.now();
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const webhook = await webhookOf(c.get('principal').workspaceId, webhookId, tx);
        const n = isUuid(notificationId)
          ? await requeue(tx, and(eq(webhookNotifications.webhookId, webhook.id), eq(webhookNotifications.id, notificationId))!, now)
          : 0;
        if (n === 0) throw notFound(`No notification ${notificationId} for webhook ${webhookId}`);
        await auditRequest(tx, c, deps, now, { category: 'Webhooks', subject: 'Notification', event: 'Resent', detail: { webhookId, notificationId } });
      },
      () => c.body(null, 202),
    );
  });

  register(app, deps, routes.resendFailedNotifications, async (c) => {
    const { webhookId } = c.req.valid('param');
    const body = (c.req.valid('json') as { startTime?: number; events?: WebhookEvent[] } | undefined) ?? {};
    const now = deps.now();
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const webhook = await webhookOf(c.get('principal').workspaceId, webhookId, tx);
        const where: SQL[] = [eq(webhookNotifications.webhookId, webhook.id), eq(webhookNotifications.status, 'FAILED')];
        if (body.startTime !== undefined) where.push(gte(webhookNotifications.createdAt, new Date(body.startTime)));
        if (body.events?.length) where.push(inArray(webhookNotifications.eventType, body.events));
        const n = await requeue(tx, and(...where)!, now);
        await auditRequest(tx, c, deps, now, { category: 'Webhooks', subject: 'Notification', event: 'Resent failed', detail: { webhookId, total: n } });
        return n;
      },
      (total) => (total === 0 ? c.json({ total }, 200) : c.json({ total }, 202)),
    );
  });

  register(app, deps, routes.sendWebhookTestEvent, async (c) => {
    const { webhookId } = c.req.valid('param');
    const { workspaceId } = c.get('principal');
    const now = deps.now();
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const webhook = await webhookOf(workspaceId, webhookId, tx);
        const data = sampleTransaction(now);
        const queued = await enqueueEvent(tx, { workspaceId, eventType: 'transaction.created', resourceId: data.id, data, webhookId: webhook.id }, now);
        await auditRequest(tx, c, deps, now, {
          category: 'Webhooks',
          subject: 'Notification',
          event: 'Test event sent',
          detail: { webhookId, notificationId: queued[0] },
        });
        return queued;
      },
      (ids) => c.json({ notificationId: ids[0]! }, 202),
    );
  });
}
