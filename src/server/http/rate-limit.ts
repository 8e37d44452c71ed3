import { and, eq, lte, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../contract/errors';
import type { RateCategory } from '../../contract/operations';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { ApiError } from './errors';
import type { AppDeps, AppEnv } from './types';
import type { Logger } from '../logger';

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
  return addToCounters(
    db,
    counters.map((counter) => ({ ...counter, windowStart, count: 1 })),
  );
}

/** Adds each row's count to its counter, in one statement; answers the counters' new values in the order given. */
async function addToCounters(db: Db, counters: { caller: string; category: string; windowStart: Date; count: number }[]): Promise<number[]> {
  const rows = await db
    .insert(rateLimitCounters)
    .values(counters)
    .onConflictDoUpdate({
      target: [rateLimitCounters.caller, rateLimitCounters.category, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + excluded.count` },
    })
    .returning({
      caller: rateLimitCounters.caller,
      category: rateLimitCounters.category,
      windowStart: rateLimitCounters.windowStart,
      count: rateLimitCounters.count,
    });
  return counters.map(
    ({ caller, category, windowStart, count }) =>
      rows.find((row) => row.caller === caller && row.category === category && row.windowStart.getTime() === windowStart.getTime())?.count ?? count,
  );
}

/** How often an instance adds the requests it admitted to the shared counters. */
export const FLUSH_MS = 100;
/**
 * How long a shared count read back stays good enough to admit requests in memory. A steady
 * stream refreshes it at every flush; a caller that paused longer is read again on its next request,
 * so an instance that was idle while the others used up the limit refuses at once.
 */
const KNOWN_FRESH_MS = 2 * FLUSH_MS;

/**
 * The requests one instance admitted in a window that the shared counter does not hold yet.
 * `known` is the shared count as last read back (undefined until the first round trip), which
 * includes every instance's flushed requests at that moment.
 */
interface LocalWindow {
  caller: string;
  category: string;
  start: Date;
  known: number | undefined;
  /** When `known` was read back (performance.now()). */
  knownAt: number;
  unflushed: number;
  /** Admitted in memory and on their way to the shared counter in the flush under way: like `unflushed`, not seen by the others yet. */
  flushingCount: number;
  inFlight: number;
  flushing: Promise<void> | undefined;
  lastUsed: number;
}

/**
 * The rate-limit counters of one process. The shared counter in the database stays the limit's
 * authority, but a request far from its limit is counted in memory and added to the database with
 * the others in one statement every FLUSH_MS (or as soon as half a batch, a batch being 1% of the
 * limit, is waiting): a request no longer writes to the database on its way in. Within one batch of the
 * limit, and for a caller whose shared count this process has not read in the last KNOWN_FRESH_MS,
 * each request
 * increments the shared counter itself and reads the result, as before, so one instance alone
 * refuses exactly the request past the limit. With N instances, each may hold up to one batch
 * (⌈limit / 100⌉) that the others cannot see yet, so a caller gets at most N × ⌈limit / 100⌉
 * requests more than the limit in a window (docs/architecture.md, "How the request path stays cheap"). An instance that stops loses the
 * counts of its last FLUSH_MS.
 */
export class SharedRateCounters {
  private readonly windows = new Map<string, LocalWindow>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  /** Counts one request and answers its position in the window (1 for the first). */
  async count(caller: string, category: string, limit: number, now: Date): Promise<number> {
    const start = windowOf(now).start;
    const key = `${category} ${caller} ${start.getTime()}`;
    let w = this.windows.get(key);
    if (!w)
      this.windows.set(
        key,
        (w = { caller, category, start, known: undefined, knownAt: 0, unflushed: 0, flushingCount: 0, inFlight: 0, flushing: undefined, lastUsed: 0 }),
      );
    w.lastUsed = performance.now();
    const batch = Math.ceil(limit / 100);
    const seen = (w.known ?? 0) + w.inFlight + w.unflushed;
    const fresh = w.known !== undefined && w.lastUsed - w.knownAt <= KNOWN_FRESH_MS;
    // At most one batch admitted here and not yet in the shared counter, counting a flush under way.
    if (fresh && w.unflushed + w.flushingCount < batch && seen + 1 <= limit - batch) {
      w.unflushed++;
      // Flushed at half a batch, so that the other half can be admitted while that flush is under way.
      if (w.unflushed >= Math.ceil(batch / 2)) void this.flush(w);
      this.schedule();
      return seen + 1;
    }
    // Near the limit, or the shared count not read lately: this request's increment (with any waiting) goes to the database now.
    const adding = w.unflushed + 1;
    w.unflushed = 0;
    w.inFlight += adding;
    try {
      const [total = adding] = await addToCounters(this.db, [{ caller, category, windowStart: start, count: adding }]);
      w.known = Math.max(w.known ?? 0, total);
      w.knownAt = performance.now();
      return total;
    } finally {
      w.inFlight -= adding;
    }
  }

  private flush(w: LocalWindow): Promise<void> {
    if (w.flushing || w.unflushed === 0) return w.flushing ?? Promise.resolve();
    const adding = w.unflushed;
    w.unflushed = 0;
    w.flushingCount = adding;
    w.inFlight += adding;
    w.flushing = addToCounters(this.db, [{ caller: w.caller, category: w.category, windowStart: w.start, count: adding }])
      .then(
        ([total]) => {
          if (total === undefined) return;
          w.known = Math.max(w.known ?? 0, total);
          w.knownAt = performance.now();
        },
        (err: unknown) => {
          // Kept for the next round: a failed write must not make the requests uncounted.
          w.unflushed += adding;
          this.logger.error({ err }, 'could not add admitted requests to the shared rate-limit counters');
        },
      )
      .finally(() => {
        w.inFlight -= adding;
        w.flushingCount = 0;
        w.flushing = undefined;
      });
    return w.flushing;
  }

  /** Adds every waiting count to the database now (the timer does it every FLUSH_MS). */
  async flushAll(): Promise<void> {
    await Promise.all([...this.windows.values()].map((w) => this.flush(w)));
  }

  private schedule() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const idleSince = performance.now() - 1_000;
      for (const [key, w] of this.windows) {
        if (w.unflushed > 0) void this.flush(w);
        // Forgotten once idle: the next request of that caller reads the shared count again.
        else if (!w.flushing && w.inFlight === 0 && w.lastUsed < idleSince) this.windows.delete(key);
      }
      if (this.windows.size === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    }, FLUSH_MS);
    this.timer.unref();
  }
}

const countersOf = new WeakMap<Db, SharedRateCounters>();
export function sharedRateCounters(deps: Pick<AppDeps, 'db' | 'logger'>): SharedRateCounters {
  let counters = countersOf.get(deps.db);
  if (!counters) countersOf.set(deps.db, (counters = new SharedRateCounters(deps.db, deps.logger)));
  return counters;
}

/**
 * Fixed one-minute windows per caller and category, counted in the database so every instance
 * behind a load balancer shares them (through SharedRateCounters). Runs after authentication: the
 * caller is the principal.
 */
export function rateLimit(deps: AppDeps, category: RateCategory): MiddlewareHandler<AppEnv> {
  const limit = deps.config.rateLimits[category];
  const counters = sharedRateCounters(deps);
  return async (c, next) => {
    const now = deps.now();
    const count = await counters.count(`${c.get('principal').kind}:${c.get('principal').id}`, category, limit, now);
    const remaining = Math.max(0, limit - count);
    const { retryAfter } = windowOf(now);
    if (count > limit) {
      throw new ApiError(429, ERROR_CODES.tooManyRequests, `Rate limit exceeded: at most ${limit} ${category} requests per minute; retry in ${retryAfter} s`, {
        'Retry-After': String(retryAfter),
        'X-RateLimit-Limit': String(limit),
        'X-RateLimit-Remaining': '0',
      });
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
    .where(
      and(
        eq(rateLimitCounters.caller, counter.caller),
        eq(rateLimitCounters.category, counter.category),
        eq(rateLimitCounters.windowStart, counter.windowStart),
      ),
    )
    .returning({ count: rateLimitCounters.count });
  return row?.count;
}
