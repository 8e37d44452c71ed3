import type { OpenAPIHono } from '@hono/zod-openapi';
import { QUORUM_ROLES } from '../../../contract/admin';
import { Dec, plain } from '../../../contract/decimal-arithmetic';
import type { HomeBalances, HomeSummary } from '../../../contract/home';
import { mayPerform } from '../../../contract/operations';
import type { Role } from '../../../contract/roles';
import * as routes from '../../../contract/routes/home';
import { register } from '../../http/register';
import type { AppDeps, AppEnv, Principal } from '../../http/types';
import { tradingEnabled } from '../trading/store';
import { stuckLimitMs } from '../transactions/engine';
import * as store from './store';

/** The webhooks named on the home's failed-notifications tile; the total counts them all. */
const FAILED_WEBHOOKS_SHOWN = 20;

const cents = (value: InstanceType<typeof Dec>) => value.toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);

/** USD values multiplied and added exactly (Dec), rounded to the cent only for the answer. */
export function priceBalances(totals: store.AssetTotal[]): HomeBalances {
  const valued = totals.map((asset) => ({ asset, usd: asset.usdPrice === null ? null : new Dec(asset.total).times(asset.usdPrice) }));
  const usdTotal = valued.reduce((sum, { usd }) => (usd === null ? sum : sum.plus(usd)), new Dec(0));
  valued.sort((a, b) => {
    if (a.usd === null || b.usd === null) return a.usd === b.usd ? a.asset.assetId.localeCompare(b.asset.assetId) : a.usd === null ? 1 : -1;
    return b.usd.comparedTo(a.usd) || a.asset.assetId.localeCompare(b.asset.assetId);
  });
  return {
    assets: valued.map(({ asset, usd }) => ({
      assetId: asset.assetId,
      symbol: asset.symbol,
      total: plain(asset.total),
      usdPrice: asset.usdPrice === null ? null : plain(asset.usdPrice),
      usdValue: usd === null ? null : cents(usd),
    })),
    usdTotal: cents(usdTotal),
    unpriced: valued.filter(({ usd }) => usd === null).length,
  };
}

/** Only enabled admins signed in to the console approve or reject (API users never do). */
const decidesApprovals = (principal: Principal) =>
  principal.kind === 'CONSOLE' && (QUORUM_ROLES as readonly Role[]).includes(principal.role) && mayPerform(principal.role, 'approveApprovalRequest');

/**
 * Each part is asked for only when the caller's role may perform the operation that reads what it
 * counts, so the home never tells a role more than its lists would.
 */
async function summarise(deps: AppDeps, principal: Principal): Promise<HomeSummary> {
  const { db } = deps;
  const { workspaceId, role } = principal;
  const may = (operationId: Parameters<typeof mayPerform>[1]) => mayPerform(role, operationId);
  const limitMs = stuckLimitMs(deps.config.stuckAlert);
  const trading = (may('listOrders') || may('listVaultAccountsPaged')) && (await tradingEnabled(db, workspaceId));
  const [toDecide, pending, failed, stuck, open, totals] = await Promise.all([
    decidesApprovals(principal) ? store.approvalsToDecide(db, workspaceId, principal.id) : null,
    may('listTravelRuleMessages') ? store.pendingTravelRuleMessages(db, workspaceId) : null,
    may('listWebhookNotifications') ? store.failedNotifications(db, workspaceId, FAILED_WEBHOOKS_SHOWN) : null,
    may('listTransactions') ? store.stuckTransactions(db, workspaceId, new Date(deps.now().getTime() - limitMs)) : null,
    trading && may('listOrders') ? store.openOrders(db, workspaceId) : null,
    trading && may('listVaultAccountsPaged') ? store.assetTotals(db, workspaceId) : null,
  ]);
  return {
    approvals: toDecide === null ? null : { toDecide },
    travelRule: pending === null ? null : { pending },
    webhooks: failed,
    transactions: stuck === null ? null : { stuck, stuckAfterSeconds: Math.floor(limitMs / 1000) },
    trading: open === null ? null : { openOrders: open },
    balances: totals === null ? null : priceBalances(totals),
  };
}

export function registerHome(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  register(app, deps, routes.getHomeSummary, async (c) => c.json(await summarise(deps, c.get('principal')), 200));
}
