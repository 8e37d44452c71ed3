import { and, asc, desc, eq, gt, lt, or, type AnyColumn, type SQL } from 'drizzle-orm';

/** Keyset pagination on (time, id): where a page starts after the last row of the previous one. */
export interface TimePosition {
  t: number;
  id: string;
}

export function keysetAfter(time: AnyColumn, id: AnyColumn, order: 'ASC' | 'DESC', after: TimePosition): SQL {
  const t = new Date(after.t);
  return order === 'DESC' ? or(lt(time, t), and(eq(time, t), lt(id, after.id)))! : or(gt(time, t), and(eq(time, t), gt(id, after.id)))!;
}

export function keysetOrder(time: AnyColumn, id: AnyColumn, order: 'ASC' | 'DESC'): [SQL, SQL] {
  const dir = order === 'DESC' ? desc : asc;
  return [dir(time), dir(id)];
}
