import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiNonces, idempotencyRecords, rateLimitCounters, refreshTokens, signInFailures } from '../db/schema';
import { IDEMPOTENCY_TTL_MS } from '../http/idempotency';
import type { Logger } from '../logger';

/** Deletes rows whose purpose has passed: spent nonces, old idempotency records and counters. */
export async function purgeExpired(db: Db, now: Date) {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await db.delete(apiNonces).where(lt(apiNonces.expiresAt, now));
  await db.delete(idempotencyRecords).where(lt(idempotencyRecords.createdAt, ago(IDEMPOTENCY_TTL_MS)));
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, ago(5 * 60_000)));
  await db.delete(signInFailures).where(lt(signInFailures.lastFailureAt, ago(24 * 60 * 60_000)));
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, ago(24 * 60 * 60_000)));
}

export function startHousekeeping(db: Db, logger: Logger, now: () => Date, everyMs = 60_000): () => void {
  const timer = setInterval(() => {
    purgeExpired(db, now()).catch((err: unknown) => logger.error({ err }, 'housekeeping failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
