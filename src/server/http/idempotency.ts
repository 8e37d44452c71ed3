import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES, IDEMPOTENCY_AFTER_ERROR_MESSAGE } from '../../contract/errors';
import type { Db } from '../db/client';
import { idempotencyRecords } from '../db/schema';
import { ApiError, badRequest, conflict } from './errors';
import type { AppDeps, AppEnv } from './types';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

type Scope = { workspaceId: string; callerId: string; key: string };
const scopeOf = (s: Scope) =>
  and(eq(idempotencyRecords.workspaceId, s.workspaceId), eq(idempotencyRecords.callerId, s.callerId), eq(idempotencyRecords.key, s.key));

/** Claims the key for this request; returns the existing record when another request holds it. */
async function claim(db: Db, scope: Scope, fingerprint: string, requestId: string, now: Date) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await db
      .insert(idempotencyRecords)
      .values({ ...scope, fingerprint, state: 'IN_FLIGHT', requestId, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecords.key });
    if (inserted.length > 0) return undefined;
    const [existing] = await db.select().from(idempotencyRecords).where(scopeOf(scope));
    if (!existing) continue; // deleted between the two statements: claim again
    if (existing.createdAt.getTime() > now.getTime() - IDEMPOTENCY_TTL_MS) return existing;
    // The old record has expired: the key is free again.
    await db.delete(idempotencyRecords).where(and(scopeOf(scope), lt(idempotencyRecords.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))));
  }
  throw conflict('This Idempotency-Key is being claimed by another request; retry shortly');
}

/**
 * Idempotency-Key, as clients of the public API rely on it: the first response is replayed for
 * 24 hours (with its X-Request-ID); a duplicate while the first runs gets 409; the same key with
 * a different request gets 400; after an internal error the key cannot be reused (400); a
 * request that failed validation (400) stores nothing, so it can be corrected and retried.
 */
export function idempotency(deps: AppDeps): MiddlewareHandler<AppEnv> {
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

    const existing = await claim(deps.db, scope, fingerprint, c.get('requestId'), deps.now());
    if (existing) {
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

    try {
      await next();
    } finally {
      const res = c.res;
      if (res.status >= 500) {
        await deps.db.update(idempotencyRecords).set({ state: 'FAILED', statusCode: res.status }).where(scopeOf(scope));
      } else if (res.status === 400) {
        await deps.db.delete(idempotencyRecords).where(scopeOf(scope));
      } else {
        const body = res.status === 204 ? null : await res.clone().text();
        await deps.db
          .update(idempotencyRecords)
          .set({ state: 'DONE', statusCode: res.status, body, contentType: res.headers.get('Content-Type') })
          .where(scopeOf(scope));
      }
    }
  };
}
