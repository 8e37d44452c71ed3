import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditLogData } from '../../../contract/audit';
import type { AuditColumn } from '../../../contract/audit-views';
import { ADVISORY_LOCKS } from '../../db/advisory-lock';
import type { Db } from '../../db/client';
import { auditEvents, demoHistoryFills } from '../../db/schema';
import { auditPendingEvents, auditPreferences, auditSavedViews } from './schema';
import { type EventTable, shownAs, shownColumns, type ShownRow } from './store';

/** Whose rows: every query of the explorer's own tables is bound to one reader of one workspace. */
export interface Reader {
  workspaceId: string;
  userId: string;
}

/**
 * An event and its neighbours in the workspace's log, in the order the log is read: (timestamp,
 * id), the index every page of the log uses. Undefined when the workspace has no such event.
 */
export async function eventContext(db: Db, workspaceId: string, id: string, before: number, after: number) {
  // Each of the log's two tables (the sequenced events, those waiting for the sequencer), merged.
  const read = async (where: (t: EventTable) => SQL, order: 'asc' | 'desc', limit: number) => {
    const rows = await Promise.all(
      [auditEvents, auditPendingEvents].map((t) =>
        db
          .select(shownColumns(t))
          .from(t)
          .where(and(eq(t.workspaceId, workspaceId), where(t)))
          .orderBy(...(order === 'asc' ? [asc(t.timestamp), asc(t.id)] : [desc(t.timestamp), desc(t.id)]))
          .limit(limit),
      ),
    );
    const sign = order === 'asc' ? 1 : -1;
    return rows
      .flat()
      .sort((a, b) => sign * (a.timestamp - b.timestamp || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
      .slice(0, limit);
  };
  const [event] = await read((t) => eq(t.id, id), 'asc', 1);
  if (!event) return undefined;
  const position = (t: EventTable) => sql`(${t.timestamp}, ${t.id})`;
  const here = sql`(${event.timestamp}::bigint, ${event.id}::uuid)`;
  const [older, newer] = await Promise.all([
    before === 0 ? [] : read((t) => sql`${position(t)} < ${here}`, 'desc', before),
    after === 0 ? [] : read((t) => sql`${position(t)} > ${here}`, 'asc', after),
  ]);
  return { event: shown(event), before: older.reverse().map(shown), after: newer.map(shown) };
}

/**
 * Holds one reader's saved views until the transaction ends, so that a name checked free stays
 * free until the write (two tabs saving or renaming at once get 409, not a unique-index error).
 */
export async function lockReader(tx: Db, reader: Reader): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.auditSavedViews}, hashtext(${reader.workspaceId} || ':' || ${reader.userId}))`);
}

/** As the log shows it; `detail` is typed unknown by its column, but every writer stores an object (appendAudit). */
const shown = (row: ShownRow) => shownAs(row) as AuditLogData;

type SavedViewRow = typeof auditSavedViews.$inferSelect;

const ownedBy = (reader: Reader) => and(eq(auditSavedViews.workspaceId, reader.workspaceId), eq(auditSavedViews.userId, reader.userId));

export const listViews = (db: Db, reader: Reader): Promise<SavedViewRow[]> =>
  db.select().from(auditSavedViews).where(ownedBy(reader)).orderBy(asc(auditSavedViews.name), asc(auditSavedViews.id));

export async function countViews(db: Db, reader: Reader): Promise<number> {
  return db.$count(auditSavedViews, ownedBy(reader));
}

export async function findView(db: Db, reader: Reader, id: string): Promise<SavedViewRow | undefined> {
  const [row] = await db
    .select()
    .from(auditSavedViews)
    .where(and(ownedBy(reader), eq(auditSavedViews.id, id)));
  return row;
}

export async function nameTaken(db: Db, reader: Reader, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: auditSavedViews.id })
    .from(auditSavedViews)
    .where(and(ownedBy(reader), eq(auditSavedViews.name, name), exceptId ? sql`${auditSavedViews.id} <> ${exceptId}::uuid` : undefined));
  return row !== undefined;
}

export async function insertView(db: Db, row: typeof auditSavedViews.$inferInsert): Promise<SavedViewRow> {
  const [created] = await db.insert(auditSavedViews).values(row).returning();
  return created!;
}

export async function renameView(db: Db, reader: Reader, id: string, name: string, now: Date): Promise<SavedViewRow> {
  const [updated] = await db
    .update(auditSavedViews)
    .set({ name, updatedAt: now })
    .where(and(ownedBy(reader), eq(auditSavedViews.id, id)))
    .returning();
  return updated!;
}

export async function deleteView(db: Db, reader: Reader, id: string): Promise<void> {
  await db.delete(auditSavedViews).where(and(ownedBy(reader), eq(auditSavedViews.id, id)));
}

export async function readPreferences(db: Db, reader: Reader): Promise<AuditColumn[] | undefined> {
  const [row] = await db
    .select({ columns: auditPreferences.columns })
    .from(auditPreferences)
    .where(and(eq(auditPreferences.workspaceId, reader.workspaceId), eq(auditPreferences.userId, reader.userId)));
  return row?.columns;
}

export async function writePreferences(db: Db, reader: Reader, columns: AuditColumn[], now: Date): Promise<void> {
  await db
    .insert(auditPreferences)
    .values({ ...reader, columns, updatedAt: now })
    .onConflictDoUpdate({ target: [auditPreferences.workspaceId, auditPreferences.userId], set: { columns, updatedAt: now } });
}

/** The workspace's demo history, as far as it is written (src/server/demo/history-fill.ts), if it has one. */
export async function demoHistoryProgress(db: Db, workspaceId: string): Promise<{ written: number; total: number } | undefined> {
  const [row] = await db
    .select({ written: demoHistoryFills.written, total: demoHistoryFills.total })
    .from(demoHistoryFills)
    .where(eq(demoHistoryFills.workspaceId, workspaceId));
  return row;
}
