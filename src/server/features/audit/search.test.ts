import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditHistogram, AuditLogData, AuditLogsResponse } from '../../../contract/audit';
import { addWorkspace, consoleToken } from '../../test/harness';
import { testApp } from '../../test/test-app';
import { histogramBuckets } from './handlers';
import { appendAudit, type AuditEntry } from './record';

const { ctx, app } = testApp();
let ws: Awaited<ReturnType<typeof addWorkspace>>;
let other: Awaited<ReturnType<typeof addWorkspace>>;
let auditor: string;
let otherAuditor: string;
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const entry = (category: AuditEntry['category'], subject: string, event: string, timestamp: number, detail: Record<string, unknown> = {}) =>
  ({ category, subject, event, timestamp, detail }) as AuditEntry;
const write = (workspaceId: string, userName: string, e: AuditEntry) =>
  appendAudit(ctx.deps.db, { workspaceId, userId: `u-${userName}`, userName, requestId: null, sourceAddress: null }, [e], ctx.deps.now());

beforeAll(async () => {
  ctx.clock.set(NOW);
  ws = await addWorkspace(ctx, 'Search Co', ['AUDITOR', 'VIEWER']);
  other = await addWorkspace(ctx, 'Other Co', ['AUDITOR']);
  auditor = await consoleToken(app, ws.people[0]!.email);
  otherAuditor = await consoleToken(app, other.people[0]!.email);
  // Each event is found by a word only it has, in one field each.
  await write(ws.id, 'Zelda Quill', entry('Trading', 'Order', 'Created', NOW - 50 * HOUR, { baseAssetId: 'BTC' }));
  await write(ws.id, 'Bob', entry('Catalogue', 'Price', 'Set', NOW - 40 * HOUR, { assetId: 'XYZZY_TOKEN', after: { price: '12.5' } }));
  await write(ws.id, 'Bob', entry('Webhooks', 'Notification', 'Resent', NOW - 30 * HOUR));
  await write(ws.id, 'Carol', entry('Compliance', 'Travel rule', 'Action resolved', NOW - 20 * HOUR, { note: '100%_sure' }));
  await write(ws.id, 'Carol', entry('Trading', 'Order', 'Failed', NOW - 10 * HOUR, { reason: 'Insufficient funds at XYZZY desk' }));
  // The same words in another workspace, which a search must never show.
  await write(other.id, 'Zelda Quill', entry('Catalogue', 'Price', 'Set', NOW - 5 * HOUR, { assetId: 'XYZZY_TOKEN' }));
});

const call = async <T>(path: string, token = auditor) => {
  const res = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as T & { message: string; code: number } };
};
const range = `startTime=${NOW - 60 * HOUR}&endTime=${NOW}`;
/** The events written above (sign-ins of the test's own users are left out). */
const list = async (query: string, token = auditor) => {
  const res = await call<AuditLogsResponse>(`/v1/management/audit_logs?${range}&pageSize=500&${query}`, token);
  expect(res.status).toBe(200);
  return res.body.data.filter((e: AuditLogData) => e.userId.startsWith('u-'));
};
const histogram = (query: string, token = auditor) => call<AuditHistogram>(`/v1/management/audit_logs/histogram?${query}`, token);

describe('free-text search (q)', () => {
  it.each([
    ['subject', 'travel', ['Action resolved']],
    ['event', 'RESENT', ['Resent']],
    ['user', 'quil', ['Created']],
    ['detail value', 'xyzzy', ['Failed', 'Set']],
    ['detail key', 'baseasset', ['Created']],
  ])('finds a part of the %s in any case', async (_field, q, events) => {
    expect((await list(`q=${encodeURIComponent(q)}`)).map((e) => e.event)).toEqual(events);
  });

  it('finds nothing for text no event has', async () => {
    expect(await list('q=nowhere-to-be-found')).toEqual([]);
  });

  it('treats % and _ as plain characters', async () => {
    expect((await list(`q=${encodeURIComponent('0%_s')}`)).map((e) => e.event)).toEqual(['Action resolved']);
    expect(await list(`q=${encodeURIComponent('%')}`)).toHaveLength(1);
    expect((await list('q=_')).map((e) => e.event)).toEqual(['Action resolved', 'Set']); // '100%_sure' and 'XYZZY_TOKEN'
  });

  it('combines with the other filters and the range', async () => {
    expect((await list('q=xyzzy&category=Trading')).map((e) => e.event)).toEqual(['Failed']);
    expect((await list('q=order&user=Carol')).map((e) => e.event)).toEqual(['Failed']);
    const narrow = await call<AuditLogsResponse>(`/v1/management/audit_logs?startTime=${NOW - 45 * HOUR}&endTime=${NOW - 35 * HOUR}&q=xyzzy`);
    expect(narrow.body.data.map((e) => e.event)).toEqual(['Set']);
  });

  it('never shows another workspace’s events', async () => {
    expect((await list('q=zelda', otherAuditor)).map((e) => e.tenantId)).toEqual([other.id]);
    expect((await list('q=zelda')).map((e) => e.tenantId)).toEqual([ws.id]);
  });

  it('pages through the matches with cursors bound to q', async () => {
    const first = await call<AuditLogsResponse>(`/v1/management/audit_logs?${range}&q=xyzzy&pageSize=1`);
    expect(first.body.data.map((e) => e.event)).toEqual(['Failed']);
    const next = encodeURIComponent(first.body.next!);
    const second = await call<AuditLogsResponse>(`/v1/management/audit_logs?${range}&q=xyzzy&pageSize=1&pageCursor=${next}`);
    expect(second.body.data.map((e) => e.event)).toEqual(['Set']);
    expect(second.body.next).toBeNull();
    const otherQ = await call<AuditLogsResponse>(`/v1/management/audit_logs?${range}&q=bob&pageSize=1&pageCursor=${next}`);
    expect(otherQ.status).toBe(400);
  });

  it.each([
    ['q=', /q must not be empty/],
    [`q=${'a'.repeat(201)}`, /q must be at most 200 characters/],
  ])('refuses %s with 400 {message, code}', async (query, message) => {
    const res = await call<AuditLogsResponse>(`/v1/management/audit_logs?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(typeof res.body.code).toBe('number');
  });
});

describe('GET /management/audit_logs/histogram', () => {
  // Whole hours of an unfiltered or category-filtered histogram are summed from the hourly counts,
  // the rest counted event by event: both must agree with the list, ranges on the hour or not.
  it.each([
    ['on the hour', range],
    ['off the hour', `startTime=${NOW - 50 * HOUR - 1}&endTime=${NOW - 10 * HOUR + 1}`],
    ['within one hour', `startTime=${NOW - 50 * HOUR - MINUTE}&endTime=${NOW - 50 * HOUR + MINUTE}`],
  ])('counts per bucket what the list shows, with the same filters and q (%s)', async (_name, range) => {
    for (const query of ['', 'q=xyzzy', 'category=Trading', 'category=Trading&category=Catalogue', 'q=order&user=Carol', 'q=nowhere', 'buckets=500']) {
      const h = await histogram(`${range}&${query}`);
      expect(h.status).toBe(200);
      const res = await call<AuditLogsResponse>(`/v1/management/audit_logs?${range}&pageSize=500&${query.replace('buckets=500', '')}`);
      expect(h.body.total).toBe(res.body.data.length);
      expect(h.body.buckets.reduce((sum, b) => sum + b.count, 0)).toBe(h.body.total);
      for (const e of res.body.data) {
        const bucket = h.body.buckets.find((b) => b.start <= e.timestamp && e.timestamp < b.start + h.body.bucketMs);
        expect(bucket?.count).toBeGreaterThan(0);
      }
    }
  });

  it('answers every bucket of the range, empty ones included, at a width that fits the count asked for', async () => {
    // 60 hours and the end itself (the range includes it): 61 hourly buckets.
    const h = (await histogram(`${range}&buckets=61`)).body;
    expect(h).toMatchObject({ startTime: NOW - 60 * HOUR, endTime: NOW, bucketMs: HOUR });
    expect(h.buckets).toHaveLength(61);
    expect(h.buckets[0]!.start).toBe(NOW - 60 * HOUR);
    expect(h.buckets.filter((b) => b.count === 0).length).toBeGreaterThan(0);
    expect((await histogram(`${range}&buckets=60`)).body.bucketMs).toBe(3 * HOUR);
    expect((await histogram(`${range}&buckets=10`)).body.bucketMs).toBe(12 * HOUR);
  });

  it('defaults to the last 24 hours, like the list', async () => {
    const h = (await histogram('')).body;
    expect(h.endTime - h.startTime).toBe(DAY);
    expect(h.total).toBe((await call<AuditLogsResponse>('/v1/management/audit_logs?pageSize=500')).body.data.length);
  });

  it('keeps to the caller’s workspace', async () => {
    expect((await histogram(`${range}&q=zelda`, otherAuditor)).body.total).toBe(1);
    expect((await histogram(`${range}&q=xyzzy`, otherAuditor)).body.total).toBe(1);
    expect((await histogram(`${range}&q=xyzzy`)).body.total).toBe(2);
  });

  it('admits the audit roles only', async () => {
    const viewer = await consoleToken(app, ws.people[1]!.email);
    expect((await histogram(range, viewer)).status).toBe(403);
  });

  it.each([
    ['buckets=9', /buckets must be between 10 and 500/],
    ['buckets=501', /buckets must be between 10 and 500/],
    ['buckets=many', /buckets must be a number/],
    [`startTime=${NOW - HOUR}&endTime=${NOW - 2 * HOUR}`, /endTime must be after startTime/],
    [`startTime=${NOW - 400 * DAY}`, /startTime must be at most one year/],
    ['q=', /q must not be empty/],
    ['category=', /category values must not be empty/],
  ])('refuses %s with 400 {message, code}', async (query, message) => {
    const res = await histogram(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(typeof res.body.code).toBe('number');
  });
});

describe('histogramBuckets', () => {
  it.each([
    [15 * MINUTE, 60, MINUTE],
    [HOUR, 60, 5 * MINUTE],
    [HOUR, 61, MINUTE],
    [3 * HOUR, 60, 5 * MINUTE],
    [DAY, 60, 30 * MINUTE],
    [7 * DAY, 60, 3 * HOUR],
    [30 * DAY, 60, DAY],
    [365 * DAY, 60, 7 * DAY],
    [365 * DAY, 10, 6 * 7 * DAY],
    [365 * DAY, 400, DAY],
  ])('a range of %i ms in at most %i buckets is counted in buckets of %i ms', (length, max, width) => {
    const b = histogramBuckets(NOW - length, NOW, max);
    expect(b.width).toBe(width);
    expect(b.starts.length).toBeLessThanOrEqual(max);
    expect(b.starts[0]!).toBeLessThanOrEqual(NOW - length);
    expect(b.starts.at(-1)! + width).toBeGreaterThan(NOW);
  });

  it('starts days at UTC midnight and weeks on Monday', () => {
    expect(new Date(histogramBuckets(NOW - 30 * DAY, NOW, 60).starts[0]!).toISOString()).toBe('2026-10-22T00:00:00.000Z');
    const week = histogramBuckets(NOW - 365 * DAY, NOW, 60).starts[0]!;
    expect(new Date(week).getUTCDay()).toBe(1);
    expect(week % DAY).toBe(0);
  });
});
