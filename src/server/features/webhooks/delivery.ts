import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray, min, sql, type SQL } from 'drizzle-orm';
import { LEGACY_SIGNATURE_HEADER, MAX_ATTEMPTS, RETRY_SCHEDULE_SECONDS, SIGNATURE_HEADER } from '../../../contract/webhooks';
import type { Db } from '../../db/client';
import { CHANNELS, notify } from '../../db/notify';
import { queryRows } from '../../db/rows';
import type { Tracing } from '../../tracing/tracing';
import { startPoller, type Poller, type WorkerContext } from '../../workers/poller';
import { webhookNotifications, webhooks } from './schema';
import { signBody, type SigningKey } from './signing';
import { notificationChange, recordNotifications } from './store';
import { guardedLookup, literalRefused, type UrlPolicy } from './url-policy';

/**
 * The delivery worker. It claims due notifications with FOR UPDATE SKIP LOCKED and leases them
 * (next_attempt_at moves past the attempt's timeout), so several instances never send the same
 * notification at once, and one that dies mid-delivery leaves rows that become due again when the
 * lease ends: delivery is at least once, and the notification id lets a receiver drop duplicates.
 *
 * An attempt succeeds on 2xx. A 4xx other than 408 and 429 ends it (FAILED, the receiver refused
 * it); anything else (5xx, 408, 429, a timeout, no answer) is tried again after the wire-facts
 * schedule, and the 10th failed attempt of a round makes it FAILED. A resend starts a new round.
 */

export interface DeliveryOptions {
  policy: UrlPolicy;
  timeoutMs: number;
  /** Factor on the retry schedule; 1 in production, small in tests that watch a notification fail. */
  retryScale: number;
  /** Notifications claimed per round trip. */
  batchSize?: number;
  /** Told the outcome of each attempt recorded (the metrics count deliveries by result). */
  onOutcome?: (status: ReturnType<typeof outcome>['status']) => void;
  /** A span for each attempt, whose traceparent goes to the receiver (when traces are on). */
  tracing?: Pick<Tracing, 'delivery'>;
}

export interface AttemptResult {
  notificationId: string;
  sentAt: Date;
  durationMs: number;
  responseCode?: number;
  failureReason?: 'TIMED_OUT' | 'NO_RESPONSE';
}

const LEASE_GRACE_MS = 30_000;
const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 256 }), https: new https.Agent({ keepAlive: true, maxSockets: 256 }) };

interface Claimed {
  id: string;
  webhookId: string;
  body: string;
  roundAttempts: number;
  url: string;
}

/** Claims up to `limit` due notifications and leases them until the attempt must be over. */
export async function claimDue(db: Db, now: Date, limit: number, leaseMs: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await queryRows<{ id: string }>(
      tx,
      sql`
      select id from webhook_notifications
      where next_attempt_at <= ${now.toISOString()}::timestamptz and status = 'IN_PROGRESS'
      order by next_attempt_at
      limit ${limit}
      for update skip locked`,
    );
    const ids = due.map((r) => r.id);
    if (ids.length === 0) return [];
    const claimed = await tx
      .update(webhookNotifications)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
      .where(inArray(webhookNotifications.id, ids))
      .returning({
        id: webhookNotifications.id,
        webhookId: webhookNotifications.webhookId,
        body: webhookNotifications.body,
        roundAttempts: webhookNotifications.roundAttempts,
      });
    const targets = await tx
      .select({ id: webhooks.id, url: webhooks.url, status: webhooks.status })
      .from(webhooks)
      .where(inArray(webhooks.id, [...new Set(claimed.map((c) => c.webhookId))]));
    const byId = new Map(targets.map((t) => [t.id, t]));
    // A disabled webhook holds its notifications until it is enabled again.
    const held = claimed.filter((c) => byId.get(c.webhookId)?.status !== 'ENABLED').map((c) => c.id);
    if (held.length > 0) {
      const rows = await tx
        .update(webhookNotifications)
        .set({ status: 'ON_HOLD', nextAttemptAt: null, updatedAt: now })
        .where(inArray(webhookNotifications.id, held))
        .returning(notificationChange);
      await recordNotifications(tx, rows);
    }
    return claimed.filter((c) => byId.get(c.webhookId)?.status === 'ENABLED').map((c) => ({ ...c, url: byId.get(c.webhookId)!.url }));
  });
}

/**
 * Posts one signed envelope; never throws. An aborted `signal` (the worker stopping) cuts the
 * attempt short: it answers 'interrupted', which is not an attempt of the receiver's.
 */
export async function post(
  notification: Claimed,
  key: SigningKey,
  options: DeliveryOptions,
  sentAt: Date,
  signal?: AbortSignal,
): Promise<AttemptResult | 'interrupted'> {
  const started = performance.now();
  const base = { notificationId: notification.id, sentAt };
  const url = new URL(notification.url);
  if (literalRefused(url, options.policy)) return { ...base, durationMs: 0, failureReason: 'NO_RESPONSE' };
  if (signal?.aborted) return 'interrupted';
  const { jws, legacy } = await signBody(key, notification.body);
  const body = Buffer.from(notification.body);
  const client = url.protocol === 'https:' ? https : http;
  const span = options.tracing?.delivery(url, { webhookId: notification.webhookId, notificationId: notification.id });
  return new Promise<AttemptResult | 'interrupted'>((resolve) => {
    let settled = false;
    const done = (r: Omit<AttemptResult, 'notificationId' | 'sentAt' | 'durationMs'>) => {
      settled = true;
      const result = signal?.aborted ? 'interrupted' : { ...base, durationMs: Math.round(performance.now() - started), ...r };
      span?.end(result);
      resolve(result);
    };
    const send = (agent: http.Agent | false) => {
      const request = client.request(
        url,
        {
          method: 'POST',
          signal,
          agent,
          lookup: guardedLookup(options.policy),
          timeout: options.timeoutMs,
          headers: {
            'content-type': 'application/json',
            'content-length': body.length,
            'user-agent': 'asset-ops-webhooks/1',
            [SIGNATURE_HEADER]: jws,
            [LEGACY_SIGNATURE_HEADER]: legacy,
            ...span?.headers,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => done({ responseCode: response.statusCode }));
          response.on('error', () => done({ responseCode: response.statusCode }));
        },
      );
      request.on('timeout', () => {
        request.destroy();
        done({ failureReason: 'TIMED_OUT' });
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        // Destroyed after a timeout, already answered.
        if (settled) return;
        // A kept-alive connection that the receiver closed while it sat idle (its keep-alive
        // timeout ran out as this request went out) is reset before the receiver reads anything;
        // that is not the receiver's failure, so the same attempt goes again on a new connection.
        if (request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE') && !signal?.aborted) send(false);
        else done({ failureReason: 'NO_RESPONSE' });
      });
      request.end(body);
    };
    send(url.protocol === 'https:' ? agents.https : agents.http);
  });
}

/** What an attempt leads to: delivered, failed for good, or tried again at `next`. */
export function outcome(
  result: AttemptResult,
  roundAttempts: number,
  retryScale: number,
): { status: 'COMPLETED' | 'FAILED' | 'IN_PROGRESS'; next: Date | null } {
  const code = result.responseCode;
  if (code !== undefined && code >= 200 && code < 300) return { status: 'COMPLETED', next: null };
  if (code !== undefined && code >= 400 && code < 500 && code !== 408 && code !== 429) return { status: 'FAILED', next: null };
  const attempt = roundAttempts + 1;
  if (attempt >= MAX_ATTEMPTS) return { status: 'FAILED', next: null };
  return { status: 'IN_PROGRESS', next: new Date(result.sentAt.getTime() + RETRY_SCHEDULE_SECONDS[attempt - 1]! * 1000 * retryScale) };
}

/** Records a batch of attempts and their outcomes in one transaction. */
export async function recordAttempts(db: Db, results: { claimed: Claimed; result: AttemptResult }[], now: Date, retryScale: number) {
  if (results.length === 0) return [];
  const updates = results.map(({ claimed, result }) => ({ id: claimed.id, ...outcome(result, claimed.roundAttempts, retryScale) }));
  await db.transaction(async (tx) => {
    // The attempt number comes from the row, so a notification delivered twice (after a lost lease) keeps distinct attempts.
    await tx.execute(sql`
      insert into webhook_attempts (notification_id, attempt, sent_at, duration_ms, response_code, failure_reason)
      select r.id, n.attempts + 1, r.sent_at, r.duration_ms, r.response_code, r.failure_reason
      from jsonb_to_recordset(${JSON.stringify(results.map(({ result: r }) => ({ id: r.notificationId, sent_at: r.sentAt.toISOString(), duration_ms: r.durationMs, response_code: r.responseCode ?? null, failure_reason: r.failureReason ?? null })))}::jsonb)
        as r(id uuid, sent_at timestamptz, duration_ms int, response_code int, failure_reason text)
      join webhook_notifications n on n.id = r.id
      on conflict do nothing`);
    const updated = await queryRows<{ id: string; workspaceId: string; status: string }>(
      tx,
      sql`
      update webhook_notifications n
      set status = u.status, next_attempt_at = u.next, attempts = n.attempts + 1, round_attempts = n.round_attempts + 1, updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(updates.map((u) => ({ id: u.id, status: u.status, next: u.next?.toISOString() ?? null })))}::jsonb)
        as u(id uuid, status text, next timestamptz)
      where n.id = u.id and n.status = 'IN_PROGRESS'
      returning n.id, n.workspace_id as "workspaceId", n.status`,
    );
    // Delivered, failed for good, or tried and due again: each attempt is news to a console showing
    // the notification (its attempt count and next attempt change too).
    await recordNotifications(tx, updated);
  });
  return updates;
}

/**
 * Gives notifications this worker leased back, due now, for another worker to take at once (the
 * worker is stopping), unless the lease has already passed to another worker.
 */
export async function releaseLeases(db: Db, ids: string[], leaseEnd: Date, now: Date) {
  if (ids.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .update(webhookNotifications)
      .set({ nextAttemptAt: now })
      .where(and(inArray(webhookNotifications.id, ids), eq(webhookNotifications.status, 'IN_PROGRESS'), eq(webhookNotifications.nextAttemptAt, leaseEnd)));
    await notify(tx, CHANNELS.webhookOutbox);
  });
}

/**
 * One claim-send-record round; answers how many notifications it claimed. When `signal` aborts
 * (the worker stopping), attempts still waiting for an answer are cut short and their
 * notifications released rather than left leased until the lease runs out.
 */
export async function deliverDue(db: Db, key: SigningKey, options: DeliveryOptions, now: () => Date, signal?: AbortSignal): Promise<number> {
  const claimedAt = now();
  const leaseMs = options.timeoutMs + LEASE_GRACE_MS;
  const claimed = await claimDue(db, claimedAt, options.batchSize ?? 200, leaseMs);
  if (claimed.length === 0) return 0;
  const posted = await Promise.all(claimed.map(async (c) => ({ claimed: c, result: await post(c, key, options, now(), signal) })));
  const results = posted.filter((p): p is { claimed: Claimed; result: AttemptResult } => p.result !== 'interrupted');
  const recorded = await recordAttempts(db, results, now(), options.retryScale);
  if (options.onOutcome) for (const { status } of recorded) options.onOutcome(status);
  const interrupted = posted.filter((p) => p.result === 'interrupted').map((p) => p.claimed.id);
  await releaseLeases(db, interrupted, new Date(claimedAt.getTime() + leaseMs), now());
  return claimed.length;
}

/** When the next notification is due (or a lease ends), undefined when none is in progress. */
export async function nextAttemptDue(db: Db): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: min(webhookNotifications.nextAttemptAt) })
    .from(webhookNotifications)
    .where(eq(webhookNotifications.status, 'IN_PROGRESS'));
  return row?.at ?? undefined;
}

/**
 * The running worker: delivers while full batches come back, then sleeps until the next
 * notification is due (a retry, or another worker's lease running out), a notice of new ones plus
 * `gatherMs`, or the safety poll. Gathering briefly after a notice lets a busy stream of events go
 * out in batches (one claim and one record per batch) instead of one round trip each, which is what
 * keeps the embedded database ahead at hundreds of events per second. Answers the poller; stopping
 * it releases the notifications it holds.
 */
export function startDeliveryWorker(worker: WorkerContext, key: () => Promise<SigningKey>, options: DeliveryOptions, busyMs = 250, gatherMs = 50): Poller {
  const { db, now } = worker;
  const batchSize = options.batchSize ?? 200;
  const round = async (signal: AbortSignal) => {
    while (!signal.aborted && (await deliverDue(db, await key(), options, now, signal)) === batchSize);
    return nextAttemptDue(db);
  };
  return startPoller('webhook delivery', round, worker.logger, { ...worker, channel: CHANNELS.webhookOutbox, busyMs, gatherMs });
}

/** Resends: a fresh round of attempts for the given notifications of a webhook (in the caller's transaction, which wakes the workers). */
export async function requeue(db: Db, where: SQL, now: Date): Promise<number> {
  const rows = await db
    .update(webhookNotifications)
    .set({ status: 'IN_PROGRESS', roundAttempts: 0, nextAttemptAt: now, updatedAt: now })
    .where(where)
    .returning(notificationChange);
  if (rows.length > 0) await notify(db, CHANNELS.webhookOutbox);
  await recordNotifications(db, rows);
  return rows.length;
}
