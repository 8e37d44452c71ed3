import { randomUUID } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { Dec, plain } from '../../../contract/decimal-arithmetic';
import { isCancellableOrderStatus } from '../../../contract/order-states';
import * as routes from '../../../contract/routes/trading';
import { manifestProblems, type ManifestAsk, type ManifestField } from '../../../contract/manifest-checks';
import {
  PARTIES,
  TRADING_ERRORS,
  type CreateOrderRequest,
  type ExecutionStep,
  type OrderStatus,
  type Quote,
  type ResolvedExecution,
  type TradingProvider,
} from '../../../contract/trading';
import { register } from '../../http/register';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { ApiError, badRequest, conflict, describeZodError, forbidden, notFound } from '../../http/errors';
import { commitWithResponse } from '../../http/idempotency';
import type { AppDeps, AppEnv } from '../../http/types';
import { actorOf, appendAudit, auditRequest } from '../audit/record';
import * as vaults from '../vault/store';
import { cancel, stepsFor } from './engine';
import { marketPrice, resolveAsset, type ResolvedAsset } from './market';
import { priceOrder } from './pricing';
import { findProvider, TRADING_PROVIDERS } from './providers';
import * as store from './store';
import { toOrderDetails, toOrderSummary, type SettlementPlan } from './view';

export const BETA_MESSAGE = 'Trading is in beta and not enabled for this workspace: access is arranged with your account manager';
export const QUOTE_TTL_MS = 60_000;

/** A create-order validation failure: 400 with the spec's code 900 and the field named. */
const invalid = (message: string) => badRequest(message, TRADING_ERRORS.orderValidation);

/** The beta switch, checked once the caller is authorised (the guard of every operation served with the beta, by the app's Gate). */
export function tradingBeta(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await store.tradingEnabled(deps.db, c.get('principal').workspaceId))) throw forbidden(BETA_MESSAGE);
    await next();
  };
}

interface PricedRequest {
  provider: TradingProvider;
  base: ResolvedAsset;
  quote: ResolvedAsset;
}

/** A request's own names of the fields a check is about: a quote's and an order's differ. */
type RequestFields = Record<ManifestField | 'baseAssetId' | 'quoteAssetId', string>;

const ORDER_FIELDS: RequestFields = {
  provider: 'via.providerId',
  account: 'via.accountId',
  baseAssetId: 'executionRequestDetails.baseAssetId',
  quoteAssetId: 'executionRequestDetails.quoteAssetId',
  pair: 'executionRequestDetails.baseAssetId/quoteAssetId',
  executionType: 'executionRequestDetails.type',
  settlementType: 'settlement.type',
  'participants.originator': 'participantsIdentification.originator',
  'participants.beneficiary': 'participantsIdentification.beneficiary',
  sourceOfFunds: 'sourceOfFunds',
};

/** A quote's are an order's, but for the provider, the account and the assets, which it names in its own places. */
const QUOTE_FIELDS: RequestFields = {
  ...ORDER_FIELDS,
  provider: 'scope.providerId',
  account: 'scope.accountId',
  baseAssetId: 'body.baseAssetId',
  quoteAssetId: 'body.quoteAssetId',
  pair: 'body.baseAssetId/quoteAssetId',
};

/**
 * The provider and the assets of a quote or an order, once the provider's manifest has nothing
 * against what is asked (the checks both sides run, src/contract/manifest-checks.ts). Throws
 * `fail(message)` with the first problem, on the request's name of its field.
 */
async function checkProviderAndPair(
  deps: AppDeps,
  workspaceId: string,
  r: { providerId: string; baseAssetId: string; quoteAssetId: string; ask: Omit<ManifestAsk, 'pair'> },
  fields: RequestFields,
  fail: (message: string) => Error,
): Promise<PricedRequest> {
  const provider = findProvider(r.providerId);
  if (!provider) throw fail(`${fields.provider} ${r.providerId} is not a trading provider`);
  const base = await resolveAsset(deps.db, workspaceId, r.baseAssetId);
  if (!base) throw fail(`${fields.baseAssetId} ${r.baseAssetId} is not an asset of the catalogue`);
  const quote = await resolveAsset(deps.db, workspaceId, r.quoteAssetId);
  if (!quote) throw fail(`${fields.quoteAssetId} ${r.quoteAssetId} is not an asset of the catalogue`);
  const [problem] = manifestProblems(provider, { ...r.ask, pair: { baseAssetId: base.legacyId, quoteAssetId: quote.legacyId } });
  if (problem) throw fail(`${fields[problem.field]}: ${problem.message}`);
  return { provider, base, quote };
}

async function currentPrice(deps: AppDeps, workspaceId: string, base: ResolvedAsset, quote: ResolvedAsset, field: string, fail: (m: string) => Error) {
  const price = await marketPrice(deps.db, workspaceId, base, quote);
  if (price === undefined)
    throw fail(`${field}.baseAssetId: no USD price for ${base.legacyId} and ${quote.legacyId} is set in the catalogue, so the provider cannot price the order`);
  return price;
}

async function checkSettlementAccounts(deps: AppDeps, workspaceId: string, settlement: CreateOrderRequest['settlement']) {
  const refs: [string, { type: string; accountId?: string } | undefined][] = [
    ['settlement.sourceAccount', 'sourceAccount' in settlement ? settlement.sourceAccount : undefined],
    ['settlement.destinationAccount', 'destinationAccount' in settlement ? settlement.destinationAccount : undefined],
  ];
  for (const [field, ref] of refs) {
    if (ref?.type === 'VAULT_ACCOUNT' && ref.accountId && !(await vaults.vaultAccountExists(deps.db, workspaceId, ref.accountId))) {
      throw invalid(`${field}.accountId ${ref.accountId} is not a vault account of this workspace`);
    }
  }
}

export function registerTrading(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  // ---- providers ----
  register(app, deps, routes.listTradingProviders, async (c) => {
    const q = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    const fingerprint = 'trading-providers';
    const after = q.pageCursor ? decodeCursor<string>(deps.secrets.cursorKey, q.pageCursor, { workspaceId, fingerprint }) : undefined;
    const sorted = [...TRADING_PROVIDERS].sort((a, b) => a.id.localeCompare(b.id));
    const rest = after === undefined ? sorted : sorted.filter((p) => p.id > after);
    const data = rest.slice(0, q.pageSize);
    const more = rest.length > q.pageSize;
    // The SDK's ProvidersListResponse declares next as an optional string: absent on the last page, never null.
    return c.json(
      { data, total: sorted.length, ...(more ? { next: encodeCursor(deps.secrets.cursorKey, workspaceId, fingerprint, data.at(-1)!.id) } : {}) },
      200,
    );
  });

  register(app, deps, routes.getTradingProvider, async (c) => {
    const { providerId } = c.req.valid('param');
    const provider = findProvider(providerId);
    if (!provider) throw notFound(`No trading provider ${providerId}`);
    return c.json(provider, 200);
  });

  // ---- quotes ----
  register(app, deps, routes.createQuote, async (c) => {
    const body = c.req.valid('json');
    const principal = c.get('principal');
    const now = deps.now();
    const quotes: Quote[] = [];
    const quoteFailures: { providerId: string; accountId?: string; error: { message: string; code: number } }[] = [];
    const rows: Parameters<typeof store.insertQuote>[1][] = [];
    for (const scope of body.scope) {
      try {
        const fail = (m: string) => new ApiError(400, TRADING_ERRORS.orderValidation, m);
        const { provider, base, quote } = await checkProviderAndPair(
          deps,
          principal.workspaceId,
          { providerId: scope.providerId, baseAssetId: body.baseAssetId, quoteAssetId: body.quoteAssetId, ask: { kind: 'quote', accountId: scope.accountId } },
          QUOTE_FIELDS,
          fail,
        );
        const price = await currentPrice(deps, principal.workspaceId, base, quote, 'body', fail);
        const priced = priceOrder({
          side: body.side,
          baseAssetId: base.legacyId,
          quoteAssetId: quote.legacyId,
          baseAmount: body.baseAmount,
          price,
          quoteDecimals: quote.decimals,
          ...provider.manifest.fees,
        });
        const id = randomUUID();
        const expiresAt = new Date(now.getTime() + QUOTE_TTL_MS);
        const via = provider.accountBased
          ? { type: 'PROVIDER_ACCOUNT' as const, providerId: provider.id, accountId: scope.accountId }
          : { type: 'PROVIDER' as const, providerId: provider.id };
        rows.push({
          id,
          workspaceId: principal.workspaceId,
          providerId: provider.id,
          accountId: scope.accountId ?? null,
          side: body.side,
          baseAssetId: base.legacyId,
          quoteAssetId: quote.legacyId,
          baseAmount: body.baseAmount,
          quoteAmount: priced.quoteAmount,
          price,
          expiresAt,
          createdAt: now,
        });
        quotes.push({
          via,
          id,
          baseAssetId: base.legacyId,
          quoteAssetId: quote.legacyId,
          baseAmount: plain(body.baseAmount),
          quoteAmount: priced.quoteAmount,
          side: body.side,
          expiresAt: expiresAt.toISOString(),
          executionSteps: stepsFor('DVP', { assetId: quote.legacyId, amount: priced.networkFee }).map(({ type, fee }) => ({ type, fee })),
          generalFees: priced.fees,
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        quoteFailures.push({ providerId: scope.providerId, accountId: scope.accountId, error: { message: error.message, code: error.code } });
      }
    }
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        for (const row of rows) await store.insertQuote(tx, row);
        if (rows.length) {
          await appendAudit(
            tx,
            actorOf(c, deps),
            rows.map((r) => ({
              category: 'Trading' as const,
              subject: 'Quote' as const,
              event: 'Created',
              detail: { quoteId: r.id, providerId: r.providerId, side: r.side, pair: `${r.baseAssetId}/${r.quoteAssetId}` },
            })),
            now,
          );
        }
      },
      () => c.json({ quotes, quoteFailures }, 201),
    );
  });

  // ---- orders ----
  register(
    app,
    deps,
    routes.createOrder,
    async (c) => {
      const body = c.req.valid('json');
      const principal = c.get('principal');
      const now = deps.now();
      const given = body.executionRequestDetails;
      const quoted = given.type === 'QUOTE' ? await store.findQuote(deps.db, principal.workspaceId, given.quoteId) : undefined;
      if (given.type === 'QUOTE' && !quoted) throw invalid(`executionRequestDetails.quoteId ${given.quoteId} is not a quote of this workspace`);
      // The SDKs' QUOTE shape names only the quote: side, amount and pair come from it.
      const e: ResolvedExecution =
        given.type === 'QUOTE' && quoted
          ? {
              ...given,
              side: given.side ?? (quoted.side as ResolvedExecution['side']),
              baseAmount: given.baseAmount ?? quoted.baseAmount,
              baseAssetId: given.baseAssetId ?? quoted.baseAssetId,
              quoteAssetId: given.quoteAssetId ?? quoted.quoteAssetId,
            }
          : (given as ResolvedExecution);
      // The API names the kind of provider twice, in via.type and in the provider itself: they must agree.
      const chosen = findProvider(body.via.providerId);
      if (chosen?.accountBased && body.via.type === 'PROVIDER') throw invalid(`via.type must be PROVIDER_ACCOUNT: ${chosen.name} is an account-based provider`);
      if (chosen && !chosen.accountBased && body.via.type === 'PROVIDER_ACCOUNT')
        throw invalid(`via.type must be PROVIDER: ${chosen.name} is not account-based`);
      const { provider, base, quote } = await checkProviderAndPair(
        deps,
        principal.workspaceId,
        {
          providerId: body.via.providerId,
          baseAssetId: e.baseAssetId,
          quoteAssetId: e.quoteAssetId,
          ask: {
            kind: 'order',
            accountId: body.via.type === 'PROVIDER_ACCOUNT' ? body.via.accountId : undefined,
            executionType: e.type,
            settlementType: body.settlement.type,
            parties: PARTIES.filter((party) => body.participantsIdentification?.[party]),
            sourceOfFunds: !!body.sourceOfFunds,
          },
        },
        ORDER_FIELDS,
        invalid,
      );
      await checkSettlementAccounts(deps, principal.workspaceId, body.settlement);

      let price: string;
      let expiresAt: Date | null = null;
      let quoteId: string | undefined;
      if (e.type === 'QUOTE' && quoted) {
        const q = quoted;
        if (q.orderId) throw invalid(`executionRequestDetails.quoteId ${e.quoteId} was already used by order ${q.orderId}`);
        const matches =
          q.providerId === provider.id &&
          q.side === e.side &&
          q.baseAssetId === base.legacyId &&
          q.quoteAssetId === quote.legacyId &&
          new Dec(q.baseAmount).eq(e.baseAmount);
        if (!matches) throw invalid(`executionRequestDetails.quoteId ${e.quoteId} was given for another provider, side, pair or amount`);
        quoteId = q.id;
        price = q.price;
        expiresAt = q.expiresAt;
        if (q.expiresAt <= now && e.reQuote) {
          const market = await currentPrice(deps, principal.workspaceId, base, quote, 'executionRequestDetails', invalid);
          const slippage = e.reQuote.type === 'RETRY' ? new Dec(e.reQuote.slippageBps ?? 0).div(10_000) : undefined;
          // A re-quote at market replaces the expired quote; a RETRY only within its slippage.
          if (!slippage || new Dec(market).sub(q.price).abs().lte(new Dec(q.price).mul(slippage))) {
            price = market;
            expiresAt = null;
          }
        }
      } else {
        price = await currentPrice(deps, principal.workspaceId, base, quote, 'executionRequestDetails', invalid);
      }
      const priced = priceOrder({
        side: e.side,
        baseAssetId: base.legacyId,
        quoteAssetId: quote.legacyId,
        baseAmount: e.baseAmount,
        price,
        quoteDecimals: quote.decimals,
        ...provider.manifest.fees,
      });
      if (new Dec(priced.receiveAmount).lte(0)) throw invalid('executionRequestDetails.baseAmount is too small: the fees would take all of it');
      const plan: SettlementPlan = {
        payAsset: priced.payAsset,
        payAmount: priced.payAmount,
        receiveAsset: priced.receiveAsset,
        receiveAmount: priced.receiveAmount,
        orderFee: priced.orderFee,
        networkFee: priced.networkFee,
      };
      const id = randomUUID();
      const steps: ExecutionStep[] = stepsFor(body.settlement.type, { assetId: quote.legacyId, amount: priced.networkFee });
      return commitWithResponse(
        c,
        deps.db,
        async (tx) => {
          if (quoteId && !(await store.claimQuote(tx, principal.workspaceId, quoteId, id)))
            throw invalid(`executionRequestDetails.quoteId ${quoteId} was already used by another order`);
          const inserted = await store.insertOrder(tx, {
            id,
            workspaceId: principal.workspaceId,
            providerId: provider.id,
            accountId: body.via.type === 'PROVIDER_ACCOUNT' ? body.via.accountId : null,
            viaType: body.via.type,
            status: 'CREATED',
            side: e.side,
            executionType: e.type,
            settlementType: body.settlement.type,
            baseAssetId: base.legacyId,
            quoteAssetId: quote.legacyId,
            baseAmount: e.baseAmount,
            price,
            quoteAmount: priced.quoteAmount,
            execution: { ...e, baseAssetId: base.legacyId, quoteAssetId: quote.legacyId },
            plan,
            settlement: body.settlement,
            participants: body.participantsIdentification ?? null,
            sourceOfFunds: body.sourceOfFunds ?? null,
            customerInternalReferenceId: body.customerInternalReferenceId ?? null,
            note: body.note ?? null,
            executionSteps: steps,
            generalFees: priced.fees,
            timeline: [{ status: 'CREATED', at: now.toISOString() }],
            createdBy: principal.id,
            createdAt: now,
            updatedAt: now,
            expiresAt,
            nextStepAt: now,
          });
          // Participants' personal data stays out of the trail: only the order's shape is recorded.
          await auditRequest(tx, c, deps, now, {
            category: 'Trading',
            subject: 'Order',
            event: 'Created',
            detail: {
              orderId: id,
              providerId: provider.id,
              side: e.side,
              type: e.type,
              settlement: body.settlement.type,
              pair: `${base.legacyId}/${quote.legacyId}`,
              baseAmount: plain(e.baseAmount),
              before: { status: null },
              after: { status: 'CREATED' },
            },
          });
          return inserted;
        },
        (row) => c.json(toOrderDetails(row), 202),
      );
    },
    (result, c) => {
      if (!result.success) return c.json({ message: describeZodError(result.error, result.target), code: TRADING_ERRORS.orderValidation }, 400);
    },
  );

  register(app, deps, routes.listOrders, async (c) => {
    const q = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    const filter: store.OrderFilter = { accountId: q.accountId, providerId: q.providerId, statuses: q.statuses, startTime: q.startTime, endTime: q.endTime };
    if (q.startTime !== undefined && q.endTime !== undefined && q.endTime < q.startTime) throw badRequest('endTime must not be before startTime');
    const fingerprint = `orders:${JSON.stringify({ ...filter, order: q.order })}`;
    const after = q.pageCursor ? decodeCursor<store.OrderPosition>(deps.secrets.cursorKey, q.pageCursor, { workspaceId, fingerprint }) : undefined;
    const [page, total] = await Promise.all([
      store.ordersPage(deps.db, workspaceId, filter, q.order, q.pageSize, after),
      store.ordersTotal(deps.db, workspaceId, filter),
    ]);
    const last = page.rows.at(-1);
    // GetOrdersResponse.next is an optional string in the SDK: absent on the last page, never null.
    const next =
      page.more && last
        ? encodeCursor<store.OrderPosition>(deps.secrets.cursorKey, workspaceId, fingerprint, { t: last.createdAt.getTime(), id: last.id })
        : undefined;
    return c.json({ data: page.rows.map(toOrderSummary), total, ...(next ? { next } : {}) }, 200);
  });

  register(app, deps, routes.getOrder, async (c) => {
    const { orderId } = c.req.valid('param');
    const row = await store.findOrder(deps.db, c.get('principal').workspaceId, orderId);
    if (!row) throw notFound(`No order ${orderId}`);
    return c.json(toOrderDetails(row), 200);
  });

  register(app, deps, routes.cancelOrder, async (c) => {
    const { orderId } = c.req.valid('param');
    const principal = c.get('principal');
    const now = deps.now();
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const order = await store.lockOrder(tx, principal.workspaceId, orderId);
        if (!order) throw notFound(`No order ${orderId}`);
        if (!isCancellableOrderStatus(order.status as OrderStatus))
          throw conflict(`Order ${orderId} is ${order.status}: only an order not yet executing can be cancelled`);
        await cancel(tx, order, actorOf(c, deps), now);
        return (await store.findOrder(tx, principal.workspaceId, orderId))!;
      },
      (row) => c.json(toOrderDetails(row), 200),
    );
  });
}
