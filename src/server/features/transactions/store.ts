import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, max, min, or, sql, type SQL } from 'drizzle-orm';
import type { TransactionsQuery } from '../../../contract/transactions';
import { ADVISORY_LOCKS } from '../../db/advisory-lock';
import type { Db } from '../../db/client';
import { keysetPage, type TimePosition } from '../../db/keyset';
import { findById } from '../../db/rows';
import { isUuid } from '../../db/uuid';
import { transactions, transactionStuckEpisodes } from './schema';
import type { TransactionRow } from './view';

/** All of transactions' SQL. Every query a caller can reach is filtered by its workspace. */

/** Inserts transactions in one statement; answers them in the order given. */
export async function insertTransactions(db: Db, rows: (typeof transactions.$inferInsert)[]): Promise<TransactionRow[]> {
  const created = await db.insert(transactions).values(rows).returning();
  const byId = new Map(created.map((row) => [row.id, row]));
  return rows.map((row) => byId.get(row.id!)!);
}

export async function findTransaction(db: Db, workspaceId: string, id: string): Promise<TransactionRow | undefined> {
  return findById(db, transactions, eq(transactions.workspaceId, workspaceId), id);
}

export async function updateTransaction(db: Db, id: string, patch: Partial<typeof transactions.$inferInsert>) {
  await db.update(transactions).set(patch).where(eq(transactions.id, id));
}

/** The next due transactions (at most `limit`, the first due first), locked; SKIP LOCKED lets several workers share the queue. */
export async function claimDue(db: Db, now: Date, limit: number): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        isNotNull(transactions.nextStepAt),
        lte(transactions.nextStepAt, now),
        // A workspace's transfers are moved by one instance's engine at a time (the first to take
        // its lock this round; the others skip them, without waiting): engines of several instances
        // moving one workspace's transfers at once queued on its vault balances' rows.
        sql`pg_try_advisory_xact_lock(${ADVISORY_LOCKS.transactionEngine}, hashtext(${transactions.workspaceId}::text))`,
      ),
    )
    .orderBy(asc(transactions.nextStepAt), asc(transactions.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Writes what the engine's steps changed in moved transactions, in one statement however many
 * there are. Every column a step may change is written from the row's new state: the rows are
 * locked by the caller's claim, so nothing else changed them meanwhile.
 */
export async function saveSteps(db: Db, rows: readonly TransactionRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => ({
    id: r.id,
    status: r.status,
    sub_status: r.subStatus,
    timeline: r.timeline,
    updated_at: r.updatedAt,
    next_step_at: r.nextStepAt,
    confirmations: r.confirmations,
    nonce: r.nonce,
    confirming_since: r.confirmingSince,
    network_fee: r.networkFee,
    block_height: r.blockHeight,
    balances_moved: r.balancesMoved,
  }));
  await db.execute(sql`
    update ${transactions} t set
      status = v.status, sub_status = v.sub_status, timeline = v.timeline, updated_at = v.updated_at,
      next_step_at = v.next_step_at, confirmations = v.confirmations, nonce = v.nonce,
      confirming_since = v.confirming_since, network_fee = v.network_fee, block_height = v.block_height,
      balances_moved = v.balances_moved
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
      id uuid, status text, sub_status text, timeline jsonb, updated_at timestamptz, next_step_at timestamptz,
      confirmations integer, nonce integer, confirming_since timestamptz, network_fee numeric, block_height integer,
      balances_moved boolean)
    where t.id = v.id`);
}

/** When the next step of any transaction is due (undefined when none is waiting). */
export async function nextStepDue(db: Db): Promise<Date | undefined> {
  const [row] = await db.select({ at: min(transactions.nextStepAt) }).from(transactions);
  return row?.at ?? undefined;
}

/**
 * The engine's rule for a stuck transaction, for the rows in CONFIRMING since before `since` (now
 * less the stuck limit): the home counts these and the list's `stuck` filter shows the same rows.
 */
export const isStuck = (since: Date): SQL =>
  and(eq(transactions.status, 'CONFIRMING'), eq(transactions.protocol, 'EVM'), lt(transactions.confirmingSince, since))!;

/** The list's filters; `stuck` comes as the moment a transaction must have been confirming since, to count as stuck. */
export type TransactionFilter = Omit<TransactionsQuery, 'sort' | 'limit' | 'next' | 'prev' | 'orderBy' | 'stuck'> & {
  stuck?: { is: boolean; since: Date };
};

function conditions(workspaceId: string, f: TransactionFilter, time: typeof transactions.createdAt): SQL[] {
  const c: SQL[] = [eq(transactions.workspaceId, workspaceId)];
  if (f.status?.length) c.push(inArray(transactions.status, f.status));
  if (f.assets?.length) c.push(inArray(transactions.assetId, f.assets));
  if (f.after !== undefined) c.push(gte(time, new Date(f.after)));
  if (f.before !== undefined) c.push(lte(time, new Date(f.before)));
  if (f.sourceType) c.push(sql`${transactions.source}->>'type' = ${f.sourceType}`);
  if (f.sourceId) c.push(sql`${transactions.source}->>'id' = ${f.sourceId}`);
  if (f.destType) c.push(sql`${transactions.destination}->>'type' = ${f.destType}`);
  if (f.destId) c.push(sql`${transactions.destination}->>'id' = ${f.destId}`);
  // A hash is public only once broadcast, so it finds nothing before then.
  if (f.txHash)
    c.push(and(eq(transactions.txHash, f.txHash), inArray(transactions.status, ['BROADCASTING', 'CONFIRMING', 'COMPLETED', 'FAILED', 'REJECTED']))!);
  if (f.orderId) c.push(isUuid(f.orderId) ? eq(transactions.orderId, f.orderId) : sql`false`);
  // `is not true`, since the rule is null for a row that never reached CONFIRMING (no confirmingSince).
  if (f.stuck) c.push(f.stuck.is ? isStuck(f.stuck.since) : sql`(${isStuck(f.stuck.since)}) is not true`);
  return c;
}

/** A page in `sort` order of `orderBy`, from a position after it or, going `backwards`, before it (keysetPage). */
export async function transactionsPage(
  db: Db,
  workspaceId: string,
  f: TransactionFilter,
  orderBy: 'createdAt' | 'lastUpdated',
  sort: 'ASC' | 'DESC',
  limit: number,
  from?: { position: TimePosition; backwards: boolean },
) {
  const time = orderBy === 'createdAt' ? transactions.createdAt : transactions.updatedAt;
  return keysetPage(db, transactions, { time, id: transactions.id }, conditions(workspaceId, f, time), sort, limit, from);
}

/** A vault account's latest transactions, newest first, whichever end it is at. */
export async function ofVaultAccount(db: Db, workspaceId: string, accountId: string, limit: number): Promise<TransactionRow[]> {
  const at = (end: typeof transactions.source | typeof transactions.destination) => sql`(${end}->>'type' = 'VAULT_ACCOUNT' and ${end}->>'id' = ${accountId})`;
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.workspaceId, workspaceId), or(at(transactions.source), at(transactions.destination))))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
}

/** The next nonce of an account on a chain: one more than the last one it broadcast. */
export async function nextNonce(db: Db, workspaceId: string, accountId: string, blockchainId: string | null): Promise<number> {
  const [row] = await db
    .select({ n: max(transactions.nonce) })
    .from(transactions)
    .where(
      and(
        eq(transactions.workspaceId, workspaceId),
        sql`${transactions.source}->>'id' = ${accountId}`,
        blockchainId ? eq(transactions.blockchainId, blockchainId) : sql`true`,
      ),
    );
  return row?.n === null || row?.n === undefined ? 0 : Number(row.n) + 1;
}

// ---- stuck episodes ----

/** The conditions for the transactions an account sends on one chain, in its workspace. */
const sentOnChain = (workspaceId: string, accountId: string, blockchainId: string) => [
  eq(transactions.workspaceId, workspaceId),
  eq(transactions.blockchainId, blockchainId),
  sql`${transactions.source}->>'id' = ${accountId}`,
];

/** Transactions of an account on one chain still waiting in CONFIRMING, oldest first. */
export async function confirmingOf(db: Db, workspaceId: string, accountId: string, blockchainId: string) {
  return db
    .select()
    .from(transactions)
    .where(and(...sentOnChain(workspaceId, accountId, blockchainId), eq(transactions.status, 'CONFIRMING')))
    .orderBy(asc(transactions.confirmingSince), asc(transactions.createdAt), asc(transactions.id));
}

export async function pendingBehind(db: Db, workspaceId: string, accountId: string, blockchainId: string, since: Date): Promise<number> {
  return db.$count(
    transactions,
    and(...sentOnChain(workspaceId, accountId, blockchainId), isNotNull(transactions.nextStepAt), gte(transactions.createdAt, since)),
  );
}

export async function lastCompletedNonce(db: Db, workspaceId: string, accountId: string, blockchainId: string): Promise<number | null> {
  const [row] = await db
    .select({ n: max(transactions.nonce) })
    .from(transactions)
    .where(and(...sentOnChain(workspaceId, accountId, blockchainId), eq(transactions.status, 'COMPLETED')));
  return row?.n === null || row?.n === undefined ? null : Number(row.n);
}

/** Opens an episode; true only for the caller that opened it, so the alert fires once. */
export async function openEpisode(db: Db, e: typeof transactionStuckEpisodes.$inferInsert): Promise<boolean> {
  const rows = await db.insert(transactionStuckEpisodes).values(e).onConflictDoNothing().returning({ at: transactionStuckEpisodes.openedAt });
  return rows.length === 1;
}

export async function closeEpisode(db: Db, workspaceId: string, vaultAccountId: string, baseAsset: string) {
  await db
    .delete(transactionStuckEpisodes)
    .where(
      and(
        eq(transactionStuckEpisodes.workspaceId, workspaceId),
        eq(transactionStuckEpisodes.vaultAccountId, vaultAccountId),
        eq(transactionStuckEpisodes.baseAsset, baseAsset),
      ),
    );
}
