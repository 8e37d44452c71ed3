import { asc, inArray, sql } from 'drizzle-orm';
import { inTransactionIfFree } from '../../db/advisory-lock';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { chainEvents } from './record';
import { auditPendingEvents } from './schema';
import { chainedColumns } from './store';

/** Pending events moved per transaction: one batch holds the sequencer's lock for tens of milliseconds. */
export const SEQUENCE_BATCH = 2_000;

export interface SequencedBatch {
  /** Events moved into their chains. */
  sequenced: number;
  /** Another instance holds the sequencer's lock: this one left the batch to it. */
  held: boolean;
  /** Each moved event's wait between its write and its sequencing, in seconds. */
  delays: number[];
}

/**
 * The sequencer: moves up to `limit` pending events (audit_events_pending, in the order they were
 * recorded) into audit_events, giving each its seq and chain hash after its workspace's last. One
 * transaction under ADVISORY_LOCKS.auditSequencer, taken without waiting: two instances never
 * sequence at once, and when the holder dies its transaction rolls back, the lock is released with
 * its connection, and the next instance's round takes over the same events. A write's transaction
 * that commits late is simply in a later batch: nothing is skipped, because a batch takes the
 * rows it sees and deletes exactly those.
 */
export async function sequenceBatch(db: Db, limit = SEQUENCE_BATCH): Promise<SequencedBatch> {
  const batch = await inTransactionIfFree(db, 'auditSequencer', async (tx) => {
    const p = auditPendingEvents;
    const rows = await tx
      .delete(p)
      .where(inArray(p.position, tx.select({ position: p.position }).from(p).orderBy(asc(p.position)).limit(limit)))
      .returning({
        position: p.position,
        workspaceId: p.workspaceId,
        delay: sql<number>`extract(epoch from clock_timestamp() - ${p.recordedAt})`.mapWith(Number),
        ...chainedColumns(p),
      });
    rows.sort((a, b) => a.position - b.position);
    const byWorkspace = new Map<string, typeof rows>();
    for (const row of rows) {
      const events = byWorkspace.get(row.workspaceId);
      if (events) events.push(row);
      else byWorkspace.set(row.workspaceId, [row]);
    }
    for (const [workspaceId, events] of byWorkspace) {
      await chainEvents(
        tx,
        workspaceId,
        events.map(({ position: _position, workspaceId: _workspace, delay: _delay, ...fields }) => fields),
      );
    }
    return rows.map((r) => r.delay);
  });
  return batch.held ? { sequenced: 0, held: true, delays: [] } : { sequenced: batch.done.length, held: false, delays: batch.done };
}

/** How far the sequencer is behind: the events waiting and the oldest one's wait in seconds (0 when none waits). */
export async function sequencerLag(db: Db): Promise<{ pending: number; oldestSeconds: number }> {
  const p = auditPendingEvents;
  const [row] = await queryRows<{ pending: string; oldest: number | null }>(
    db,
    sql`select count(*) as pending, extract(epoch from clock_timestamp() - min(${p.recordedAt}))::float8 as oldest from ${p}`,
  );
  return { pending: Number(row!.pending), oldestSeconds: Math.max(0, Number(row!.oldest ?? 0)) };
}

/** Sequences every event pending now (tests, the benchmarks, a start-up): batches until none is left or another instance holds the lock. */
export async function sequenceAll(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await sequenceBatch(db);
    total += batch.sequenced;
    if (batch.held || batch.sequenced < SEQUENCE_BATCH) return total;
  }
}
