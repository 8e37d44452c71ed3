import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuditChainVerification, AuditDimensions, AuditLogData } from '../../../contract/audit';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { chainHash, GENESIS_HASH } from './chain';

export interface AuditFilter {
  workspaceId: string;
  start: number;
  end: number;
  category?: string[];
  subject?: string[];
  event?: string[];
  user?: string[];
  userId?: string[];
}

const toData = (row: typeof auditEvents.$inferSelect): AuditLogData => ({
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
  detail: row.detail as Record<string, unknown>,
  hash: row.hash,
});

function whereOf(f: AuditFilter): SQL[] {
  const where = [eq(auditEvents.workspaceId, f.workspaceId), gte(auditEvents.timestamp, f.start), lte(auditEvents.timestamp, f.end)];
  // Values of one field combine with OR (IN), different fields with AND.
  if (f.category?.length) where.push(inArray(auditEvents.category, f.category));
  if (f.subject?.length) where.push(inArray(auditEvents.subject, f.subject));
  if (f.event?.length) where.push(inArray(auditEvents.event, f.event));
  if (f.user?.length) where.push(inArray(auditEvents.userName, f.user));
  if (f.userId?.length) where.push(inArray(auditEvents.userId, f.userId));
  return where;
}

/** One page in (timestamp, id) order after `after`, keyset-paginated: never OFFSET. */
export async function queryAuditEvents(db: Db, f: AuditFilter, order: 'ASC' | 'DESC', pageSize: number, after?: { t: number; i: string }) {
  const where = whereOf(f);
  if (after) {
    where.push(
      order === 'DESC'
        ? sql`(${auditEvents.timestamp}, ${auditEvents.id}) < (${after.t}, ${after.i}::uuid)`
        : sql`(${auditEvents.timestamp}, ${auditEvents.id}) > (${after.t}, ${after.i}::uuid)`,
    );
  }
  const direction = order === 'DESC' ? desc : asc;
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...where))
    .orderBy(direction(auditEvents.timestamp), direction(auditEvents.id))
    .limit(pageSize + 1);
  const more = rows.length > pageSize;
  const page = more ? rows.slice(0, pageSize) : rows;
  return { data: page.map(toData), more };
}

const DIMENSION_LIMIT = 200;

export async function auditDimensions(db: Db, workspaceId: string, start: number, end: number): Promise<AuditDimensions> {
  const range = and(eq(auditEvents.workspaceId, workspaceId), gte(auditEvents.timestamp, start), lte(auditEvents.timestamp, end));
  const distinct = async (column: PgColumn) => {
    const rows = await db.selectDistinct({ v: column }).from(auditEvents).where(range).orderBy(asc(column)).limit(DIMENSION_LIMIT);
    return rows.map((r) => String(r.v));
  };
  return {
    category: await distinct(auditEvents.category),
    subject: await distinct(auditEvents.subject),
    event: await distinct(auditEvents.event),
    user: await distinct(auditEvents.userName),
    userId: await distinct(auditEvents.userId),
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

/**
 * Walks the chain through the events of a time range in chain order: each event's hash must be
 * the hash of its own fields and the previous event's hash, and no link may be missing.
 */
export async function verifyAuditChain(db: Db, workspaceId: string, start: number, end: number): Promise<AuditChainVerification> {
  const result = (checked: number, broken?: { id: string; reason: string }): AuditChainVerification => ({
    verified: !broken,
    checked,
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
      .where(and(eq(auditEvents.workspaceId, workspaceId), gte(auditEvents.timestamp, start), lte(auditEvents.timestamp, end), previous ? sql`${auditEvents.seq} > ${previous.seq}` : undefined))
      .orderBy(asc(auditEvents.seq))
      .limit(VERIFY_BATCH);
    for (const row of rows) {
      // The link before this event: the one just checked, or (across a gap in the range) the stored one.
      const expectedPrev = previous && previous.seq === row.seq - 1 ? previous.hash : await hashAt(db, workspaceId, row.seq - 1);
      if (expectedPrev === undefined) return result(checked, { id: row.id, reason: `the event before #${row.seq} in the chain is missing` });
      if (row.prevHash !== expectedPrev) return result(checked, { id: row.id, reason: `event #${row.seq} does not link to the event before it` });
      const { prevHash: _p, hash: _h, ...fields } = row;
      if (chainHash(row.prevHash, fields) !== row.hash) return result(checked, { id: row.id, reason: `event #${row.seq} was altered after it was written` });
      checked += 1;
      previous = { seq: row.seq, hash: row.hash };
    }
    if (rows.length < VERIFY_BATCH) return result(checked);
  }
}
