import { and, asc, count, eq, gte, inArray, lt, lte, max, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditChainVerification, AuditDimensions } from '../../../contract/audit';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  AUDIT_SEARCH_TEXT,
  auditEventCounts,
  auditEventKinds,
  auditEvents,
  auditEventTallies,
  auditProfiles,
  auditProfileTallies,
  auditTallyMarks,
  auditVolatileGramTallies,
  auditVolatileRuns,
  auditWords,
  auditWordTallies,
} from '../../db/schema';
import type { ChainedFields } from '../../../contract/audit-tree';
import { canonicalJson } from '../../../contract/canonical-json';
import { chainHash, GENESIS_HASH } from './chain';
import { auditPendingEvents } from './schema';

export interface AuditFilter {
  workspaceId: string;
  start: number;
  end: number;
  category?: string[];
  subject?: string[];
  event?: string[];
  user?: string[];
  userId?: string[];
  /** Free text, matched anywhere in the search text (subject, event, user, detail), in any case. */
  q?: string;
}

/** `q` as a LIKE pattern that finds it anywhere: its own `%`, `_` and `\\` are plain characters. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/** The tables an event is read from: the sequenced events and those waiting for the sequencer, which have the same columns but for the chain's. */
export type EventTable = typeof auditEvents | typeof auditPendingEvents;

function whereOf(f: AuditFilter, order: 'ASC' | 'DESC', after?: { t: number; i: string }, t: EventTable = auditEvents): SQL[] {
  const where = [eq(t.workspaceId, f.workspaceId)];
  // A cursor lies inside the range, so on its side the row comparison is the tighter bound and the
  // range's own bound there is left out: with both, the index scan started from the range's end
  // and walked every entry up to the cursor (page 1,000 cost four times page 1).
  const cursorSide = after && (order === 'DESC' ? after.t <= f.end : after.t >= f.start) ? order : undefined;
  if (cursorSide !== 'ASC') where.push(gte(t.timestamp, f.start));
  if (cursorSide !== 'DESC') where.push(lte(t.timestamp, f.end));
  if (after) {
    where.push(
      order === 'DESC' ? sql`(${t.timestamp}, ${t.id}) < (${after.t}, ${after.i}::uuid)` : sql`(${t.timestamp}, ${t.id}) > (${after.t}, ${after.i}::uuid)`,
    );
  }
  // Values of one field combine with OR (IN), different fields with AND.
  if (f.category?.length) where.push(inArray(t.category, f.category));
  if (f.subject?.length) where.push(inArray(t.subject, f.subject));
  if (f.event?.length) where.push(inArray(t.event, f.event));
  if (f.user?.length) where.push(inArray(t.userName, f.user));
  if (f.userId?.length) where.push(inArray(t.userId, f.userId));
  // Lower-cased on both sides (by the database, so both agree on every alphabet); the trigram index serves LIKE.
  // The pending events' text is made as it is read (no kept column costs their writes): their table holds a second's worth.
  if (f.q !== undefined) where.push(sql`${t === auditEvents ? auditEvents.searchText : AUDIT_SEARCH_TEXT} like lower(${containing(f.q)})`);
  return where;
}

/**
 * One page in (timestamp, id) order after `after`, keyset-paginated: never OFFSET. The database
 * writes the page's JSON itself (in the contract's AuditLogData shape): handing rows one by one from
 * the embedded engine to JavaScript and serialising them again cost more than the query.
 */
export async function queryAuditPage(db: Db, f: AuditFilter, order: 'ASC' | 'DESC', pageSize: number, after?: { t: number; i: string }) {
  const direction = order === 'DESC' ? sql`desc` : sql`asc`;
  const reverse = order === 'DESC' ? sql`asc` : sql`desc`;
  const p = auditPendingEvents;
  const [row] = await queryRows<{ data: string; fetched: number; last_t: string | null; last_i: string | null }>(
    db,
    sql`
    with fetched as (
      -- Events written before the doc column existed have none; they are built here as the trigger would.
      (select timestamp, id, coalesce(doc, ${docOf(auditEvents.hash)}) as doc
      from ${auditEvents} where ${and(...whereOf(f, order, after))}
      order by ${auditEvents.timestamp} ${direction}, ${auditEvents.id} ${direction}
      limit ${pageSize + 1})
      union all
      -- Events not yet sequenced (about a second's worth) are listed too, with a null hash.
      (select timestamp, id, ${docOf(sql`null::text`)} as doc
      from ${p} where ${and(...whereOf(f, order, after, p))}
      order by ${p.timestamp} ${direction}, ${p.id} ${direction}
      limit ${pageSize + 1})
    ),
    -- One row more than the page says whether there is a next one.
    page as (select * from fetched order by timestamp ${direction}, id ${direction} limit ${pageSize}),
    last as (select timestamp, id from page order by timestamp ${reverse}, id ${reverse} limit 1)
    select
      coalesce('[' || string_agg(doc, ',' order by timestamp ${direction}, id ${direction}) || ']', '[]') as data,
      least((select count(*) from fetched), ${pageSize + 1})::int as fetched,
      (select timestamp from last)::text as last_t,
      (select id from last)::text as last_i
    from page`,
  );
  const fetched = Number(row!.fetched);
  return {
    json: row!.data,
    count: Math.min(fetched, pageSize),
    more: fetched > pageSize,
    last: row!.last_t && row!.last_i ? { t: Number(row!.last_t), i: row!.last_i } : undefined,
  };
}

/** An event's API JSON (AuditLogData), as the insert trigger of core migration 0005 writes it, from the columns both event tables have. */
const docOf = (hash: SQL | PgColumn) => sql`json_build_object(
  'id', id, 'timestamp', timestamp, 'createdAt', timestamp, 'user', user_name, 'userId', user_id,
  'category', category, 'subject', subject, 'event', event, 'tenantId', workspace_id,
  'requestId', request_id, 'sourceAddress', source_address, 'detail', detail, 'hash', ${hash}
)::text`;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A span the tallies keep counts for: its width and where its spans start (weeks: on Monday, 1970-01-05). */
type Unit = { width: number; offset: number };
const HOUR: Unit = { width: HOUR_MS, offset: 0 };
const DAY: Unit = { width: DAY_MS, offset: 0 };
const WEEK: Unit = { width: 7 * DAY_MS, offset: 4 * DAY_MS };

type Counts = Map<number, number>;
type Bucket = (t: SQL | PgColumn) => SQL;

function addRows(counts: Counts, rows: { start: string; count: string }[]) {
  for (const r of rows) counts.set(Number(r.start), (counts.get(Number(r.start)) ?? 0) + Number(r.count));
}

/** Counts of the events of [start, end] that match `f`, per bucket (the bucket's start), counted one by one (in `t`: sequenced by default). */
async function countEvents(db: Db, f: AuditFilter, bucket: Bucket, counts: Counts, t: EventTable = auditEvents, also?: SQL) {
  const rows = await queryRows<{ start: string; count: string }>(
    db,
    sql`select ${bucket(t.timestamp)} as start, count(*) as count from ${t} where ${and(...whereOf(f, 'DESC', undefined, t), also)} group by 1`,
  );
  addRows(counts, rows);
}

/** Adds the counts of the whole units (hours, days or weeks) in [from, to) from a table the tally step keeps (tallies.ts). */
type SumUnits = (unit: Unit, from: number, to: number) => Promise<void>;

/** A piece (a maximal run of a-z and 0-9, as audit_text_words cuts the text) of digits only. */
const DIGITS_PIECE = /(^|[^a-z0-9])[0-9]+([^a-z0-9]|$)/;

/** The longest gram the tallies count (audit_run_grams, core migration 0012), and text that is one. */
const GRAM_MAX = 3;
const GRAM = new RegExp(`^[a-z]{1,${GRAM_MAX}}$`);

/**
 * What the workspace's vocabularies (audit_words, audit_volatile_runs) say of `q`, lower-cased as
 * the search is:
 * - `none` when a run of letters of `q` is in no word or embedded run: no event has it;
 * - `word` when `q` is letters only, in no embedded run and in exactly one word: the events with
 *   that word are those with `q`;
 * - `profiles` when `q` occurs in an event exactly when it occurs in the event's skeleton (below);
 * - `gram` when `q` is one to three letters that lie in a volatile run: it occurs in an event
 *   exactly when it occurs in the event's skeleton or, if not there, in one of its volatile runs,
 *   which audit_volatile_gram_tallies counts (below).
 * Where none holds, the events must be counted one by one.
 *
 * Why `profiles` is exact. The skeleton replaces ids shaped as UUIDs that no letter or digit touches,
 * then the pieces with digits other than a token of letters and up to four digits, each by "0".
 * Take `q` that is not "-", none of whose pieces is digits only, and none of whose runs of letters
 * lies in a volatile run (a run of letters inside something the skeleton replaced).
 * - An occurrence of `q` in the text touches nothing that was replaced. Any piece it touches, it
 *   touches through a piece of `q`, which has a letter, whose run lies in the touched piece's run;
 *   so the touched piece was not replaced, nor is it inside a replaced id. Nor does it touch an
 *   id's "-" alone: each lies between two of the id's pieces, so only "-" itself would.
 * - Conversely an occurrence in the skeleton cannot use a replacement: each "0" is a piece of its
 *   own, and a piece of `q` that fits in it is digits only. Everything else in the skeleton is the
 *   text's own, in the same order.
 *
 * Why `gram` is exact. `q` is letters only, so each occurrence lies in one run of letters of the
 * text. A run inside something the skeleton replaced is a volatile run; any other run lies in a piece
 * the skeleton kept, whole and with the same neighbours, so it is a run of the skeleton; and the
 * skeleton's runs are only those, since each "0" is no letter. So `q` occurs in the event exactly
 * when it occurs in the skeleton (the profiles whose skeleton contains it) or, only if not, in a
 * volatile run (the gram's tallies, which count an event only where its skeleton lacks the gram).
 * Filtered by category, both sums keep to it: an event's category is part of its kind (the
 * profiles') and a key of the gram's tallies.
 */
async function searchedBy(db: Db, workspaceId: string, q: string): Promise<'none' | { word?: string; profiles: boolean; gram?: string }> {
  // Lower-cased as the database lower-cases the search and the events' text: here for printable
  // ASCII, where the two agree; by the database for anything else, whose alphabets follow its rules.
  const text = /^[\x20-\x7e]*$/.test(q) ? q.toLowerCase() : (await queryRows<{ text: string }>(db, sql`select lower(${q}) as text`))[0]!.text;
  const runs = [...new Set(text.split(/[^a-z]+/).filter(Boolean))];
  // One lookup per run, each with its own pattern, so the planner sees it and takes the trigram index.
  // No runs: "every run is listed" holds and "some run is" does not.
  const each = (table: PgTable, column: PgColumn, where: SQL | undefined, join: ' and ' | ' or ') =>
    runs.length === 0
      ? sql.raw(join === ' and ' ? 'true' : 'false')
      : sql.join(
          runs.map((run) => sql`exists(select 1 from ${table} where ${and(where, sql`${column} like ${`%${run}%`}`)})`),
          sql.raw(join),
        );
  const w = auditWords;
  const v = auditVolatileRuns;
  const ofWorkspace = eq(w.workspaceId, workspaceId);
  const [row] = await queryRows<{ present: boolean; embedded: boolean; volatile: boolean; words: string[] }>(
    db,
    sql`select ${each(w, w.word, ofWorkspace, ' and ')} as present,
      ${each(w, w.word, and(ofWorkspace, w.embedded), ' or ')} as embedded,
      ${each(v, v.run, eq(v.workspaceId, workspaceId), ' or ')} as volatile,
      array(select ${w.word} from ${w} where ${and(ofWorkspace, sql`not ${w.embedded}`, sql`${w.word} like ${containing(text)}`)} limit 2) as words`,
  );
  if (!row!.present) return 'none';
  return {
    word: /^[a-z]+$/.test(text) && !row!.embedded && row!.words.length === 1 ? row!.words[0] : undefined,
    profiles: !DIGITS_PIECE.test(text) && text !== '-' && !row!.volatile,
    gram: GRAM.test(text) && row!.volatile ? text : undefined,
  };
}

const filteredBeyondCategory = (f: AuditFilter) => Boolean(f.subject?.length || f.event?.length || f.user?.length || f.userId?.length);
const filteredByKind = (f: AuditFilter) => Boolean(f.category?.length) || filteredBeyondCategory(f);

/** The kinds of event of the workspace whose fields match the filters (not `q`). */
const kindsOf = (f: AuditFilter) =>
  and(
    eq(auditEventKinds.workspaceId, f.workspaceId),
    f.category?.length ? inArray(auditEventKinds.category, f.category) : undefined,
    f.subject?.length ? inArray(auditEventKinds.subject, f.subject) : undefined,
    f.event?.length ? inArray(auditEventKinds.event, f.event) : undefined,
    f.user?.length ? inArray(auditEventKinds.userName, f.user) : undefined,
    f.userId?.length ? inArray(auditEventKinds.userId, f.userId) : undefined,
  );

/**
 * How the whole hours (days, weeks) of a range are summed for `f`, longest unit first, or none when
 * nothing is kept for it. Unfiltered or by category: audit_event_counts, per hour. Searched with
 * `q` (searchedBy) that one word stands for, alone: that word's days and hours in
 * audit_word_tallies; with other filters, or that the events' skeletons stand for: the profiles
 * whose skeleton contains `q` and whose kind the other filters pick, then their weeks, days and
 * hours in audit_profile_tallies (or their kind's, in audit_event_tallies, where all of a kind's
 * profiles match); text of one to three letters that lies in a volatile run (`gram`), alone or
 * with categories: those profiles' tallies and the gram's weeks, days and hours (of the categories)
 * in audit_volatile_gram_tallies. By
 * subject, event or user: the kinds of event that match, then
 * their weeks, days and hours in audit_event_tallies. `none` when no event of the workspace ever
 * matched.
 */
async function summing(db: Db, f: AuditFilter, bucket: Bucket, counts: Counts): Promise<{ units: Unit[]; sum?: SumUnits } | 'none'> {
  /** Sums the rows of a kept table in [from, to) by their span's `start`, those `where` picks for the unit. */
  const summed =
    (table: PgTable, start: PgColumn, n: PgColumn, where: (unit: Unit) => SQL | undefined): SumUnits =>
    async (unit, from, to) => {
      const rows = await queryRows<{ start: string; count: string }>(
        db,
        sql`select ${bucket(start)} as start, sum(${n}) as count from ${table} where ${and(where(unit), gte(start, from), lt(start, to))} group by 1`,
      );
      addRows(counts, rows);
    };
  if (f.q !== undefined) {
    const searched = await searchedBy(db, f.workspaceId, f.q);
    if (searched === 'none') return 'none';
    const { word } = searched;
    if (word !== undefined && !filteredByKind(f)) {
      const t = auditWordTallies;
      return {
        units: [DAY, HOUR],
        sum: summed(t, t.start, t.n, (unit) => and(eq(t.workspaceId, f.workspaceId), eq(t.word, word), eq(t.width, unit.width))),
      };
    }
    // The grams' tallies are per category, not per kind: with other filters, counted event by event.
    const gram = filteredBeyondCategory(f) ? undefined : searched.gram;
    if (!searched.profiles && gram === undefined) return { units: [] };
    // The matching profiles by kind. Where every profile of a kind matches, the kind's own counts
    // (audit_event_tallies) are the sum of theirs in fewer rows: a kind's events have a few hundred
    // profiles when their details vary (an asset, a side), and a common piece of a word matches most.
    const p = auditProfiles;
    const matching = await queryRows<{ kind: string; ids: string; whole: boolean }>(
      db,
      sql`select kind_id as kind, (array_agg(id) filter (where found))::text as ids, bool_and(found) as whole
        from (select ${p.kindId} as kind_id, ${p.id} as id, ${p.skeleton} like lower(${containing(f.q)}) as found from ${p} where ${and(
          eq(p.workspaceId, f.workspaceId),
          filteredByKind(f) ? sql`${p.kindId} in (select ${auditEventKinds.id} from ${auditEventKinds} where ${kindsOf(f)})` : undefined,
        )}) as profiles
        group by kind_id having bool_or(found)`,
    );
    if (matching.length === 0 && gram === undefined) return 'none';
    const kinds = matching.filter((m) => m.whole).map((m) => Number(m.kind));
    // One array parameter, however many profiles match; array_agg's text is already its literal.
    const ids = matching.filter((m) => !m.whole).map((m) => m.ids.slice(1, -1));
    const profiles = `{${ids.join(',')}}`;
    const k = auditEventTallies;
    const t = auditProfileTallies;
    const sumKinds = summed(k, k.start, k.n, (unit) => and(eq(k.workspaceId, f.workspaceId), inArray(k.kindId, kinds), eq(k.width, unit.width)));
    const sumProfiles = summed(t, t.start, t.n, (unit) =>
      and(eq(t.workspaceId, f.workspaceId), eq(t.width, unit.width), sql`${t.profileId} = any(${profiles}::bigint[])`),
    );
    const g = auditVolatileGramTallies;
    const sumGrams =
      gram === undefined
        ? undefined
        : summed(g, g.start, g.n, (unit) =>
            and(eq(g.workspaceId, f.workspaceId), eq(g.gram, gram), eq(g.width, unit.width), f.category?.length ? inArray(g.category, f.category) : undefined),
          );
    return {
      units: [WEEK, DAY, HOUR],
      sum: async (unit, from, to) => {
        if (kinds.length > 0) await sumKinds(unit, from, to);
        if (ids.length > 0) await sumProfiles(unit, from, to);
        if (sumGrams) await sumGrams(unit, from, to);
      },
    };
  }
  if (!filteredBeyondCategory(f)) {
    const t = auditEventCounts;
    const category = f.category?.length ? inArray(t.category, f.category) : eq(t.category, '');
    return { units: [HOUR], sum: summed(t, t.hour, t.n, () => and(eq(t.workspaceId, f.workspaceId), category)) };
  }
  const kinds = await db.select({ id: auditEventKinds.id }).from(auditEventKinds).where(kindsOf(f));
  if (kinds.length === 0) return 'none';
  const t = auditEventTallies;
  const ids = kinds.map((k) => k.id);
  return {
    units: [WEEK, DAY, HOUR],
    sum: summed(t, t.start, t.n, (unit) => and(eq(t.workspaceId, f.workspaceId), inArray(t.kindId, ids), eq(t.width, unit.width))),
  };
}

/**
 * Counts of the filtered events per bucket of `width` ms, whose starts are `offset` plus a multiple
 * of the width; only buckets with events are in the map. The whole weeks, then days, then hours of
 * the range that no bucket splits are summed from the tables the tally step keeps, longest
 * first, each on what the longer left at either end; only the parts of an hour at the range's
 * ends, and any range searched with `q` that neither words nor skeletons stand for, are counted
 * event by event. All in one snapshot, so the words and kinds read first are those of the counts
 * read after them.
 */
export function auditHistogram(db: Db, f: AuditFilter, width: number, offset: number): Promise<Counts> {
  return db.transaction((tx) => histogramIn(tx as unknown as Db, f, width, offset), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function histogramIn(db: Db, f: AuditFilter, width: number, offset: number): Promise<Counts> {
  const bucket: Bucket = (t) => sql`(${t} - ${offset}::bigint) / ${width}::bigint * ${width}::bigint + ${offset}::bigint`;
  const counts: Counts = new Map();
  // The tallies (and the vocabularies summing reads) count the workspace's events up to its mark
  // (tallies.ts). Those above it, and those the sequencer has yet to chain, are counted one by one:
  // about a second's worth each. The same snapshot sees each event in one place.
  const [mark] = await db.select({ seq: auditTallyMarks.seq }).from(auditTallyMarks).where(eq(auditTallyMarks.workspaceId, f.workspaceId));
  const tallied = sql`${auditEvents.seq} <= ${mark?.seq ?? 0}`;
  await countEvents(db, f, bucket, counts, auditPendingEvents);
  await countEvents(db, f, bucket, counts, auditEvents, sql`${auditEvents.seq} > ${mark?.seq ?? 0}`);
  const kept = await summing(db, f, bucket, counts);
  if (kept === 'none') return counts;
  // Only units a bucket never splits: an hour's, day's or week's row must fall wholly in one bucket.
  const units = kept.units.filter((unit) => width % unit.width === 0 && (offset - unit.offset) % unit.width === 0);
  const count = async (start: number, end: number, [unit, ...finer]: Unit[]): Promise<void> => {
    if (unit === undefined || !kept.sum) return countEvents(db, { ...f, start, end }, bucket, counts, auditEvents, tallied);
    const first = Math.ceil((start - unit.offset) / unit.width) * unit.width + unit.offset;
    const stop = Math.floor((end + 1 - unit.offset) / unit.width) * unit.width + unit.offset; // the first unit not wholly in the range
    if (first >= stop) return count(start, end, finer);
    await kept.sum(unit, first, stop);
    if (start < first) await count(start, first - 1, finer);
    if (stop <= end) await count(stop, end, finer);
  };
  await count(f.start, f.end, units);
  return counts;
}

/** When this user last did this kind of thing (epoch ms), in the sequenced or the pending events; null when never. */
export async function lastEventAt(
  db: Db,
  workspaceId: string,
  userId: string,
  kind: { category: string; subject: string; event: string },
): Promise<number | null> {
  const times = await Promise.all(
    [auditEvents, auditPendingEvents].map(async (t) => {
      const [row] = await db
        .select({ at: max(t.timestamp) })
        .from(t)
        .where(and(eq(t.workspaceId, workspaceId), eq(t.userId, userId), eq(t.category, kind.category), eq(t.subject, kind.subject), eq(t.event, kind.event)));
      return row?.at ?? null;
    }),
  );
  const found = times.filter((t): t is number => t !== null);
  return found.length === 0 ? null : Math.max(...found);
}

const DIMENSION_LIMIT = 200;

export async function auditDimensions(db: Db, workspaceId: string, start: number, end: number): Promise<AuditDimensions> {
  const range = (t: EventTable) => and(eq(t.workspaceId, workspaceId), gte(t.timestamp, start), lte(t.timestamp, end));
  // Of the sequenced events and the pending ones alike.
  const distinct = async (column: (t: EventTable) => PgColumn) => {
    const values = await Promise.all(
      [auditEvents, auditPendingEvents].map((t) =>
        db
          .selectDistinct({ v: column(t) })
          .from(t)
          .where(range(t))
          .orderBy(asc(column(t)))
          .limit(DIMENSION_LIMIT),
      ),
    );
    const [kept, waiting] = values.map((rows) => rows.map((r) => String(r.v))) as [string[], string[]];
    const added = waiting.filter((v) => !kept.includes(v));
    // In the database's order, unless a pending event brings a value no sequenced one has.
    return added.length === 0 ? kept : [...kept, ...added].sort().slice(0, DIMENSION_LIMIT);
  };
  return {
    category: await distinct((t) => t.category),
    subject: await distinct((t) => t.subject),
    event: await distinct((t) => t.event),
    user: await distinct((t) => t.userName),
    userId: await distinct((t) => t.userId),
  };
}

async function hashAt(db: Db, workspaceId: string, seq: number): Promise<string | undefined> {
  if (seq === 0) return GENESIS_HASH;
  const [row] = await db
    .select({ hash: auditEvents.hash })
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.seq, seq)));
  return row?.hash;
}

const VERIFY_BATCH = 5000;

/** What an event is shown from, in either table (a pending event has no hash yet). */
export type ShownRow = Omit<ChainedFields, 'seq'> & { hash: string | null };

/** The columns of `t` that hold an event's hashed fields (ChainedFields) but its workspace and its place in the chain. */
export const chainedColumns = (t: EventTable) => ({
  id: t.id,
  timestamp: t.timestamp,
  userName: t.userName,
  userId: t.userId,
  category: t.category,
  subject: t.subject,
  event: t.event,
  requestId: t.requestId,
  sourceAddress: t.sourceAddress,
  detail: t.detail,
});

/** The columns of `t` that make a ShownRow. */
export const shownColumns = (t: EventTable) => ({
  ...chainedColumns(t),
  workspaceId: t.workspaceId,
  hash: t === auditEvents ? auditEvents.hash : sql<string | null>`null::text`,
});

/** An event as the API shows it (the fields of the stored `doc`). */
export const shownAs = (row: ShownRow) => ({
  id: row.id,
  timestamp: row.timestamp,
  createdAt: row.timestamp,
  user: row.userName,
  userId: row.userId,
  category: row.category,
  subject: row.subject,
  event: row.event,
  tenantId: row.workspaceId,
  requestId: row.requestId,
  sourceAddress: row.sourceAddress,
  detail: row.detail,
  hash: row.hash,
});

/**
 * Walks the chain through the events of a time range in chain order: each event's hash must be
 * the hash of its own fields and the previous event's hash, and no link may be missing.
 */
export async function verifyAuditChain(db: Db, workspaceId: string, start: number, end: number): Promise<AuditChainVerification> {
  const p = auditPendingEvents;
  const [waiting] = await db
    .select({ n: count() })
    .from(p)
    .where(and(eq(p.workspaceId, workspaceId), gte(p.timestamp, start), lte(p.timestamp, end)));
  const result = (checked: number, broken?: { id: string; reason: string }): AuditChainVerification => ({
    verified: !broken,
    checked,
    pending: waiting?.n ?? 0,
    startTime: start,
    endTime: end,
    firstBrokenEventId: broken?.id ?? null,
    reason: broken?.reason ?? null,
  });
  let checked = 0;
  let previous: { seq: number; hash: string } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.workspaceId, workspaceId),
          gte(auditEvents.timestamp, start),
          lte(auditEvents.timestamp, end),
          previous ? sql`${auditEvents.seq} > ${previous.seq}` : undefined,
        ),
      )
      .orderBy(asc(auditEvents.seq))
      .limit(VERIFY_BATCH);
    for (const row of rows) {
      // The link before this event: the one just checked, or (across a gap in the range) the stored one.
      const expectedPrev = previous && previous.seq === row.seq - 1 ? previous.hash : await hashAt(db, workspaceId, row.seq - 1);
      if (expectedPrev === undefined) return result(checked, { id: row.id, reason: `the event before #${row.seq} in the chain is missing` });
      if (row.prevHash !== expectedPrev) return result(checked, { id: row.id, reason: `event #${row.seq} does not link to the event before it` });
      const { prevHash: _p, hash: _h, doc, searchText: _s, ...fields } = row;
      if (chainHash(row.prevHash, fields) !== row.hash) return result(checked, { id: row.id, reason: `event #${row.seq} was altered after it was written` });
      // The stored JSON the API serves is derived from the hashed fields; it must still say the same.
      if (doc !== null && canonicalJson(JSON.parse(doc)) !== canonicalJson(shownAs(row)))
        return result(checked, { id: row.id, reason: `event #${row.seq} is shown differently from what was written` });
      checked += 1;
      previous = { seq: row.seq, hash: row.hash };
    }
    if (rows.length < VERIFY_BATCH) return result(checked);
  }
}
