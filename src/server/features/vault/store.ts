import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { tradingVaultAccounts, tradingVaultBalances, tradingVaultListingWindows } from './schema';

/**
 * All of the vault's SQL: accounts, balances and the legacy listing's volume. Every query is
 * filtered by the caller's workspace. Orders and transfers move balances through debit and credit.
 */

export async function addVaultAccount(db: Db, v: { workspaceId: string; id: string; name: string; hiddenOnUi?: boolean }) {
  await db.insert(tradingVaultAccounts).values(v).onConflictDoNothing();
}

export async function addVaultAccounts(db: Db, rows: { workspaceId: string; id: string; name: string }[]) {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insert(tradingVaultAccounts)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
}

/**
 * Sets a balance from outside the ledger (a demo's starting balance): the opening balance takes the
 * difference, so the total stays its opening plus what transfers moved.
 */
export async function setBalance(db: Db, v: { workspaceId: string; accountId: string; assetId: string; total: string }) {
  await db
    .insert(tradingVaultBalances)
    .values({ ...v, opening: v.total })
    .onConflictDoUpdate({
      target: [tradingVaultBalances.workspaceId, tradingVaultBalances.accountId, tradingVaultBalances.assetId],
      set: { total: v.total, opening: sql`${tradingVaultBalances.opening} + (${v.total}::numeric - ${tradingVaultBalances.total})` },
    });
}

export async function vaultAccountExists(db: Db, workspaceId: string, id: string): Promise<boolean> {
  return (await vaultAccountName(db, workspaceId, id)) !== undefined;
}

/** The account's name, or undefined when the workspace has no such vault account. */
export async function vaultAccountName(db: Db, workspaceId: string, id: string): Promise<string | undefined> {
  return (await vaultAccountNames(db, workspaceId, [id])).get(id);
}

/** Every transfer reads its accounts' names: one statement, prepared once per database, whatever the number of ids. */
const accountNames = preparedFor((db) =>
  db
    .select({ id: tradingVaultAccounts.id, name: tradingVaultAccounts.name })
    .from(tradingVaultAccounts)
    .where(and(eq(tradingVaultAccounts.workspaceId, sql.placeholder('workspaceId')), sql`${tradingVaultAccounts.id} = any(${sql.placeholder('ids')}::text[])`))
    .prepare('vault_account_names'),
);

/** The names of those of `ids` that are vault accounts of the workspace, in one statement. */
export async function vaultAccountNames(db: Db, workspaceId: string, ids: string[]): Promise<Map<string, string>> {
  const rows = await accountNames(db).execute({ workspaceId, ids });
  return new Map(rows.map((r) => [r.id, r.name]));
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

/** One account with its balances, or undefined when the workspace has no such vault account. */
export async function vaultAccount(db: Db, workspaceId: string, id: string): Promise<VaultAccountRecord | undefined> {
  const rows = await db
    .select()
    .from(tradingVaultAccounts)
    .where(and(eq(tradingVaultAccounts.workspaceId, workspaceId), eq(tradingVaultAccounts.id, id)));
  return (await withBalances(db, workspaceId, rows))[0];
}

const namePrefixFilter = (prefix?: string) =>
  prefix ? sql`lower(${tradingVaultAccounts.name}) like ${prefix.toLowerCase().replace(/[\\%_]/g, '\\$&') + '%'}` : undefined;

/** Keyset page ordered by id (ids compare as text). */
export async function vaultAccountsPage(db: Db, workspaceId: string, f: { namePrefix?: string; limit: number; after?: string }) {
  const rows = await db
    .select()
    .from(tradingVaultAccounts)
    .where(
      and(
        eq(tradingVaultAccounts.workspaceId, workspaceId),
        namePrefixFilter(f.namePrefix),
        f.after === undefined ? undefined : gt(tradingVaultAccounts.id, f.after),
      ),
    )
    .orderBy(asc(tradingVaultAccounts.id))
    .limit(f.limit + 1);
  const more = rows.length > f.limit;
  return { accounts: await withBalances(db, workspaceId, rows.slice(0, f.limit)), more };
}

export async function countVaultAccounts(db: Db, workspaceId: string, namePrefix?: string): Promise<number> {
  return db.$count(tradingVaultAccounts, and(eq(tradingVaultAccounts.workspaceId, workspaceId), namePrefixFilter(namePrefix)));
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
  await db
    .delete(tradingVaultListingWindows)
    .where(and(eq(tradingVaultListingWindows.workspaceId, workspaceId), lt(tradingVaultListingWindows.windowStart, windowStart)));
  return rows.length === 1;
}
