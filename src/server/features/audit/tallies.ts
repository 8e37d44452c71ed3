import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { inTransactionIfFree } from '../../db/advisory-lock';
import type { Db } from '../../db/client';
import { auditChainHeads, auditEvents, auditTallyFeed, auditTallyMarks } from '../../db/schema';

/** Events added to the tallies per transaction. */
export const TALLY_BATCH = 2_000;

/**
 * The tally step: extends the audit tallies (the histogram's counts, kinds, words, profiles and
 * grams) over up to `limit` chained events past their workspaces' marks, and moves the marks. One
 * transaction under ADVISORY_LOCKS.auditTallies, taken without waiting (another instance doing it
 * answers `held`). Apart from the chaining, so that a write's events get their place in the chain
 * in a fraction of the time the tallies take; a histogram counts the events above the mark itself.
 */
export async function tallyBatch(db: Db, limit = TALLY_BATCH): Promise<{ tallied: number; held: boolean }> {
  const batch = await inTransactionIfFree(db, 'auditTallies', async (tx) => {
    const behind = await tx
      .select({ workspaceId: auditChainHeads.workspaceId, mark: sql<number>`coalesce(${auditTallyMarks.seq}, 0)`.mapWith(Number), head: auditChainHeads.seq })
      .from(auditChainHeads)
      .leftJoin(auditTallyMarks, eq(auditTallyMarks.workspaceId, auditChainHeads.workspaceId))
      .where(sql`${auditChainHeads.seq} > coalesce(${auditTallyMarks.seq}, 0)`);
    let tallied = 0;
    for (const { workspaceId, mark, head } of behind) {
      if (tallied >= limit) break;
      const to = Math.min(head, mark + limit - tallied);
      const e = auditEvents;
      // The feed's triggers count the batch as audit_events' own did; the rows go once counted.
      await tx.insert(auditTallyFeed).select(
        tx
          .select({
            id: e.id,
            workspaceId: e.workspaceId,
            timestamp: e.timestamp,
            userName: e.userName,
            userId: e.userId,
            category: e.category,
            subject: e.subject,
            event: e.event,
            searchText: e.searchText,
          })
          .from(e)
          .where(and(eq(e.workspaceId, workspaceId), gt(e.seq, mark), lte(e.seq, to))),
      );
      await tx.delete(auditTallyFeed);
      await tx
        .insert(auditTallyMarks)
        .values({ workspaceId, seq: to })
        .onConflictDoUpdate({ target: auditTallyMarks.workspaceId, set: { seq: to } });
      tallied += to - mark;
    }
    return tallied;
  });
  return batch.held ? { tallied: 0, held: true } : { tallied: batch.done, held: false };
}

/** Extends the tallies over every chained event (tests, the benchmarks): batches until none is left or another instance holds the lock. */
export async function tallyAll(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await tallyBatch(db);
    total += batch.tallied;
    if (batch.held || batch.tallied < TALLY_BATCH) return total;
  }
}
