import { and, asc, eq, gte, inArray, isNotNull, lte, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CHANNELS } from '../../db/notify';
import { keysetPage, type TimePosition } from '../../db/keyset';
import { recordChange } from '../live/record';
import { cataloguePrices } from '../catalogue/schema';
import { tradingOrders, tradingQuotes, tradingSettings } from './schema';
import { findById } from '../../db/rows';
import { UUID } from '../../db/uuid';

/** All of trading's SQL. Every query is filtered by the caller's workspace. */

export type OrderRow = typeof tradingOrders.$inferSelect;
export type QuoteRow = typeof tradingQuotes.$inferSelect;

// ---- beta switch ----

export async function tradingEnabled(db: Db, workspaceId: string): Promise<boolean> {
  const [row] = await db.select({ enabled: tradingSettings.enabled }).from(tradingSettings).where(eq(tradingSettings.workspaceId, workspaceId));
  return row?.enabled ?? false;
}

export async function setTradingEnabled(db: Db, workspaceId: string, enabled: boolean) {
  await db.insert(tradingSettings).values({ workspaceId, enabled }).onConflictDoUpdate({ target: tradingSettings.workspaceId, set: { enabled } });
}

// ---- prices (the catalogue's table, read only) ----

export async function latestPrice(db: Db, workspaceId: string, assetId: string, currency = 'USD'): Promise<string | undefined> {
  const [row] = await db
    .select({ price: cataloguePrices.price })
    .from(cataloguePrices)
    .where(and(eq(cataloguePrices.workspaceId, workspaceId), eq(cataloguePrices.assetId, assetId), eq(cataloguePrices.currency, currency)));
  return row?.price;
}

// ---- quotes ----

export async function insertQuote(db: Db, row: typeof tradingQuotes.$inferInsert) {
  await db.insert(tradingQuotes).values(row);
}

export async function findQuote(db: Db, workspaceId: string, id: string): Promise<QuoteRow | undefined> {
  return findById(db, tradingQuotes, eq(tradingQuotes.workspaceId, workspaceId), id);
}

/** Binds a quote to the order that uses it; false when another order took it first. */
export async function claimQuote(db: Db, workspaceId: string, id: string, orderId: string): Promise<boolean> {
  const rows = await db
    .update(tradingQuotes)
    .set({ orderId })
    .where(and(eq(tradingQuotes.workspaceId, workspaceId), eq(tradingQuotes.id, id), sql`${tradingQuotes.orderId} is null`))
    .returning({ id: tradingQuotes.id });
  return rows.length === 1;
}

// ---- orders ----

/** Inserts an order; the order engines are woken when the caller's transaction commits. */
export async function insertOrder(db: Db, row: typeof tradingOrders.$inferInsert) {
  const [inserted] = await db.insert(tradingOrders).values(row).returning();
  await recordChange(db, { workspaceId: inserted!.workspaceId, kind: 'order', id: inserted!.id, status: inserted!.status }, CHANNELS.orders);
  return inserted!;
}

export async function findOrder(db: Db, workspaceId: string, id: string): Promise<OrderRow | undefined> {
  return findById(db, tradingOrders, eq(tradingOrders.workspaceId, workspaceId), id);
}

export async function lockOrder(db: Db, workspaceId: string, id: string): Promise<OrderRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(tradingOrders)
    .where(and(eq(tradingOrders.workspaceId, workspaceId), eq(tradingOrders.id, id)))
    .for('update');
  return row;
}

export interface OrderFilter {
  accountId?: string[];
  providerId?: string[];
  statuses?: string[];
  startTime?: number;
  endTime?: number;
}

function orderConditions(workspaceId: string, f: OrderFilter): SQL[] {
  const c: SQL[] = [eq(tradingOrders.workspaceId, workspaceId)];
  if (f.providerId?.length) c.push(inArray(tradingOrders.providerId, f.providerId));
  if (f.accountId?.length) c.push(inArray(tradingOrders.accountId, f.accountId));
  if (f.statuses?.length) c.push(inArray(tradingOrders.status, f.statuses));
  if (f.startTime !== undefined) c.push(gte(tradingOrders.createdAt, new Date(f.startTime)));
  if (f.endTime !== undefined) c.push(lte(tradingOrders.createdAt, new Date(f.endTime)));
  return c;
}

/** createdAt in epoch ms, and id: the keyset of the list. */
export type OrderPosition = TimePosition;

export async function ordersPage(db: Db, workspaceId: string, f: OrderFilter, order: 'ASC' | 'DESC', pageSize: number, after?: OrderPosition) {
  const keys = { time: tradingOrders.createdAt, id: tradingOrders.id };
  return keysetPage(db, tradingOrders, keys, orderConditions(workspaceId, f), order, pageSize, after && { position: after });
}

export async function ordersTotal(db: Db, workspaceId: string, f: OrderFilter): Promise<number> {
  return db.$count(tradingOrders, and(...orderConditions(workspaceId, f)));
}

/**
 * The next order the engine should advance, locked for this transaction. SKIP LOCKED lets several
 * workers (or instances) share the queue without taking the same order twice.
 */
export async function claimDueOrder(db: Db, now: Date): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(tradingOrders)
    .where(and(isNotNull(tradingOrders.nextStepAt), lte(tradingOrders.nextStepAt, now)))
    .orderBy(asc(tradingOrders.nextStepAt), asc(tradingOrders.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** When the next step of any order is due (undefined when none is waiting). */
export async function nextOrderStepDue(db: Db): Promise<Date | undefined> {
  const [row] = await db.select({ at: min(tradingOrders.nextStepAt) }).from(tradingOrders);
  return row?.at ?? undefined;
}

export async function updateOrder(db: Db, id: string, patch: Partial<typeof tradingOrders.$inferInsert>) {
  await db.update(tradingOrders).set(patch).where(eq(tradingOrders.id, id));
}
