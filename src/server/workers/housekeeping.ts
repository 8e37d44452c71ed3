import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiNonces, idempotencyRecords, rateLimitCounters, refreshTokens, signInFailures } from '../db/schema';
import { IDEMPOTENCY_TTL_MS } from '../http/idempotency';
import type { Logger } from '../logger';

/** Deletes rows whose purpose has passed, given the time: an area's own purge, lent to the worker (server.ts). */
export type Purge = (db: Db, now: Date) => Promise<unknown>;

/** Deletes the core tables' rows whose purpose has passed: spent nonces, old idempotency records, counters, sign-in failures, refresh tokens. */
async function purgeExpired(db: Db, now: Date) {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await db.delete(apiNonces).where(lt(apiNonces.expiresAt, now));
  await db.delete(idempotencyRecords).where(lt(idempotencyRecords.createdAt, ago(IDEMPOTENCY_TTL_MS)));
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, ago(5 * 60_000)));
  await db.delete(signInFailures).where(lt(signInFailures.lastFailureAt, ago(24 * 60 * 60_000)));
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, ago(24 * 60 * 60_000)));
}

/**
 * Gathers the query planner's statistics, and vacuums the audit log's profile and gram tallies. PostgreSQL's
 * autovacuum does both by itself; embedded PGlite runs no autovacuum. Without statistics the planner
 * picks full scans for the audit filters (seconds instead of milliseconds on a large log); without
 * the vacuum's visibility map, a histogram's sum of those tallies reads every row from the table
 * instead of from the index (twice the time at 1,000,000 events). Only tallies that changed since
 * the last vacuum are visited.
 */
export async function refreshStatistics(db: Db) {
  await db.execute(sql`analyze`);
  await db.execute(sql`vacuum audit_profile_tallies, audit_volatile_gram_tallies`);
}

const STATISTICS_EVERY = 10; // housekeeping rounds, so every 10 minutes

/** Every minute: the core purges and the areas' `purges` (their tables are theirs: workers/ imports no area), and on PGlite now and then the statistics. */
export function startHousekeeping(
  db: Db,
  kind: 'pglite' | 'postgres',
  logger: Logger,
  now: () => Date,
  purges: readonly Purge[],
  everyMs = 60_000,
): () => void {
  let round = 0;
  const timer = setInterval(() => {
    round += 1;
    const analyze = kind === 'pglite' && round % STATISTICS_EVERY === 0;
    const at = now();
    (async () => {
      for (const purge of [purgeExpired, ...purges]) await purge(db, at);
      if (analyze) await refreshStatistics(db);
    })().catch((err: unknown) => logger.error({ err }, 'housekeeping failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
