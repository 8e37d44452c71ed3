import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { FailureLog } from '../failure-log';
import { createLogger, type Logger } from '../logger';

/** Delay before retrying a row whose step failed: 1 s, doubling, at most a minute. */
export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 60_000;

/** The rows whose step failed: how often in a row (for the backoff), and their log. */
export class StepFailures {
  private readonly counts = new Map<string, number>();
  readonly log: FailureLog;

  constructor(logger: Logger, message: string) {
    this.log = new FailureLog(logger, message);
  }

  /** Records a failed step of a row; answers when to try it again. */
  failed(id: string, err: unknown, now: Date): Date {
    const count = (this.counts.get(id) ?? 0) + 1;
    this.counts.set(id, count);
    const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(count - 1, 16));
    this.log.failed(id, err, { id, failures: count, retryInMs: delay });
    return new Date(now.getTime() + delay);
  }

  succeeded(id: string) {
    this.counts.delete(id);
    this.log.succeeded(id);
  }
}

/** For rounds driven by hand (tests, tools): a failed step is set aside as usual and logged to standard output. */
export const byHand = () => new StepFailures(createLogger('error'), 'step failed');

export interface DueRow {
  id: string;
  nextStepAt: Date | null;
}

export interface DueWork<Row extends DueRow> {
  /** The queue's table: its rows' next step is due at `nextStepAt`. */
  table: PgTable & { id: PgColumn; nextStepAt: PgColumn };
  /** Locks the next due row (SKIP LOCKED), or answers undefined when none is due. */
  claim(tx: Db, now: Date): Promise<Row | undefined>;
  /** Moves the locked row one step, in the claiming transaction. */
  advance(tx: Db, row: Row, now: Date): Promise<void>;
}

/** Work whose steps are taken many at once, with fewer statements than one by one. */
export interface BatchedDueWork<Row extends DueRow> extends Pick<DueWork<Row>, 'table'> {
  /** Locks up to `limit` due rows (SKIP LOCKED), the first due first. */
  claimMany(tx: Db, now: Date, limit: number): Promise<Row[]>;
  /** Moves the locked rows one step each, in the claiming transaction. */
  advanceMany(tx: Db, rows: Row[], now: Date): Promise<void>;
}

/** Sets a row whose step failed aside until `until`, unless another worker moved it meanwhile. */
async function postpone(db: Db, table: DueWork<DueRow>['table'], row: DueRow, until: Date) {
  const due = row.nextStepAt ? sql`= ${row.nextStepAt.toISOString()}::timestamptz` : sql`is null`;
  await db.execute(
    sql`update ${table} set ${sql.identifier(table.nextStepAt.name)} = ${until.toISOString()}::timestamptz where ${table.id} = ${row.id}::uuid and ${table.nextStepAt} ${due}`,
  );
}

/**
 * Takes due rows one step each, each step in its own database transaction (at most `max` steps
 * tried); answers how many were taken. A step that fails rolls back alone: its row is set aside with
 * a growing delay and the others go on, so one row that cannot move (a notification that cannot be
 * written, say) never holds up the rest of the queue. Only a failure outside a row's step (the
 * claim, or setting the row aside) ends the round, for the poller to report. An aborted `signal`
 * (the worker stopping) ends the round after the step in flight.
 */
export async function takeDueSteps<Row extends DueRow>(
  db: Db,
  work: DueWork<Row>,
  now: Date,
  max: number,
  failures: StepFailures,
  signal?: AbortSignal,
): Promise<number> {
  let taken = 0;
  for (let tried = 0; tried < max && !signal?.aborted; tried += 1) {
    const claimed: { row?: Row } = {};
    try {
      const moved = await db.transaction(async (tx) => {
        claimed.row = await work.claim(tx, now);
        if (!claimed.row) return false;
        await work.advance(tx, claimed.row, now);
        return true;
      });
      if (!moved) break;
      failures.succeeded(claimed.row!.id);
      taken += 1;
    } catch (err) {
      if (!claimed.row) throw err;
      await postpone(db, work.table, claimed.row, failures.failed(claimed.row.id, err, now));
    }
  }
  return taken;
}

/**
 * Takes due rows one step each, as takeDueSteps does, but all in one database transaction: a round
 * costs a few statements for all its steps instead of several for each. When any step fails, the
 * whole batch rolls back (nothing of it was written) and the round is taken again step by step, so
 * that the failing row is set aside alone and logged, and the others move.
 */
export async function takeDueBatch<Row extends DueRow>(
  db: Db,
  work: BatchedDueWork<Row>,
  now: Date,
  max: number,
  failures: StepFailures,
  signal?: AbortSignal,
): Promise<number> {
  if (signal?.aborted) return 0;
  let moved: Row[];
  try {
    moved = await db.transaction(async (tx) => {
      const rows = await work.claimMany(tx, now, max);
      if (rows.length > 0) await work.advanceMany(tx, rows, now);
      return rows;
    });
  } catch {
    const oneByOne: DueWork<Row> = {
      table: work.table,
      claim: async (tx, at) => (await work.claimMany(tx, at, 1))[0],
      advance: (tx, row, at) => work.advanceMany(tx, [row], at),
    };
    return takeDueSteps(db, oneByOne, now, max, failures, signal);
  }
  for (const row of moved) failures.succeeded(row.id);
  return moved.length;
}
