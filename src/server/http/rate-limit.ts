import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../contract/errors';
import type { RateCategory } from '../../contract/operations';
import { rateLimitCounters } from '../db/schema';
import { ApiError } from './errors';
import type { AppDeps, AppEnv } from './types';

const WINDOW_MS = 60_000;

/**
 * Fixed one-minute windows per caller and category, counted in the database so every instance
 * behind a load balancer shares them. Runs after authentication: the caller is the principal.
 */
export function rateLimit(deps: AppDeps, category: RateCategory): MiddlewareHandler<AppEnv> {
  const limit = deps.config.rateLimits[category];
  return async (c, next) => {
    const now = deps.now().getTime();
    const windowStart = new Date(now - (now % WINDOW_MS));
    const caller = `${c.get('principal').kind}:${c.get('principal').id}`;
    const [row] = await deps.db
      .insert(rateLimitCounters)
      .values({ caller, category, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.caller, rateLimitCounters.category, rateLimitCounters.windowStart],
        set: { count: sql`${rateLimitCounters.count} + 1` },
      })
      .returning({ count: rateLimitCounters.count });
    const count = row?.count ?? 1;
    const remaining = Math.max(0, limit - count);
    const retryAfter = Math.ceil((windowStart.getTime() + WINDOW_MS - now) / 1000);
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
