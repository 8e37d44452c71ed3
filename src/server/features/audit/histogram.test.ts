import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditHistogram, AuditLogData, AuditLogsResponse } from '../../../contract/audit';
import { MIGRATION_SETS, type Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import * as schema from '../../db/schema';
import { seedAuditHistory } from '../../demo/audit-history';
import { addWorkspace, consoleToken } from '../../test/harness';
import { testApp } from '../../test/test-app';
import { appendAudit, withAuditIndexesDeferred } from './record';
import { sequenceAll } from './sequencer';
import { tallyAll } from './tallies';

// The histogram filtered by subject, event or user sums the per-kind hourly, daily and weekly tallies the
// insert trigger keeps (migration 0008); whatever it sums, it must count exactly what the list
// pages through, bucket by bucket, in the caller's workspace only.

const { ctx, app } = testApp();
let ws: Awaited<ReturnType<typeof addWorkspace>>;
let other: Awaited<ReturnType<typeof addWorkspace>>;
let auditor: string;
let otherAuditor: string;
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// The same people (names and ids) act in both workspaces, so both have the same kinds of event.
const PEOPLE = [
  { id: 'p-ann', name: 'Ann Admin', role: 'ADMIN' },
  { id: 'p-sam', name: 'Sam Signer', role: 'SIGNER' },
  { id: 'p-eve', name: 'Eve Editor', role: 'EDITOR' },
];

let indexesBefore: string[];
const indexesOfEvents = async () =>
  (await queryRows<{ indexdef: string }>(ctx.deps.db, sql`select indexdef from pg_indexes where tablename = 'audit_events' order by indexname`)).map(
    (r) => r.indexdef,
  );

beforeAll(async () => {
  ctx.clock.set(NOW);
  ws = await addWorkspace(ctx, 'Tally Co', ['AUDITOR']);
  other = await addWorkspace(ctx, 'Other Tally Co', ['AUDITOR']);
  auditor = await consoleToken(app, ws.people[0]!.email);
  otherAuditor = await consoleToken(app, other.people[0]!.email);
  // A year of history, written in batches (one trigger run each), as the demo and the benchmark
  // write it (with the indexes built afterwards) ...
  indexesBefore = await indexesOfEvents();
  await withAuditIndexesDeferred(ctx.deps.db, (tx) => seedAuditHistory(tx, ws.id, PEOPLE, 4000, NOW - HOUR, { seed: 11 }));
  await seedAuditHistory(ctx.deps.db, other.id, PEOPLE, 1500, NOW - HOUR, { seed: 12 });
  // The history's ids are all in Transactions; orders with ids of their own put text inside ids in
  // a second category, which a search by category must tell apart. Ids from a hash, not random, so
  // that every run has the same.
  const orderId = (i: number) =>
    createHash('sha256')
      .update(`order ${i}`)
      .digest('hex')
      .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*/, '$1-$2-$3-$4-$5');
  await appendAudit(
    ctx.deps.db,
    { workspaceId: ws.id, userId: 'p-eve', userName: 'Eve Editor', requestId: null, sourceAddress: null },
    Array.from({ length: 300 }, (_, i) => ({
      category: 'Trading' as const,
      subject: 'Order' as const,
      event: 'Created',
      timestamp: NOW - HOUR - i * 29 * HOUR,
      detail: { orderId: orderId(i) },
    })),
    ctx.deps.now(),
  );
  // ... then live events one at a time, some in hours and days the batch already counted.
  for (const [i, at] of [NOW - 3 * DAY - 7 * MINUTE, NOW - 3 * DAY + 5 * MINUTE, NOW - 40 * DAY + 1, NOW - 2 * HOUR].entries()) {
    await appendAudit(
      ctx.deps.db,
      { workspaceId: ws.id, userId: 'p-ann', userName: 'Ann Admin', requestId: null, sourceAddress: null },
      [{ category: 'Security', subject: 'Sign-in', event: i % 2 ? 'Sign-in failed' : 'Signed in', timestamp: at, detail: {} }],
      ctx.deps.now(),
    );
  }
  // Into their chains and tallies, as the sequencer of a running service takes them.
  await sequenceAll(ctx.deps.db);
  await tallyAll(ctx.deps.db);
});

const call = async <T>(path: string, token: string) => {
  const res = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

/** Every event the list shows for the query, page after page. */
async function listAll(query: string, token: string): Promise<AuditLogData[]> {
  const events: AuditLogData[] = [];
  let next: string | null = null;
  do {
    const page: AuditLogsResponse = await call<AuditLogsResponse>(
      `/v1/management/audit_logs?${query}&pageSize=500${next ? `&pageCursor=${encodeURIComponent(next)}` : ''}`,
      token,
    );
    events.push(...page.data);
    next = page.next;
  } while (next);
  return events;
}

/** The histogram's buckets must hold exactly the list's events, each in the bucket of its time. */
async function expectCountsOfList(query: string, token = auditor) {
  const h = await call<AuditHistogram>(`/v1/management/audit_logs/histogram?${query}`, token);
  const expected = new Map<number, number>(h.buckets.map((b) => [b.start, 0]));
  for (const e of await listAll(query.replace(/&?buckets=\d+/, ''), token)) {
    const bucket = h.buckets.find((b) => b.start <= e.timestamp && e.timestamp < b.start + h.bucketMs);
    expect(bucket, `event at ${e.timestamp} has a bucket`).toBeDefined();
    expected.set(bucket!.start, expected.get(bucket!.start)! + 1);
  }
  expect(h.buckets.map((b) => [b.start, b.count])).toEqual([...expected]);
  expect(h.total).toBe([...expected.values()].reduce((a, b) => a + b, 0));
  return h;
}

/** Over the year before NOW, searched with `q`: the histogram's total, and how many events the list pages through. */
const yearSearch = (token: string) => ({
  total: async (q: string) => (await call<AuditHistogram>(`/v1/management/audit_logs/histogram?startTime=${NOW - 364 * DAY}&q=${q}`, token)).total,
  listed: async (q: string) => (await listAll(`startTime=${NOW - 364 * DAY}&q=${q}`, token)).length,
});

/** Appends and sequences with the triggers off: the events are in the list and in no tally. */
const appendUntallied = (actor: Parameters<typeof appendAudit>[1], entries: Parameters<typeof appendAudit>[2]) =>
  ctx.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await appendAudit(tx as never, actor, entries, ctx.deps.now());
    await sequenceAll(tx as never);
    await tallyAll(tx as never);
  });

/** Appends and sequences at once, so that the events are in the tallies, as a running service has them within a second. */
const appendSequenced = async (actor: Parameters<typeof appendAudit>[1], entries: Parameters<typeof appendAudit>[2]) => {
  await appendAudit(ctx.deps.db, actor, entries, ctx.deps.now());
  await sequenceAll(ctx.deps.db);
  await tallyAll(ctx.deps.db);
};

const FILTERS = [
  'subject=Sign-in',
  'event=Completed',
  'event=Created&event=Updated',
  'user=Sam%20Signer',
  'userId=p-eve',
  'category=Security&event=Sign-in%20failed',
  'subject=Order&user=Ann%20Admin',
  'category=Trading&category=Catalogue&userId=p-ann&userId=p-eve',
  'subject=Transaction&event=Failed&user=Sam%20Signer&userId=p-sam',
];

const RANGES = [
  // Weekly buckets: whole weeks summed, then the days and hours of the part-weeks at each end, then the part-hours.
  ['a year, weekly buckets', `startTime=${NOW - 364 * DAY}`],
  ['a year, two-week buckets', `startTime=${NOW - 364 * DAY + 5 * HOUR + 3}&buckets=30`],
  ['80 days off the hour, weekly buckets', `startTime=${NOW - 80 * DAY - 17 * MINUTE - 3}&endTime=${NOW - 3 * DAY + 31 * MINUTE}`],
  ['30 days, daily buckets', `startTime=${NOW - 30 * DAY - 5 * HOUR - 1}&endTime=${NOW - 1}&buckets=40`],
  // Hourly widths: whole hours summed, days never (a day would straddle buckets).
  ['4 days off the hour, 3-hour buckets', `startTime=${NOW - 5 * DAY + 1234}&endTime=${NOW - DAY - 999}`],
  // Minutes: no kept row fits in a bucket, so every event is counted.
  ['10 days, 30-minute buckets', `startTime=${NOW - 12 * DAY}&endTime=${NOW - 2 * DAY}&buckets=500`],
  ['within one hour', `startTime=${NOW - 3 * DAY - 10 * MINUTE}&endTime=${NOW - 3 * DAY + 10 * MINUTE}`],
] as const;

describe('histogram filtered by subject, event or user', () => {
  it.each(RANGES)('counts per bucket what the list shows (%s)', async (_name, range) => {
    for (const filter of FILTERS) await expectCountsOfList(`${range}&${filter}`);
  });

  it('uses weekly, daily and hourly widths in those ranges', async () => {
    const widths = await Promise.all(
      RANGES.map(async ([, range]) => (await call<AuditHistogram>(`/v1/management/audit_logs/histogram?${range}`, auditor)).bucketMs),
    );
    expect(widths).toEqual([7 * DAY, 14 * DAY, 7 * DAY, DAY, 3 * HOUR, 30 * MINUTE, MINUTE]);
  });

  it('counts nothing for values no event has, alone or with values that exist', async () => {
    const h = await expectCountsOfList(`startTime=${NOW - 364 * DAY}&subject=Nothing%20like%20this`);
    expect(h.total).toBe(0);
    expect((await expectCountsOfList(`startTime=${NOW - 364 * DAY}&subject=Sign-in&user=Nobody`)).total).toBe(0);
  });

  it('keeps to the caller’s workspace, whose kinds of event are the same', async () => {
    for (const filter of FILTERS) {
      const mine = await expectCountsOfList(`startTime=${NOW - 364 * DAY}&${filter}`);
      const theirs = await expectCountsOfList(`startTime=${NOW - 364 * DAY}&${filter}`, otherAuditor);
      expect(mine.total).toBeGreaterThan(theirs.total);
    }
  });

  it('has tallies per hour, day and week that add up to the events, per workspace and kind', async () => {
    const rows = await queryRows<{ workspace_id: string; width: string; tallied: string; counted: string }>(
      ctx.deps.db,
      sql`select t.workspace_id, t.width, sum(t.n) as tallied,
            (select count(*) from audit_events e where e.workspace_id = t.workspace_id) as counted
          from audit_event_tallies t where t.workspace_id in (${ws.id}, ${other.id}) group by 1, 2 order by 1, 2`,
    );
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(Number(r.tallied)).toBe(Number(r.counted));
    // Kept batch by batch and event by event, they must equal the tallies counted afresh.
    const [mismatch] = await queryRows<{ n: string }>(
      ctx.deps.db,
      sql`select count(*) as n from (
            select e.workspace_id, k.id as kind_id, w.width, (e.timestamp - w.shift) / w.width * w.width + w.shift as start, count(*) as n
            from audit_events e join audit_event_kinds k using (workspace_id, category, subject, event, user_name, user_id)
            cross join (values (${HOUR}::bigint, 0::bigint), (${DAY}::bigint, 0::bigint), (${7 * DAY}::bigint, ${4 * DAY}::bigint)) as w(width, shift)
            where e.workspace_id in (${ws.id}, ${other.id}) group by 1, 2, 3, 4
          ) afresh full join (
            select workspace_id, kind_id, width, start, n from audit_event_tallies where workspace_id in (${ws.id}, ${other.id})
          ) kept using (workspace_id, kind_id, width, start)
          where afresh.n is distinct from kept.n`,
    );
    expect(Number(mismatch!.n)).toBe(0);
  });

  it('comes from a bulk load whose chain verifies and whose indexes are all back', async () => {
    expect(await indexesOfEvents()).toEqual(indexesBefore);
    expect(indexesBefore.some((d) => d.includes('gin_trgm_ops'))).toBe(true);
    const verified = await call<{ verified: boolean; checked: number }>(`/v1/management/audit_logs/verify?startTime=${NOW - 365 * DAY}`, auditor);
    expect(verified).toMatchObject({ verified: true });
    expect(verified.checked).toBeGreaterThanOrEqual(4000);
  });
});

// Searched with `q`, the histogram sums a word's hourly and daily tallies when that word stands for
// the text (migration 0009), the tallies of the profiles whose skeleton contains it for other text
// without digits or with other filters (migration 0010), with a gram's tallies for one to three
// letters inside ids (migration 0012), and counts event by event otherwise; either way it must
// count exactly what the list pages through.
const SEARCHES = [
  'usdc', // one word only (USDC_ETH is cut into two)
  'USDC', // lower-cased as the search is
  'failed', // in several events' names and in no other word
  'password', // only in details
  'sign', // in "sign" and "signed": the profiles
  'usd', // in "usd", "usdc" and "usdt", often two of them in one event: the profiles
  'wrong password', // two words: the profiles
  '": "wrong', // punctuation: the profiles
  'treasury bot', // "treasury" is in no word: nothing to count
  'signed-in 2', // a digit: counted event by event
  'fa', // in "failed" and inside transaction ids (volatile runs): the profiles and the gram's tallies
  'f', // one letter, as in "fa": the profiles and the gram's tallies
  'dea', // three letters, inside some transaction ids only: the gram's tallies
  'ad-b', // "ad" and "b" lie in volatile runs too, and it is not letters only: counted event by event
  'qqq', // no event: nothing to count
  '100%', // not letters
  // With other filters: the profiles of the kinds the filters pick.
  'usdc&category=Trading',
  'sign&category=Security&event=Sign-in%20failed',
  'failed&user=Sam%20Signer',
  'usd&subject=Order&subject=Price&userId=p-ann',
  'password&subject=Order', // no such event
  'fa&category=Transactions', // inside transaction ids, with a category: the category's profiles and its gram's tallies
  'f&category=Transactions&category=Security', // with two categories
  'fa&category=Trading', // inside order ids
  'fa&event=Submitted', // with a filter beyond the category: counted event by event
  // Tokens the skeletons keep, and text that touches what they replace.
  'erc20', // kept in "usdt_erc20": the profiles
  'usdt_erc20&category=Transactions',
  'erc2', // a piece of the token: the profiles
  'c20', // "c" is inside transaction ids: counted event by event
  '20', // digits only, as in amounts: counted event by event
  '-', // inside every transaction id: counted event by event
  '"txid": "', // up to a transaction id: the profiles
];

describe('histogram searched with q', () => {
  it.each(RANGES)('counts per bucket what the list shows (%s)', async (_name, range) => {
    for (const q of SEARCHES) await expectCountsOfList(`${range}&q=${q.replace(' ', '%20')}`);
  });

  it('keeps to the caller’s workspace, whose words, profiles and grams are the same', async () => {
    // One word's tallies, then the profiles' (several words, two words, a word with a filter), then
    // the profiles' with a gram's ("fa", in "failed" and inside transaction ids, which each workspace has), alone and with a category.
    for (const q of ['usdc', 'failed', 'password', 'usd', 'wrong%20password', 'sign&category=Security', 'fa', 'fa&category=Transactions']) {
      const mine = await expectCountsOfList(`startTime=${NOW - 364 * DAY}&q=${q}`);
      const theirs = await expectCountsOfList(`startTime=${NOW - 364 * DAY}&q=${q}`, otherAuditor);
      expect(mine.total).toBeGreaterThan(theirs.total);
      expect(theirs.total).toBeGreaterThan(0);
    }
  });

  it('cuts the search text into words and the runs of letters inside pieces with digits', async () => {
    const rows = await queryRows<{ word: string; embedded: boolean }>(
      ctx.deps.db,
      sql`select word, embedded from audit_text_words(${'sign-in usdc_eth {"txid": "3f2a9c1e-0b7d", "note": "Été k2o"}'}) order by 2, 1`,
    );
    // "Été" leaves "t" (accented letters cut like any other character); "3f2a9c1e", "0b7d" and "k2o" have digits.
    expect(rows.map((r) => `${r.embedded ? '~' : ''}${r.word}`)).toEqual([
      'eth',
      'in',
      'note',
      'sign',
      't',
      'txid',
      'usdc',
      '~a',
      '~b',
      '~c',
      '~d',
      '~e',
      '~f',
      '~k',
      '~o',
    ]);
  });

  it('makes a skeleton of the search text: ids and pieces with digits replaced by 0, tokens kept', async () => {
    const text =
      'sign-in usdt_erc20 {"txid": "3f2a9c1e-0b7d-beef", "id": "abcdefab-cdef-4bcd-8def-0123456789ab", "ref": "xabcdefab-cdef-4bcd-8def-0123456789ab", ' +
      '"amount": "59.97", "note": "Été k2o 7 v2 sha256 eip1559 eip15590", "code": -10}';
    const [row] = await queryRows<{ skeleton: string; runs: string[] }>(
      ctx.deps.db,
      sql`select audit_text_skeleton(${text}) as skeleton, array(select r from audit_text_volatile_runs(${text}) r order by 1) as runs`,
    );
    // A UUID standing alone is one "0"; one touched by a letter is cut into pieces like any other text.
    expect(row!.skeleton).toBe(
      'sign-in usdt_erc20 {"txid": "0-0-beef", "id": "0", "ref": "xabcdefab-cdef-0-0-0", "amount": "0.0", "note": "Été 0 0 0 sha256 eip1559 0", "code": -0}',
    );
    // The runs of letters in what was replaced: not "beef", "xabcdefab" or "erc", which the skeleton keeps.
    expect(row!.runs).toEqual(['a', 'ab', 'abcdefab', 'b', 'bcd', 'c', 'cdef', 'd', 'def', 'e', 'eip', 'f', 'k', 'o', 'v']);
  });

  it('lists every volatile run of the events', async () => {
    const [unlisted] = await queryRows<{ n: string }>(
      ctx.deps.db,
      sql`select count(*) as n from (
            select distinct e.workspace_id, r.run from audit_events e cross join lateral audit_text_volatile_runs(e.search_text) r(run)
            where e.workspace_id in (${ws.id}, ${other.id})
          ) afresh full join (select * from audit_volatile_runs where workspace_id in (${ws.id}, ${other.id})) kept using (workspace_id, run)
          where afresh.run is null or kept.run is null`,
    );
    expect(Number(unlisted!.n)).toBe(0);
  });

  it('has tallies per hour and day that add up to the events, and every word and run listed', async () => {
    const [mismatch] = await queryRows<{ n: string }>(
      ctx.deps.db,
      sql`select count(*) as n from (
            select e.workspace_id, w.word, u.width, e.timestamp / u.width * u.width as start, count(*) as n
            from audit_events e cross join lateral audit_text_words(e.search_text) w
            cross join (values (${HOUR}::bigint), (${DAY}::bigint)) as u(width)
            where not w.embedded and e.workspace_id in (${ws.id}, ${other.id}) group by 1, 2, 3, 4
          ) afresh full join (
            select workspace_id, word, width, start, n from audit_word_tallies where workspace_id in (${ws.id}, ${other.id})
          ) kept using (workspace_id, word, width, start)
          where afresh.n is distinct from kept.n`,
    );
    expect(Number(mismatch!.n)).toBe(0);
    const [unlisted] = await queryRows<{ n: string }>(
      ctx.deps.db,
      sql`select count(*) as n from (
            select distinct e.workspace_id, w.word, w.embedded from audit_events e cross join lateral audit_text_words(e.search_text) w
            where e.workspace_id in (${ws.id}, ${other.id})
          ) afresh full join (select * from audit_words where workspace_id in (${ws.id}, ${other.id})) kept using (workspace_id, word, embedded)
          where afresh.word is null or kept.word is null`,
    );
    expect(Number(unlisted!.n)).toBe(0);
  });

  it('has one profile per kind and skeleton, with tallies per hour, day and week that add up to the events', async () => {
    expect(await profileMismatches(ctx.deps.db, [ws.id, other.id])).toEqual({ tallies: 0, duplicates: 0 });
  });

  it('cuts a run into its grams of one to three letters, and tallies those its event’s skeleton lacks', async () => {
    const [row] = await queryRows<{ grams: string[] }>(ctx.deps.db, sql`select array(select g from audit_run_grams('abcd') g order by length(g), g) as grams`);
    expect(row!.grams).toEqual(['a', 'b', 'c', 'd', 'ab', 'bc', 'cd', 'abc', 'bcd']);
    expect(await gramMismatches(ctx.deps.db, [ws.id, other.id])).toBe(0);
    const [kept] = await queryRows<{ n: string }>(ctx.deps.db, sql`select count(*) as n from audit_volatile_gram_tallies where workspace_id = ${ws.id}`);
    expect(Number(kept!.n)).toBeGreaterThan(100);
  });

  it('sums the tallies for a word that stands for the text, and counts the events otherwise', async () => {
    // An event written with the triggers off is in the list but in no tally: only a histogram that
    // counts event by event sees it.
    const third = await addWorkspace(ctx, 'Untallied Co', ['AUDITOR']);
    const token = await consoleToken(app, third.people[0]!.email);
    const actor = { workspaceId: third.id, userId: 'p-ann', userName: 'Ann Admin', requestId: null, sourceAddress: null };
    const entry = { category: 'Catalogue' as const, subject: 'Note' as const, event: 'Updated', timestamp: NOW - 2 * DAY, detail: { text: 'zebra crossing' } };
    await appendSequenced(actor, [entry]);
    await appendUntallied(actor, [{ ...entry, timestamp: NOW - DAY }]);
    const { total, listed } = yearSearch(token);
    expect(await listed('zebra')).toBe(2);
    expect(await total('zebra')).toBe(1); // the word's tallies
    expect(await total('ebr')).toBe(1); // inside that word only
    expect(await total('zebra%20crossing')).toBe(1); // two words: the profiles' tallies
    expect(await total('zebra%20crossing%203')).toBe(0); // a digit: event by event
    // In "zebra", "crossing" and the words of the auditor's own sign-in: the profiles' tallies, without the untallied event.
    expect(await total('r')).toBe((await listed('r')) - 1);
    expect(await total('zebra&category=Catalogue')).toBe(1); // with another filter: the profiles' tallies
    expect(await total('zebra&category=Security')).toBe(0);
    // Once "zebra" is also inside a piece with digits, the events with the word are not all of those with the text.
    await appendSequenced(actor, [{ ...entry, timestamp: NOW - 3 * DAY, detail: { ref: 'zebra9x' } }]);
    expect(await total('zebra')).toBe(3);
    expect(await total('zebra&category=Catalogue')).toBe(3);
    expect(await total('crossing')).toBe(1);
  });
});

describe('histogram with events waiting to be sequenced', () => {
  it('counts the pending and the untallied events one by one beside the tallies, the same before and after the sequencer and the tally step take them', async () => {
    const actor = { workspaceId: ws.id, userId: 'p-ann', userName: 'Ann Admin', requestId: null, sourceAddress: null };
    const entries = [3 * DAY + 11 * MINUTE, 3 * DAY + 12 * MINUTE, 40 * DAY].map((ago, i) => ({
      category: 'Catalogue' as const,
      subject: 'Note' as const,
      event: 'Updated',
      timestamp: NOW - ago,
      detail: { text: `okapi ${i}` },
    }));
    await appendAudit(ctx.deps.db, actor, entries, ctx.deps.now());
    const queries = [
      `startTime=${NOW - 364 * DAY}`,
      `startTime=${NOW - 364 * DAY}&q=okapi`,
      `startTime=${NOW - 364 * DAY}&subject=Note`,
      `startTime=${NOW - 30 * DAY}&category=Catalogue`,
    ];
    const before = [];
    for (const query of queries) before.push(await expectCountsOfList(query));
    expect(before[1]!.total).toBe(3);
    // Chained, not yet in the tallies: counted one by one above the workspace's mark.
    expect(await sequenceAll(ctx.deps.db)).toBe(3);
    for (const [i, query] of queries.entries()) expect((await expectCountsOfList(query)).buckets).toEqual(before[i]!.buckets);
    expect(await tallyAll(ctx.deps.db)).toBe(3);
    for (const [i, query] of queries.entries()) expect((await expectCountsOfList(query)).buckets).toEqual(before[i]!.buckets);
  });
});

describe('histogram searched with q near what the skeletons replace', () => {
  it('counts event by event where the text can touch a replaced id or piece, and sums the profiles otherwise', async () => {
    const mine = await addWorkspace(ctx, 'Tokens Co', ['AUDITOR']);
    const token = await consoleToken(app, mine.people[0]!.email);
    const actor = { workspaceId: mine.id, userId: 'p-ann', userName: 'Ann Admin', requestId: null, sourceAddress: null };
    const at = (days: number, detail: Record<string, unknown>) => ({
      category: 'Transactions' as const,
      subject: 'Transaction' as const,
      event: 'Submitted',
      timestamp: NOW - days * DAY,
      detail,
    });
    await appendSequenced(actor, [at(9, { assetId: 'USDT_ERC20' })]);
    // The same, written with the triggers off: in the list, in no tally. A histogram that sums the
    // profiles leaves it out; one that counts event by event does not.
    await appendUntallied(actor, [at(8, { assetId: 'USDT_ERC20' })]);
    const { total, listed } = yearSearch(token);
    expect(await listed('erc20')).toBe(2);
    expect(await total('erc20')).toBe(1); // the profiles
    expect(await total('erc20&category=Transactions')).toBe(1);

    // A UUID whose pieces are all letters is one "0" in the skeleton: the text of its pieces must be counted.
    await appendSequenced(actor, [at(7, { txId: 'abcdefab-cdef-4bcd-8def-0123456789ab' })]);
    for (const q of ['cdef&category=Transactions', '"abcdefab', 'def-', 'cdef-4bcd']) {
      expect(await total(q), q).toBe(1);
      expect(await listed(q), q).toBe(1);
    }
    // Up to three letters inside it, alone or with a category, are summed from the gram's tallies,
    // which an event written with the triggers off is not in; with another filter they are counted
    // event by event.
    await appendUntallied(actor, [at(7.5, { txId: 'abcdefab-cdef-4bcd-8def-0123456789ab' })]);
    expect(await listed('cde')).toBe(2);
    expect(await total('cde')).toBe(1);
    expect(await total('cde&category=Transactions')).toBe(1);
    expect(await total('cde&category=Security')).toBe(0);
    expect(await total('cde&event=Submitted')).toBe(2);
    // "e" is in every skeleton here too ("submitted"): the profiles count each event once, the gram's tallies none.
    expect(await total('e')).toBe((await listed('e')) - 2);
    // Text beyond ASCII, lower-cased by the database, is summed from the profiles too: the copy
    // written with the triggers off is listed and not counted. "É" and "È" are lower-cased as the
    // events' text is; "e" alone lies in volatile runs here, but "é" is no letter of a run.
    await appendSequenced(actor, [at(5, { note: 'Café crème' })]);
    await appendUntallied(actor, [at(5.5, { note: 'Café crème' })]);
    for (const q of ['caf%C3%A9', 'CAF%C3%89', 'CR%C3%88ME', '%C3%A9&category=Transactions', 'caf%C3%A9%20cr%C3%A8me&event=Submitted']) {
      expect(await listed(q), q).toBe(2);
      expect(await total(q), q).toBe(1);
    }
    expect(await total('%C3%A9&category=Security')).toBe(0);
    // Once "erc" is inside a piece the skeleton replaces, "erc20" is counted event by event: all three.
    await appendSequenced(actor, [at(6, { address: '0xerc20ff99' })]);
    expect(await listed('erc20')).toBe(3);
    expect(await total('erc20')).toBe(3);
  });
});

/**
 * Rows where the profile tallies kept for the workspaces differ from those counted afresh from their
 * events, and profiles listed twice.
 */
async function profileMismatches(db: Db, workspaceIds: string[]) {
  const afresh = sql`
    select e.workspace_id, k.id as kind_id, e.timestamp, audit_text_skeleton(e.search_text) as skeleton
    from audit_events e join audit_event_kinds k using (workspace_id, category, subject, event, user_name, user_id)
    where e.workspace_id in ${workspaceIds}`;
  const [tallies] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from (
          select a.workspace_id, a.kind_id, a.skeleton, u.width, (a.timestamp - u.shift) / u.width * u.width + u.shift as start, count(*) as n
          from (${afresh}) a
          cross join (values (${HOUR}::bigint, 0::bigint), (${DAY}::bigint, 0::bigint), (${7 * DAY}::bigint, ${4 * DAY}::bigint)) as u(width, shift)
          group by 1, 2, 3, 4, 5
        ) afresh full join (
          select t.workspace_id, p.kind_id, p.skeleton, t.width, t.start, t.n
          from audit_profile_tallies t join audit_profiles p on p.id = t.profile_id and p.workspace_id = t.workspace_id
          where t.workspace_id in ${workspaceIds}
        ) kept using (workspace_id, kind_id, skeleton, width, start)
        where afresh.n is distinct from kept.n`,
  );
  const [profiles] = await queryRows<{ n: string; distinct: string }>(
    db,
    sql`select count(*) as n, count(distinct (workspace_id, kind_id, skeleton)) as distinct from audit_profiles where workspace_id in ${workspaceIds}`,
  );
  return { tallies: Number(tallies!.n), duplicates: Number(profiles!.n) - Number(profiles!.distinct) };
}

/** Rows where the gram tallies kept for the workspaces differ from those counted afresh from their events. */
async function gramMismatches(db: Db, workspaceIds: string[]) {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from (
          select g.workspace_id, g.gram, u.width, (g.timestamp - u.shift) / u.width * u.width + u.shift as start, g.category, count(*) as n
          from (
            select distinct e.id, e.workspace_id, e.category, e.timestamp, x.gram
            from audit_events e
            cross join lateral audit_text_volatile_runs(e.search_text) r(run)
            cross join lateral audit_run_grams(r.run) x(gram)
            where e.workspace_id in ${workspaceIds} and strpos(audit_text_skeleton(e.search_text), x.gram) = 0
          ) g
          cross join (values (${HOUR}::bigint, 0::bigint), (${DAY}::bigint, 0::bigint), (${7 * DAY}::bigint, ${4 * DAY}::bigint)) as u(width, shift)
          group by 1, 2, 3, 4, 5
        ) afresh full join (
          select workspace_id, gram, width, start, category, n from audit_volatile_gram_tallies where workspace_id in ${workspaceIds}
        ) kept using (workspace_id, gram, width, start, category)
        where afresh.n is distinct from kept.n`,
  );
  return Number(row!.n);
}

describe('core migrations 0010 to 0013 on a database with events', () => {
  it('count the profiles and grams of the events written before them as the triggers count those written after', async () => {
    // The core migrations up to 0009, from a copy of the folder whose journal ends there.
    const core = MIGRATION_SETS.find((set) => set.area === 'core')!;
    const before = mkdtempSync(join(tmpdir(), 'core-0009-'));
    cpSync(core.folder, before, { recursive: true });
    const journalPath = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((e) => e.tag === '0009_audit_word_tallies');
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }));
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      const db = drizzle(client, { schema }) as unknown as Db;
      await migrate(db as never, { migrationsFolder: before, migrationsTable: core.table });
      const [workspace] = await db.insert(schema.workspaces).values({ name: 'Upgraded Co' }).returning();
      await seedAuditHistory(db, workspace!.id, PEOPLE, 1000, NOW, { seed: 13 });
      await migrate(db as never, { migrationsFolder: core.folder, migrationsTable: core.table });
      expect(await profileMismatches(db, [workspace!.id])).toEqual({ tallies: 0, duplicates: 0 });
      expect(await gramMismatches(db, [workspace!.id])).toBe(0);
      // Later batches add to the profiles and tallies the migrations wrote.
      await seedAuditHistory(db, workspace!.id, PEOPLE, 500, NOW, { seed: 14 });
      await tallyAll(db);
      expect(await profileMismatches(db, [workspace!.id])).toEqual({ tallies: 0, duplicates: 0 });
      expect(await gramMismatches(db, [workspace!.id])).toBe(0);
      const [listed] = await queryRows<{ n: string; drawn: string }>(
        db,
        sql`select count(*) as n, (select last_value from audit_profiles_id_seq) as drawn from audit_profiles where workspace_id = ${workspace!.id}`,
      );
      expect(Number(listed!.n)).toBeGreaterThan(10);
      // A profile already listed draws no id: the sequence has given exactly one per profile.
      expect(Number(listed!.drawn)).toBe(Number(listed!.n));
    } finally {
      await client.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
