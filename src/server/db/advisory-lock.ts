import { sql } from 'drizzle-orm';
import type { Db } from './db-type';
import { queryRows } from './rows';

/**
 * The database-wide locks instances take so that start-up work runs once however many start
 * together. Listed in one place so that no two uses pick the same number. `liveStreams` is the
 * first key of a two-key lock per caller (the second is the caller's hash), taken while counting
 * a user's open streams across instances (features/live/leases.ts).
 */
export const ADVISORY_LOCKS = {
  migrations: 727_001,
  signingKey: 727_002,
  demoSeed: 727_003,
  auditSavedViews: 727_004,
  liveStreams: 727_005,
  auditSigningKey: 727_006,
  /** Held by the one instance sequencing audit events (features/audit/sequencer.ts), per batch. */
  auditSequencer: 727_007,
  /** Held by the one instance extending the audit tallies (features/audit/tallies.ts), per batch. */
  auditTallies: 727_008,
  /** The first key of a two-key lock per workspace (the second is its id's hash), taken by the instance whose transaction engine moves that workspace's transfers in a round. */
  transactionEngine: 727_009,
} as const;

/**
 * Runs `work` in one transaction holding the lock, if no other session holds it: taken without
 * waiting, for work one instance does at a time while the others leave it (`held`).
 */
export function inTransactionIfFree<T>(
  db: Db,
  lock: keyof typeof ADVISORY_LOCKS,
  work: (tx: Db) => Promise<T>,
): Promise<{ held: true } | { held: false; done: T }> {
  return db.transaction(async (tx) => {
    const [taken] = await queryRows<{ locked: boolean }>(tx as unknown as Db, sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS[lock]}) as locked`);
    return taken!.locked ? { held: false as const, done: await work(tx as unknown as Db) } : { held: true as const };
  });
}

/** Runs `work` in one transaction holding the lock until it commits or rolls back. */
export function inTransactionUnderLock<T>(db: Db, lock: keyof typeof ADVISORY_LOCKS, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS[lock]})`);
    return work(tx as unknown as Db);
  });
}
