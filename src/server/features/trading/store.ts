import { and, asc, eq, gt, gte, inArray, isNotNull, lt, lte, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CHANNELS, notify } from '../../db/notify';
import { keysetAfter, keysetOrder, type TimePosition } from '../../db/keyset';
import { cataloguePrices } from '../catalogue/schema';
import { tradingOrders, tradingQuotes, tradingSettings, tradingVaultAccounts, tradingVaultBalances, tradingVaultListingWindows } from './schema';
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

// ---- vault accounts ----

export async function addVaultAccount(db: Db, v: { workspaceId: string; id: string; name: string; hiddenOnUi?: boolean }) {
  await db.insert(tradingVaultAccounts).values(v).onConflictDoNothing();
}

export async function addVaultAccounts(db: Db, rows: { workspaceId: string; id: string; name: string }[]) {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(tradingVaultAccounts).values(rows.slice(i, i + 1000)).onConflictDoNothing();
}

export async function setBalance(db: Db, v: { workspaceId: string; accountId: string; assetId: string; total: string }) {
  await db
    .insert(tradingVaultBalances)
    .values(v)
    .onConflictDoUpdate({ target: [tradingVaultBalances.workspaceId, tradingVaultBalances.accountId, tradingVaultBalances.assetId], set: { total: v.total } });
}

export async function vaultAccountExists(db: Db, workspaceId: string, id: string): Promise<boolean> {
  return (await vaultAccountName(db, workspaceId, id)) !== undefined;
}

/** The account's name, or undefined when the workspace has no such vault account. */
export async function vaultAccountName(db: Db, workspaceId: string, id: string): Promise<string | undefined> {
  const [row] = await db.select({ name: tradingVaultAccounts.name }).from(tradingVaultAccounts).where(and(eq(tradingVaultAccounts.workspaceId, workspaceId), eq(tradingVaultAccounts.id, id)));
  return row?.name;
}

export async function balanceOf(db: Db, workspaceId: string, accountId: string, assetId: string): Promise<string> {
  const [row] = await db
    .select({ total: tradingVaultBalances.total })
    .from(tradingVaultBalances)
    .where(and(eq(tradingVaultBalances.workspaceId, workspaceId), eq(tradingVaultBalances.accountId, accountId), eq(tradingVaultBalances.assetId, assetId)));
  return row?.total ?? '0';
}

/** Takes `amount` from a balance only if it is there; false when it is not (nothing changes). */
export async function debit(db: Db, workspaceId: string, accountId: string, assetId: string, amount: string): Promise<boolean> {
  const rows = await db
    .update(tradingVaultBalances)
    .set({ total: sql`${tradingVaultBalances.total} - ${amount}::numeric` })
    .where(
      and(
        eq(tradingVaultBalances.workspaceId, workspaceId),
        eq(tradingVaultBalances.accountId, accountId),
        eq(tradingVaultBalances.assetId, assetId),
        gte(tradingVaultBalances.total, sql`${amount}::numeric`),
      ),
    )
    .returning({ total: tradingVaultBalances.total });
  return rows.length === 1;
}

export async function credit(db: Db, workspaceId: string, accountId: string, assetId: string, amount: string) {
  await db
    .insert(tradingVaultBalances)
    .values({ workspaceId, accountId, assetId, total: amount })
    .onConflictDoUpdate({
      target: [tradingVaultBalances.workspaceId, tradingVaultBalances.accountId, tradingVaultBalances.assetId],
      set: { total: sql`${tradingVaultBalances.total} + ${amount}::numeric` },
    });
}

export interface VaultAccountRecord {
  id: string;
  name: string;
  hiddenOnUi: boolean;
  autoFuel: boolean;
  balances: { assetId: string; total: string }[];
}

async function withBalances(db: Db, workspaceId: string, accounts: (typeof tradingVaultAccounts.$inferSelect)[]): Promise<VaultAccountRecord[]> {
  if (accounts.length === 0) return [];
  const ids = accounts.map((a) => a.id);
  const balances: { accountId: string; assetId: string; total: string }[] = [];
  for (let i = 0; i < ids.length; i += 5000) {
    balances.push(
      ...(await db
        .select({ accountId: tradingVaultBalances.accountId, assetId: tradingVaultBalances.assetId, total: tradingVaultBalances.total })
        .from(tradingVaultBalances)
        .where(and(eq(tradingVaultBalances.workspaceId, workspaceId), inArray(tradingVaultBalances.accountId, ids.slice(i, i + 5000))))
        .orderBy(asc(tradingVaultBalances.assetId))),
    );
  }
  const byAccount = new Map<string, { assetId: string; total: string }[]>();
  for (const b of balances) byAccount.set(b.accountId, [...(byAccount.get(b.accountId) ?? []), { assetId: b.assetId, total: b.total }]);
  return accounts.map((a) => ({ id: a.id, name: a.name, hiddenOnUi: a.hiddenOnUi, autoFuel: a.autoFuel, balances: byAccount.get(a.id) ?? [] }));
}

const namePrefixFilter = (prefix?: string) => (prefix ? sql`lower(${tradingVaultAccounts.name}) like ${prefix.toLowerCase().replace(/[\\%_]/g, '\\$&') + '%'}` : undefined);

/** Keyset page ordered by id (ids compare as text). */
export async function vaultAccountsPage(db: Db, workspaceId: string, f: { namePrefix?: string; limit: number; after?: string }) {
  const rows = await db
    .select()
    .from(tradingVaultAccounts)
    .where(and(eq(tradingVaultAccounts.workspaceId, workspaceId), namePrefixFilter(f.namePrefix), f.after === undefined ? undefined : gt(tradingVaultAccounts.id, f.after)))
    .orderBy(asc(tradingVaultAccounts.id))
    .limit(f.limit + 1);
  const more = rows.length > f.limit;
  return { accounts: await withBalances(db, workspaceId, rows.slice(0, f.limit)), more };
}

export async function countVaultAccounts(db: Db, workspaceId: string, namePrefix?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tradingVaultAccounts)
    .where(and(eq(tradingVaultAccounts.workspaceId, workspaceId), namePrefixFilter(namePrefix)));
  return Number(row?.n ?? 0);
}

export async function allVaultAccounts(db: Db, workspaceId: string, namePrefix?: string) {
  const rows = await db
    .select()
    .from(tradingVaultAccounts)
    .where(and(eq(tradingVaultAccounts.workspaceId, workspaceId), namePrefixFilter(namePrefix)))
    .orderBy(asc(tradingVaultAccounts.id));
  return withBalances(db, workspaceId, rows);
}

/**
 * Counts `accounts` against the workspace's volume for the minute starting at `windowStart`, only if
 * the total stays within `limit`; answers whether it did. One statement, so concurrent requests
 * cannot both squeeze under the limit.
 */
export async function reserveListingVolume(db: Db, workspaceId: string, windowStart: Date, accounts: number, limit: number): Promise<boolean> {
  if (accounts > limit) return false;
  const rows = await db
    .insert(tradingVaultListingWindows)
    .values({ workspaceId, windowStart, accounts })
    .onConflictDoUpdate({
      target: [tradingVaultListingWindows.workspaceId, tradingVaultListingWindows.windowStart],
      set: { accounts: sql`${tradingVaultListingWindows.accounts} + ${accounts}` },
      setWhere: sql`${tradingVaultListingWindows.accounts} + ${accounts} <= ${limit}`,
    })
    .returning({ accounts: tradingVaultListingWindows.accounts });
  // Old windows are of no further use.
  await db.delete(tradingVaultListingWindows).where(and(eq(tradingVaultListingWindows.workspaceId, workspaceId), lt(tradingVaultListingWindows.windowStart, windowStart)));
  return rows.length === 1;
}

// ---- quotes ----

export async function insertQuote(db: Db, row: typeof tradingQuotes.$inferInsert) {
  await db.insert(tradingQuotes).values(row);
}

export async function findQuote(db: Db, workspaceId: string, id: string): Promise<QuoteRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(tradingQuotes).where(and(eq(tradingQuotes.workspaceId, workspaceId), eq(tradingQuotes.id, id)));
  return row;
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
  await notify(db, CHANNELS.orders);
  return inserted!;
}

export async function findOrder(db: Db, workspaceId: string, id: string): Promise<OrderRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(tradingOrders).where(and(eq(tradingOrders.workspaceId, workspaceId), eq(tradingOrders.id, id)));
  return row;
}

export async function lockOrder(db: Db, workspaceId: string, id: string): Promise<OrderRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(tradingOrders).where(and(eq(tradingOrders.workspaceId, workspaceId), eq(tradingOrders.id, id))).for('update');
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
  const c = orderConditions(workspaceId, f);
  if (after) c.push(keysetAfter(tradingOrders.createdAt, tradingOrders.id, order, after));
  const rows = await db
    .select()
    .from(tradingOrders)
    .where(and(...c))
    .orderBy(...keysetOrder(tradingOrders.createdAt, tradingOrders.id, order))
    .limit(pageSize + 1);
  return { rows: rows.slice(0, pageSize), more: rows.length > pageSize };
}

export async function ordersTotal(db: Db, workspaceId: string, f: OrderFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tradingOrders).where(and(...orderConditions(workspaceId, f)));
  return Number(row?.n ?? 0);
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
