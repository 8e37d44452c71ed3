import { createHash, randomUUID } from 'node:crypto';
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { ERROR_CODES, IDEMPOTENCY_AFTER_ERROR_MESSAGE } from '../../contract/errors';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import { queryRows } from '../db/rows';
import { idempotencyRecords } from '../db/schema';
import { ApiError, badRequest, conflict } from './errors';
import type { AppDeps, AppEnv } from './types';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

type Scope = { workspaceId: string; callerId: string; key: string };
const scopeOf = (s: Scope) =>
  and(eq(idempotencyRecords.workspaceId, s.workspaceId), eq(idempotencyRecords.callerId, s.callerId), eq(idempotencyRecords.key, s.key));

/** The key as one execution holds it: `owner` fences every write of the record to that execution. */
export interface Lease {
  scope: Scope;
  owner: string;
  /** The response is stored (by commitWithResponse, with the effect); nothing is left to do at the end. */
  settled: boolean;
}
const heldBy = (lease: Lease) => and(scopeOf(lease.scope), eq(idempotencyRecords.lockedBy, lease.owner), eq(idempotencyRecords.state, 'IN_FLIGHT'));

// The lease of the request being handled, found by commitWithResponse from the handler's context.
const leases = new WeakMap<Context, Lease>();

/** The claim's insert, on the way of every write with a key: built and prepared once per database. */
const claimStatement = preparedFor((db) => {
  const p = (name: string) => sql.placeholder(name);
  return db
    .insert(idempotencyRecords)
    .values({
      workspaceId: p('workspaceId'),
      callerId: p('callerId'),
      key: p('key'),
      fingerprint: p('fingerprint'),
      state: 'IN_FLIGHT',
      requestId: p('requestId'),
      createdAt: p('createdAt'),
      lockedBy: p('lockedBy'),
      lockedUntil: p('lockedUntil'),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyRecords.key })
    .prepare('idempotency_claim');
});

type Claimed = { lease: Lease; takenOverFrom?: string } | { existing: typeof idempotencyRecords.$inferSelect };

/**
 * Claims the key for this request, or takes it over from an execution whose lease expired (its
 * process died: kill -9, a crash, a lost database connection); returns the existing record when
 * another request holds it or has finished with it.
 */
async function claim(db: Db, scope: Scope, fingerprint: string, requestId: string, now: Date, leaseMs: number): Promise<Claimed> {
  const lease: Lease = { scope, owner: randomUUID(), settled: false };
  const lockedUntil = new Date(now.getTime() + leaseMs);
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await claimStatement(db).execute({ ...scope, fingerprint, requestId, createdAt: now, lockedBy: lease.owner, lockedUntil });
    if (inserted.length > 0) return { lease };
    const [existing] = await db.select().from(idempotencyRecords).where(scopeOf(scope));
    if (!existing) continue; // deleted between the two statements: claim again
    if (existing.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_TTL_MS) {
      // The old record has expired: the key is free again.
      await db.delete(idempotencyRecords).where(and(scopeOf(scope), lt(idempotencyRecords.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))));
      continue;
    }
    if (existing.state !== 'IN_FLIGHT' || existing.fingerprint !== fingerprint || existing.lockedUntil > now) return { existing };
    // Its owner stopped renewing the lease, so it is gone. Whatever it wrote with commitWithResponse
    // committed together with a DONE record, so an IN_FLIGHT record here means no such effect
    // committed: executing again is the only execution. The compare-and-set on the old owner and
    // the expiry lets one retry take it, and never from an owner that renewed in the meantime.
    const taken = await db
      .update(idempotencyRecords)
      .set({ lockedBy: lease.owner, lockedUntil, requestId })
      .where(
        and(
          scopeOf(scope),
          eq(idempotencyRecords.state, 'IN_FLIGHT'),
          eq(idempotencyRecords.lockedBy, existing.lockedBy),
          lte(idempotencyRecords.lockedUntil, now),
        ),
      )
      .returning({ key: idempotencyRecords.key });
    if (taken.length > 0) return { lease, takenOverFrom: existing.requestId };
  }
  throw conflict('This Idempotency-Key is being claimed by another request; retry shortly');
}

/**
 * Records how the request ended, if this execution still holds the key: 5xx makes the key
 * unusable (the spec's rule; a 503 is released instead), 400 frees it for a corrected request, anything else is replayed.
 * Returns false when the key is no longer this execution's (a retry took it over).
 */
async function settle(db: Db, lease: Lease, res: Response): Promise<boolean> {
  if (res.status >= 500) {
    const rows = await db
      .update(idempotencyRecords)
      .set({ state: 'FAILED', statusCode: res.status })
      .where(heldBy(lease))
      .returning({ key: idempotencyRecords.key });
    return rows.length > 0;
  }
  if (res.status === 400) {
    const rows = await db.delete(idempotencyRecords).where(heldBy(lease)).returning({ key: idempotencyRecords.key });
    return rows.length > 0;
  }
  const body = res.status === 204 ? null : await res.clone().text();
  const rows = await db
    .update(idempotencyRecords)
    .set({ state: 'DONE', statusCode: res.status, body, contentType: res.headers.get('Content-Type') })
    .where(heldBy(lease))
    .returning({ key: idempotencyRecords.key });
  return rows.length > 0;
}

/**
 * Ends this execution's lease on the key at once, for a request answered 503 (the database went
 * away mid-request): whether its effect committed is told by the record, as when a process dies
 * (see claim), so a retry with the key takes it over at once and either replays the effect or is
 * its only execution, instead of finding the key burnt (a 500's) or held until the lease runs out.
 */
async function release(db: Db, lease: Lease, now: Date): Promise<void> {
  await db.update(idempotencyRecords).set({ lockedUntil: now }).where(heldBy(lease));
}

/** How often releases that failed are tried again while the database is away. */
const RELEASE_RETRY_MS = 500;

/**
 * Leases that requests answered 503 could not give up, because the database was away when they
 * tried (a failover, a restart): without this, a retry with the key would get 409 until the lease
 * ran out (IDEMPOTENCY_LEASE_MS, 30 s by default). They are released as soon as the database
 * answers again: before this process claims another key, and every RELEASE_RETRY_MS meanwhile (a
 * retry that reaches another instance, through a balancer, needs the release done in the database).
 * A lease that runs out first is dropped: claim takes an expired key over by itself.
 */
class UnreleasedLeases {
  private readonly held = new Map<string, { lease: Lease; expiresAt: number }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  get size(): number {
    return this.held.size;
  }

  add(lease: Lease, expiresAt: number): void {
    this.held.set(lease.owner, { lease, expiresAt });
    this.timer ??= setInterval(() => void this.retry(), RELEASE_RETRY_MS).unref();
  }

  /** Releases what it can; stops at the first failure (the database is still away). */
  async retry(): Promise<void> {
    const now = this.now();
    for (const [owner, { lease, expiresAt }] of this.held) {
      if (expiresAt > now.getTime()) {
        try {
          await release(this.db, lease, now);
        } catch {
          return;
        }
      }
      this.held.delete(owner);
    }
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

// One list per database, shared by every operation's middleware (each guard builds its own).
const unreleasedByDb = new WeakMap<Db, UnreleasedLeases>();

/**
 * Stores the responses of several requests under their keys in one statement (a group commit's),
 * each fenced on its own lease as settle does; answers false unless every one was still held, and
 * then the caller rolls back. Only for answers that are replayed, as a group's successes are.
 */
export async function settleAll(db: Db, held: { lease: Lease; response: Response }[]): Promise<boolean> {
  if (held.length === 0) return true;
  const values = await Promise.all(
    held.map(async ({ lease, response }) => ({
      workspace_id: lease.scope.workspaceId,
      caller_id: lease.scope.callerId,
      key: lease.scope.key,
      owner: lease.owner,
      status: response.status,
      body: response.status === 204 ? null : await response.clone().text(),
      content_type: response.headers.get('Content-Type'),
    })),
  );
  const rows = await queryRows<{ key: string }>(
    db,
    sql`
    update ${idempotencyRecords} r set state = 'DONE', status_code = v.status, body = v.body, content_type = v.content_type
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v(workspace_id uuid, caller_id text, key text, owner uuid, status integer, body text, content_type text)
    where r.workspace_id = v.workspace_id and r.caller_id = v.caller_id and r.key = v.key and r.locked_by = v.owner and r.state = 'IN_FLIGHT'
    returning r.key`,
  );
  return rows.length === held.length;
}

/** The Idempotency-Key lease of the request being handled; undefined without a key. */
export const leaseOf = (c: Context): Lease | undefined => leases.get(c);

/**
 * Runs a handler's write in one transaction that also stores its response under the request's
 * Idempotency-Key, so the effect and the DONE record commit together or not at all. This is what
 * lets a retry after a crash take an expired key over safely: either the effect committed and the
 * retry replays its response, or nothing committed and the retry is the one execution. Writing
 * the record is fenced on this execution's lease: if a retry took the key over (this one stalled
 * past its lease), the write is rolled back and this request answers 409, so the effect happens
 * once. Without an Idempotency-Key it is a plain transaction.
 */
export async function commitWithResponse<T, R extends Response>(
  c: Context<AppEnv>,
  db: Db,
  write: (tx: Db) => Promise<T>,
  respond: (result: T) => R,
): Promise<R> {
  const lease = leases.get(c);
  const res = await db.transaction(async (tx) => {
    const response = respond(await write(tx));
    if (lease && !(await settle(tx, lease, response))) {
      throw conflict('This request ran past the lease of its Idempotency-Key and a retry took the key over; nothing was changed by this request');
    }
    return response;
  });
  if (lease) lease.settled = true;
  return res;
}

/**
 * Idempotency-Key, as clients of the public API rely on it: the first response is replayed for
 * 24 hours (with its X-Request-ID); a duplicate while the first runs gets 409; the same key with
 * a different request gets 400; after an internal error the key cannot be reused (400); a
 * request that failed validation (400) stores nothing, so it can be corrected and retried.
 *
 * A running request holds the key with a lease that it renews; if its process dies, the record
 * stays IN_FLIGHT only until the lease runs out, and then a retry takes the key over (see claim
 * and commitWithResponse for why that never makes a second effect). A request answered 503 (the
 * database unavailable) gives its lease up at once, or as soon as the database answers again
 * (UnreleasedLeases), so the retry the 503 asks for is not kept waiting.
 */
export function idempotency(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const leaseMs = deps.config.idempotencyLeaseMs;
  const pending = unreleasedByDb.get(deps.db) ?? new UnreleasedLeases(deps.db, deps.now);
  unreleasedByDb.set(deps.db, pending);
  return async (c, next) => {
    const key = c.req.header('Idempotency-Key');
    if (key === undefined) return next();
    if (!KEY_FORMAT.test(key)) throw badRequest('Idempotency-Key must be 1 to 255 printable ASCII characters without spaces');
    const principal = c.get('principal');
    const scope = { workspaceId: principal.workspaceId, callerId: `${principal.kind}:${principal.id}`, key };
    const url = new URL(c.req.url);
    const fingerprint = createHash('sha256')
      .update(`${c.req.method} ${url.pathname}${url.search}\n`)
      .update(await c.req.text())
      .digest('hex');

    // This request may be the retry of one whose release is still waiting: release it first.
    if (pending.size > 0) await pending.retry();
    const claimed = await claim(deps.db, scope, fingerprint, c.get('requestId'), deps.now(), leaseMs);
    if ('existing' in claimed) {
      const { existing } = claimed;
      if (existing.fingerprint !== fingerprint) {
        throw badRequest('This Idempotency-Key was already used with a different request (method, path or body); use a new key');
      }
      if (existing.state === 'IN_FLIGHT') throw conflict('A request with this Idempotency-Key is still being processed; retry shortly');
      if (existing.state === 'FAILED') throw new ApiError(400, ERROR_CODES.badRequest, IDEMPOTENCY_AFTER_ERROR_MESSAGE);
      c.get('log').info({ idempotencyReplay: true }, 'replaying the first response of this Idempotency-Key');
      return new Response(existing.body, {
        status: existing.statusCode ?? 200,
        headers: {
          ...(existing.contentType ? { 'Content-Type': existing.contentType } : {}),
          'X-Request-ID': existing.requestId,
          'Idempotent-Replayed': 'true',
        },
      });
    }

    const { lease, takenOverFrom } = claimed;
    if (takenOverFrom) c.get('log').warn({ takenOverFrom }, 'took over an Idempotency-Key whose first execution stopped without finishing (its lease expired)');
    leases.set(c, lease);
    // Renewed well before it runs out, so a slow request is never taken for a dead one.
    const renewal = setInterval(() => {
      deps.db
        .update(idempotencyRecords)
        .set({ lockedUntil: new Date(deps.now().getTime() + leaseMs) })
        .where(heldBy(lease))
        .catch((err: unknown) => c.get('log').warn({ err }, 'could not renew the lease of an Idempotency-Key'));
    }, leaseMs / 3);
    try {
      await next();
    } finally {
      clearInterval(renewal);
      if (!lease.settled && c.res.status === 503) {
        await release(deps.db, lease, deps.now()).catch((err: unknown) => {
          c.get('log').warn({ err }, 'could not release the lease of an Idempotency-Key (the database is away): released once it answers');
          pending.add(lease, deps.now().getTime() + leaseMs);
        });
      } else if (!lease.settled) {
        await settle(deps.db, lease, c.res);
      }
    }
  };
}
