import { and, asc, desc, eq, gt, lt, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Keyset pagination on (time, id): where a page starts after the last row of the previous one. */
export interface TimePosition {
  t: number;
  id: string;
}

type Order = 'ASC' | 'DESC';

function after(keys: { time: AnyColumn; id: AnyColumn }, order: Order, position: TimePosition): SQL {
  const t = new Date(position.t);
  const { time, id } = keys;
  return order === 'DESC' ? or(lt(time, t), and(eq(time, t), lt(id, position.id)))! : or(gt(time, t), and(eq(time, t), gt(id, position.id)))!;
}

/**
 * One page of the rows of `table` that match `where`, in `order` of (time, id), never OFFSET: from
 * the start, after `from`'s position, or, going `backwards`, the rows just before it (read the other
 * way from the position, then turned round). `more` says whether rows lie beyond the page in the
 * direction read.
 */
export async function keysetPage<Table extends PgTable>(
  db: Db,
  table: Table,
  keys: { time: AnyColumn; id: AnyColumn },
  where: SQL[],
  order: Order,
  limit: number,
  from?: { position: TimePosition; backwards?: boolean },
): Promise<{ rows: Table['$inferSelect'][]; more: boolean }> {
  const read: Order = from?.backwards ? (order === 'DESC' ? 'ASC' : 'DESC') : order;
  const direction = read === 'DESC' ? desc : asc;
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(and(...where, from && after(keys, read, from.position)))
    .orderBy(direction(keys.time), direction(keys.id))
    .limit(limit + 1)) as Table['$inferSelect'][];
  const page = rows.slice(0, limit);
  return { rows: from?.backwards ? page.reverse() : page, more: rows.length > limit };
}
