import { and, eq, lte, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../contract/errors';
import type { RateCategory } from '../../contract/operations';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { ApiError } from './errors';
import type { AppDeps, AppEnv } from './types';

export const WINDOW_MS = 60_000;

/** The fixed window `now` falls in, and the whole seconds until it ends (for Retry-After). */
export function windowOf(now: Date): { start: Date; retryAfter: number } {
  const ms = now.getTime();
  const start = ms - (ms % WINDOW_MS);
  return { start: new Date(start), retryAfter: Math.ceil((start + WINDOW_MS - ms) / 1000) };
}

/**
 * Adds one to each (caller, category) counter of the current window, in one statement, and
 * answers each counter's new value in the order given. The increment is atomic in the database,
 * so every instance shares the counts and concurrent requests each see a distinct value.
 */
export async function countInWindow(db: Db, counters: { caller: string; category: string }[], now: Date): Promise<number[]> {
  const windowStart = windowOf(now).start;
  const rows = await db
    .insert(rateLimitCounters)
    .values(counters.map((counter) => ({ ...counter, windowStart, count: 1 })))
    .onConflictDoUpdate({
      target: [rateLimitCounters.caller, rateLimitCounters.category, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ caller: rateLimitCounters.caller, category: rateLimitCounters.category, count: rateLimitCounters.count });
  return counters.map(({ caller, category }) => rows.find((row) => row.caller === caller && row.category === category)?.count ?? 1);
}

/**
 * Fixed one-minute windows per caller and category, counted in the database so every instance
 * behind a load balancer shares them. Runs after authentication: the caller is the principal.
 */
export function rateLimit(deps: AppDeps, category: RateCategory): MiddlewareHandler<AppEnv> {
  const limit = deps.config.rateLimits[category];
  return async (c, next) => {
    const now = deps.now();
    const [count = 1] = await countInWindow(deps.db, [{ caller: `${c.get('principal').kind}:${c.get('principal').id}`, category }], now);
    const remaining = Math.max(0, limit - count);
    const { retryAfter } = windowOf(now);
    if (count > limit) {
      throw new ApiError(
        429,
        ERROR_CODES.tooManyRequests,
        `Rate limit exceeded: at most ${limit} ${category} requests per minute; retry in ${retryAfter} s`,
        { 'Retry-After': String(retryAfter), 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': '0' },
      );
    }
    await next();
    c.res.headers.set('X-RateLimit-Limit', String(limit));
    c.res.headers.set('X-RateLimit-Remaining', String(remaining));
  };
}

/** The counters of a category whose window started at or before `latestStart`. */
export async function endedCounters(db: Db, category: string, latestStart: Date): Promise<{ caller: string; windowStart: Date }[]> {
  return db
    .select({ caller: rateLimitCounters.caller, windowStart: rateLimitCounters.windowStart })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.category, category), lte(rateLimitCounters.windowStart, latestStart)));
}

/** Removes one counter and answers its count; undefined when another instance took it first. */
export async function takeCounter(db: Db, counter: { caller: string; category: string; windowStart: Date }): Promise<number | undefined> {
  const [row] = await db
    .delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.caller, counter.caller), eq(rateLimitCounters.category, counter.category), eq(rateLimitCounters.windowStart, counter.windowStart)))
    .returning({ count: rateLimitCounters.count });
  return row?.count;
}
