import { and, count, desc, eq, inArray, isNull, notExists, notInArray, or, sql } from 'drizzle-orm';
import { TERMINAL_ORDER_STATUSES } from '../../../contract/trading';
import type { Db } from '../../db/client';
import { approvalDecisions, approvalRequests } from '../../db/schema';
import { catalogueAssets, cataloguePrices } from '../catalogue/schema';
import { trMessages } from '../compliance/schema';
import { tradingOrders } from '../trading/schema';
import { transactions } from '../transactions/schema';
import { isStuck } from '../transactions/store';
import { tradingVaultAccounts, tradingVaultBalances } from '../vault/schema';
import { webhookNotifications, webhooks } from '../webhooks/schema';

/** The home's counts, each one aggregate query filtered by the caller's workspace. */

const first = async (rows: Promise<{ n: number }[]>) => Number((await rows)[0]?.n ?? 0);

/** Pending requests the user has not decided yet (their own carry their approval from the start). */
export const approvalsToDecide = (db: Db, workspaceId: string, userId: string) =>
  first(
    db
      .select({ n: count() })
      .from(approvalRequests)
      .where(
        and(
          eq(approvalRequests.workspaceId, workspaceId),
          eq(approvalRequests.status, 'PENDING'),
          notExists(
            db
              .select({ one: sql`1` })
              .from(approvalDecisions)
              .where(and(eq(approvalDecisions.requestId, approvalRequests.id), eq(approvalDecisions.userId, userId))),
          ),
        ),
      ),
  );

export const pendingTravelRuleMessages = (db: Db, workspaceId: string) =>
  first(
    db
      .select({ n: count() })
      .from(trMessages)
      .where(and(eq(trMessages.workspaceId, workspaceId), eq(trMessages.status, 'PENDING'))),
  );

/** The webhooks with FAILED notifications, most first, and the total over all of them. */
export async function failedNotifications(db: Db, workspaceId: string, limit: number) {
  const failed = count().as('failed');
  const perWebhook = await db
    .select({ id: webhooks.id, url: webhooks.url, description: webhooks.description, failed })
    .from(webhookNotifications)
    .innerJoin(webhooks, and(eq(webhooks.id, webhookNotifications.webhookId), eq(webhooks.workspaceId, workspaceId)))
    .where(and(eq(webhookNotifications.workspaceId, workspaceId), eq(webhookNotifications.status, 'FAILED')))
    .groupBy(webhooks.id)
    .orderBy(desc(failed), webhooks.id);
  return {
    failed: perWebhook.reduce((sum, webhook) => sum + Number(webhook.failed), 0),
    webhooks: perWebhook.slice(0, limit).map((webhook) => ({ ...webhook, failed: Number(webhook.failed) })),
  };
}

/** EVM transactions in CONFIRMING since before `since`: the ones the engine counts as stuck, and the list's `stuck` filter shows. */
export const stuckTransactions = (db: Db, workspaceId: string, since: Date) =>
  first(
    db
      .select({ n: count() })
      .from(transactions)
      .where(and(eq(transactions.workspaceId, workspaceId), isStuck(since))),
  );

export const openOrders = (db: Db, workspaceId: string) =>
  first(
    db
      .select({ n: count() })
      .from(tradingOrders)
      .where(and(eq(tradingOrders.workspaceId, workspaceId), notInArray(tradingOrders.status, [...TERMINAL_ORDER_STATUSES]))),
  );

export interface AssetTotal {
  assetId: string;
  symbol: string | null;
  total: string;
  usdPrice: string | null;
}

/**
 * Each asset's total over the accounts the console shows (not hidden), summed as numeric, with the
 * catalogue's symbol and the workspace's USD price: the workspace's own asset of a legacy id wins
 * over the global one, as everywhere else in the catalogue.
 */
export async function assetTotals(db: Db, workspaceId: string): Promise<AssetTotal[]> {
  const held = db
    .select({ assetId: tradingVaultBalances.assetId, total: sql<string>`sum(${tradingVaultBalances.total})`.as('total') })
    .from(tradingVaultBalances)
    .innerJoin(
      tradingVaultAccounts,
      and(
        eq(tradingVaultAccounts.workspaceId, workspaceId),
        eq(tradingVaultAccounts.id, tradingVaultBalances.accountId),
        eq(tradingVaultAccounts.hiddenOnUi, false),
      ),
    )
    .where(eq(tradingVaultBalances.workspaceId, workspaceId))
    .groupBy(tradingVaultBalances.assetId)
    .as('held');
  const totals = await db
    .select()
    .from(held)
    .where(sql`${held.total} > 0`);
  if (totals.length === 0) return [];
  const legacyIds = totals.map((row) => row.assetId);
  const assets = await db
    .selectDistinctOn([catalogueAssets.legacyId], { legacyId: catalogueAssets.legacyId, symbol: catalogueAssets.displaySymbol, price: cataloguePrices.price })
    .from(catalogueAssets)
    .leftJoin(
      cataloguePrices,
      and(eq(cataloguePrices.workspaceId, workspaceId), eq(cataloguePrices.assetId, catalogueAssets.id), eq(cataloguePrices.currency, 'USD')),
    )
    .where(and(or(isNull(catalogueAssets.workspaceId), eq(catalogueAssets.workspaceId, workspaceId)), inArray(catalogueAssets.legacyId, legacyIds)))
    .orderBy(catalogueAssets.legacyId, sql`${catalogueAssets.workspaceId} is null`);
  const byLegacyId = new Map(assets.map((asset) => [asset.legacyId, asset]));
  return totals.map((row) => ({
    assetId: row.assetId,
    symbol: byLegacyId.get(row.assetId)?.symbol ?? null,
    total: row.total,
    usdPrice: byLegacyId.get(row.assetId)?.price ?? null,
  }));
}
