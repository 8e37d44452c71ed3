import { lt, sql } from 'drizzle-orm';
import { LIVE_CURSOR, LIVE_EVENTS, type LiveKind, type LiveNoticeBody } from '../../../contract/live-events';
import { noticesOf, type Db } from '../../db/client';
import { CHANNELS } from '../../db/notify';
import { queryRows } from '../../db/rows';
import type { Logger } from '../../logger';
import { FailureLog } from '../../failure-log';
import { liveEvents } from './schema';

/**
 * How long notices are kept for a stream that reconnects; past it, the stream says `reset`. The
 * housekeeping worker deletes older ones on every instance, whether or not it holds a stream: every
 * change writes a notice.
 */
export const WINDOW_MS = 5 * 60_000;

/** Deletes the notices older than the window (a housekeeping purge, server.ts). */
export async function purgeOldNotices(db: Db, now: Date): Promise<void> {
  await db.delete(liveEvents).where(lt(liveEvents.at, new Date(now.getTime() - WINDOW_MS)));
}
/**
 * A reconnection resumes only from a position this much younger than the window: a notice's `at` is
 * its transaction's start, so a long transaction's notice can sort after a younger one and be pruned
 * before it; the margin keeps a resumed stream from missing one that way.
 */
const RESUME_MARGIN_MS = 60_000;
/** The hub reads by itself this often, in case a database notice was lost (they are wake-up calls). */
const SAFETY_POLL_MS = 5_000;
/** How soon the hub looks again when a notice waits behind a transaction that is still running. */
const HELD_RETRY_MS = 20;
const BATCH = 500;

/** A notice and where it stands in the stream (its SSE id). */
export interface LiveEvent {
  cursor: string;
  workspaceId: string;
  notice: LiveNoticeBody;
  /** The event as sent, formatted once for every stream that gets it. */
  frame: string;
}

/** One open stream, as the hub sees it. */
export interface LiveListener {
  /** Whose access the stream stands on, as the access-ended notices name it (accessEndedPayload in db/notify.ts). */
  readonly access: string;
  deliver(event: LiveEvent): void;
  /** The hub is closing (the instance stops): end the stream, the client reconnects elsewhere. */
  end(): void;
}

interface Row {
  id: string;
  tx: string;
  workspace_id: string;
  kind: LiveKind;
  object_id: string;
  status: string | null;
  at_ms: number | string;
  settled?: boolean;
}

const position = (cursor: string) => {
  const [, tx, id] = LIVE_CURSOR.exec(cursor)!;
  return { tx: tx!, id: id! };
};

const toEvent = (row: Row): LiveEvent => {
  const cursor = `${row.tx}.${row.id}`;
  const notice = { kind: row.kind, id: row.object_id, ...(row.status === null ? {} : { status: row.status }), at: new Date(Number(row.at_ms)).toISOString() };
  return { cursor, workspaceId: row.workspace_id, notice, frame: `event: ${LIVE_EVENTS.notice}\ndata: ${JSON.stringify(notice)}\nid: ${cursor}\n\n` };
};

const COLUMNS = sql`id::text as id, tx::text as tx, workspace_id, kind, object_id, status, extract(epoch from at) * 1000 as at_ms`;
const after = (cursor: string) => {
  const { tx, id } = position(cursor);
  return sql`(tx, id) > (${tx}::xid8, ${id}::bigint)`;
};

/**
 * One per process and database: reads the notices that committed since it last looked, in (tx, id)
 * order, and hands each to every open stream of this instance. A notice is read only once every
 * transaction older than the oldest one still running has ended (`pg_snapshot_xmin`): a sequence
 * number is taken when a row is written, not when it commits, so reading `id > last` alone could
 * pass over a notice whose transaction commits after a later one's (on PostgreSQL, with several
 * writers); in (tx, id) order behind the snapshot's xmin, nothing can appear behind a position once
 * it has been read. That is also what makes a reconnection with `Last-Event-ID` lose nothing.
 * It reads when the database notice of a write arrives (any instance's write: LISTEN/NOTIFY on
 * PostgreSQL, PGlite's in-process equivalent), when listening (re)starts, and every 5 s regardless.
 */
class LiveHub {
  private cursor = '0.0';
  private readonly listeners = new Set<LiveListener>();
  private started: Promise<void> | undefined;
  private pulling = false;
  private again = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private held: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private closed = false;
  /** A failing read (the database away) is logged once, and its end once, not at every notice and safety poll. */
  private readonly failures: FailureLog;

  constructor(
    private readonly db: Db,
    logger: Logger,
  ) {
    this.failures = new FailureLog(logger, 'live updates could not read the latest notices');
  }

  /** Starts the hub at the current end of the stream (once); resolves when it is listening. */
  start(): Promise<void> {
    return (this.started ??= (async () => {
      const [head] = await queryRows<{ position: string }>(
        this.db,
        sql`select tx::text || '.' || id::text as position from live_events
            where tx < pg_snapshot_xmin(pg_current_snapshot()) order by tx desc, id desc limit 1`,
      );
      if (head) this.cursor = head.position;
      const notices = noticesOf(this.db);
      const unsubscribe = [
        notices.subscribe(CHANNELS.live, { notice: () => this.pull(), catchUp: () => this.pull() }),
        // A sign-out, a revoked sign-in or a disabled API user, on any instance: its streams end here
        // as the notice arrives, before a later change's notice (notices come in commit order) is read.
        // A lost one is caught by the stream's own check at its next heartbeat.
        notices.subscribe(CHANNELS.accessEnded, { notice: (access) => this.endAccess(access), catchUp: () => undefined }),
      ];
      this.unsubscribe = () => unsubscribe.forEach((stop) => stop());
      const every = (ms: number, run: () => void) => this.timers.push(setInterval(run, ms).unref());
      every(SAFETY_POLL_MS, () => this.pull());
    })().catch((error: unknown) => {
      // The next stream tries again (this one answers 500).
      this.started = undefined;
      throw error;
    }));
  }

  /** Adds a stream; from now on it hears every notice read after the position returned. */
  add(listener: LiveListener): string {
    this.listeners.add(listener);
    return this.cursor;
  }

  remove(listener: LiveListener) {
    this.listeners.delete(listener);
  }

  private endAccess(access: string) {
    for (const listener of this.listeners) if (listener.access === access) listener.end();
  }

  get size() {
    return this.listeners.size;
  }

  /** True when every notice after `cursor` is still kept, so a stream can resume from it. */
  async keeps(cursor: string): Promise<boolean> {
    const { tx, id } = position(cursor);
    const [row] = await queryRows<{ kept: boolean }>(
      this.db,
      sql`select exists (select 1 from live_events where tx = ${tx}::xid8 and id = ${id}::bigint
          and at > now() - make_interval(secs => ${(WINDOW_MS - RESUME_MARGIN_MS) / 1000})) as kept`,
    );
    return row?.kept === true;
  }

  /** The notices of one workspace after `from` up to `to` (both positions), in stream order. */
  async *between(workspaceId: string, from: string, to: string): AsyncGenerator<LiveEvent> {
    const { tx, id } = position(to);
    let last = from;
    for (;;) {
      const rows = await queryRows<Row>(
        this.db,
        sql`select ${COLUMNS} from live_events
            where workspace_id = ${workspaceId} and ${after(last)} and (tx, id) <= (${tx}::xid8, ${id}::bigint)
            order by tx, id limit ${BATCH}`,
      );
      for (const row of rows) yield toEvent(row);
      if (rows.length < BATCH) return;
      last = toEvent(rows.at(-1)!).cursor;
    }
  }

  /** Reads what committed since the last read; calls made while one runs fold into one more. */
  pull() {
    if (this.closed || !this.started) return;
    if (this.pulling) {
      this.again = true;
      return;
    }
    this.pulling = true;
    void this.read()
      .then(
        () => this.failures.succeeded('read'),
        (err: unknown) => this.failures.failed('read', err),
      )
      .finally(() => {
        this.pulling = false;
        if (this.again) {
          this.again = false;
          this.pull();
        }
      });
  }

  private async read() {
    for (;;) {
      const rows = await queryRows<Row>(
        this.db,
        sql`select ${COLUMNS}, tx < pg_snapshot_xmin(pg_current_snapshot()) as settled from live_events
            where ${after(this.cursor)} order by tx, id limit ${BATCH}`,
      );
      const settled = rows.filter((row) => row.settled);
      for (const row of settled) {
        const event = toEvent(row);
        this.cursor = event.cursor;
        for (const listener of this.listeners) listener.deliver(event);
      }
      if (settled.length < rows.length) {
        // A notice waits for an older transaction to end: look again shortly.
        this.held ??= setTimeout(() => {
          this.held = undefined;
          this.pull();
        }, HELD_RETRY_MS).unref();
        return;
      }
      if (rows.length < BATCH) return;
    }
  }

  close() {
    this.closed = true;
    this.unsubscribe?.();
    this.timers.forEach(clearInterval);
    if (this.held) clearTimeout(this.held);
    for (const listener of this.listeners) listener.end();
    this.listeners.clear();
  }
}

const hubs = new WeakMap<Db, LiveHub>();

/** This process's hub for `db`, started at the first stream. */
export function liveHub(db: Db, logger: Logger): LiveHub {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = new LiveHub(db, logger)));
  return hub;
}

/** How many streams this process holds open on `db` (the metrics' live streams), 0 before the first. */
export const openLiveStreams = (db: Db): number => hubs.get(db)?.size ?? 0;

/** Ends the streams of `db`'s hub, if it has one (an instance that stops, before its server waits for its connections). */
export function closeLiveHub(db: Db) {
  hubs.get(db)?.close();
  hubs.delete(db);
}
