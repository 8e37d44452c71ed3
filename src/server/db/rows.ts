import { and, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db-type';
import { isUuid } from './uuid';

/** Runs raw SQL and answers its rows: both drivers (PGlite, node-postgres) answer execute() with { rows }. */
export const queryRows = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The row of `table` with this id within `scope` (the caller's workspace, say), or undefined: an id
 * that is not a UUID names none of our rows, and PostgreSQL is not asked (it would refuse the cast).
 */
export async function findById<T extends PgTable & { id: AnyColumn }>(db: Db, table: T, scope: SQL, id: string): Promise<T['$inferSelect'] | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = (await db
    .select()
    .from(table as PgTable)
    .where(and(scope, eq(table.id, id)))) as T['$inferSelect'][];
  return row;
}
