import { createHash } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AuditLogQuery } from '../../../contract/audit';
import * as routes from '../../../contract/routes/audit';
import { register } from '../../http/register';
import { badRequest } from '../../http/errors';
import type { AppDeps, AppEnv } from '../../http/types';
import { canonicalJson } from '../../../contract/canonical-json';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import * as store from './store';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The window (start, end) and the last event sent (timestamp, id). */
type AuditPosition = { s: number; e: number; t: number; i: string };

/** The earliest time the log may be read from: the same moment one calendar year ago. */
function oneYearBefore(now: number): number {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.getTime();
}

/** Resolves startTime, endTime and the deprecated timePeriod into one window, by the spec's rules. */
export function resolveRange(q: { startTime?: number; endTime?: number; timePeriod?: 'DAY' | 'WEEK' }, now: number, fallbackMs = DAY_MS) {
  const end = q.endTime ?? now;
  // startTime takes precedence; timePeriod is only read without it (DAY when neither is given).
  const start = q.startTime ?? end - (q.timePeriod === 'WEEK' ? 7 * DAY_MS : q.timePeriod === 'DAY' ? DAY_MS : fallbackMs);
  if (q.startTime !== undefined && q.endTime !== undefined && q.endTime <= q.startTime) throw badRequest('endTime must be after startTime');
  if (start < oneYearBefore(now)) {
    throw badRequest(
      q.startTime !== undefined
        ? 'startTime must be at most one year before the current time'
        : 'the time range must start at most one year before the current time',
    );
  }
  return { start, end };
}

/** What a cursor is bound to: the filters and the window as asked for (not the page size). */
function fingerprint(q: AuditLogQuery): string {
  const sorted = (v?: string[]) => (v ? [...v].sort() : null);
  return createHash('sha256')
    .update(
      canonicalJson({
        startTime: q.startTime ?? null,
        endTime: q.endTime ?? null,
        timePeriod: q.startTime === undefined ? (q.timePeriod ?? null) : null,
        category: sorted(q.category),
        subject: sorted(q.subject),
        event: sorted(q.event),
        user: sorted(q.user),
        userId: sorted(q.userId),
        q: q.q ?? null,
        order: q.order,
      }),
    )
    .digest('base64url')
    .slice(0, 22);
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const WEEK_MS = 7 * DAY_MS;
/** Bucket widths a histogram may use, shortest first; past the last, whole numbers of weeks. */
const BUCKET_WIDTHS = [MINUTE_MS, 5 * MINUTE_MS, 15 * MINUTE_MS, 30 * MINUTE_MS, HOUR_MS, 3 * HOUR_MS, 6 * HOUR_MS, 12 * HOUR_MS, DAY_MS, WEEK_MS];
/** 1970-01-05, a Monday: week buckets start there (the epoch itself was a Thursday). */
const FIRST_MONDAY_MS = 4 * DAY_MS;

/**
 * The histogram's buckets for a range: the shortest width that covers it in at most `maxBuckets`
 * buckets aligned to UTC (minutes, hours and days on their boundaries, weeks on Mondays), and
 * where the buckets start.
 */
export function histogramBuckets(start: number, end: number, maxBuckets: number) {
  const fits = (width: number, offset: number) => Math.floor((end - offset) / width) - Math.floor((start - offset) / width) + 1 <= maxBuckets;
  let width = BUCKET_WIDTHS.find((w) => fits(w, w === WEEK_MS ? FIRST_MONDAY_MS : 0));
  if (width === undefined) for (width = 2 * WEEK_MS; !fits(width, FIRST_MONDAY_MS); width += WEEK_MS);
  const offset = width % WEEK_MS === 0 ? FIRST_MONDAY_MS : 0;
  const first = Math.floor((start - offset) / width) * width + offset;
  return { width, offset, starts: Array.from({ length: Math.floor((end - first) / width) + 1 }, (_, i) => first + i * width) };
}

export function registerAudit(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  register(app, deps, routes.getAuditLogs, async (c) => {
    const q = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    const given = q.pageCursor ?? q.cursor;
    const fp = fingerprint(q);
    let range: { start: number; end: number };
    let after: { t: number; i: string } | undefined;
    if (given) {
      // The cursor keeps the window resolved for the first page, so later pages read the same one.
      const cursor = decodeCursor<AuditPosition>(deps.secrets.cursorKey, given, { workspaceId, fingerprint: fp }, q.pageCursor ? 'pageCursor' : 'cursor');
      range = { start: cursor.s, end: cursor.e };
      after = { t: cursor.t, i: cursor.i };
    } else {
      range = resolveRange(q, deps.now().getTime());
    }
    const page = await store.queryAuditPage(deps.db, { workspaceId, ...range, ...q }, q.order, q.pageSize, after);
    const next =
      page.more && page.last ? encodeCursor<AuditPosition>(deps.secrets.cursorKey, workspaceId, fp, { s: range.start, e: range.end, ...page.last }) : null;
    // The page arrives as JSON text from the database (see queryAuditPage); only the envelope is added here.
    const body = `{"data":${page.json},"next":${JSON.stringify(next)},"cursor":${JSON.stringify(next)},"total":${page.count}}`;
    // A pre-serialised body has no typed-JSON marker; its shape is AuditLogsResponse, which the tests check.
    return c.body(body, 200, { 'Content-Type': 'application/json' }) as never;
  });

  register(app, deps, routes.getAuditDimensions, async (c) => {
    const now = deps.now().getTime();
    const { start, end } = resolveRange(c.req.valid('query'), now, now - oneYearBefore(now));
    return c.json(await store.auditDimensions(deps.db, c.get('principal').workspaceId, start, end), 200);
  });

  register(app, deps, routes.getAuditHistogram, async (c) => {
    const q = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    // The same window as the list's first page, so the bars add up to what the list pages through.
    const { start, end } = resolveRange(q, deps.now().getTime());
    const { width, offset, starts } = histogramBuckets(start, end, q.buckets);
    const counted = await store.auditHistogram(deps.db, { workspaceId, start, end, ...q }, width, offset);
    const buckets = starts.map((s) => ({ start: s, count: counted.get(s) ?? 0 }));
    return c.json({ startTime: start, endTime: end, bucketMs: width, total: buckets.reduce((sum, b) => sum + b.count, 0), buckets }, 200);
  });

  register(app, deps, routes.verifyAuditChain, async (c) => {
    const now = deps.now().getTime();
    const { start, end } = resolveRange(c.req.valid('query'), now, now - oneYearBefore(now));
    const verification = await store.verifyAuditChain(deps.db, c.get('principal').workspaceId, start, end);
    deps.metrics?.auditVerifications.inc({ result: verification.verified ? 'verified' : 'broken' });
    return c.json(verification, 200);
  });
}
