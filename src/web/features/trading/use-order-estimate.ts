import { useQuery } from '@tanstack/react-query';
import type { TradingProvider } from '../../../contract/trading';
import { assetQuery } from '../../lib/catalogue-queries';
import { isAmount } from '../../lib/balance';
import { crossPrice, estimateOrder, type OrderEstimate, unitPrice } from './estimate';
import type { OrderDraft } from './order-draft';

export type EstimateBasis = 'market' | 'limit' | 'quote';

export type EstimateState =
  | { status: 'ready'; estimate: OrderEstimate; basis: EstimateBasis }
  /** Nothing to estimate yet (no pair or amount), or still loading the prices. */
  | { status: 'waiting' }
  | { status: 'unavailable'; reason: string };

/**
 * The live estimate of the draft's order: at the quote once there is one, at the limit price for
 * a limit order, and otherwise at the market, from the catalogue's prices of both assets crossed
 * (the same prices the simulated providers use).
 */
export function useOrderEstimate(execution: OrderDraft['execution'], provider: TradingProvider | undefined): EstimateState {
  const { baseAssetId, quoteAssetId, side, type, limitPrice, quote } = execution;
  const baseAmount = execution.baseAmount.trim();
  const base = useQuery({ ...assetQuery(baseAssetId), enabled: Boolean(baseAssetId) });
  const quoteAsset = useQuery({ ...assetQuery(quoteAssetId), enabled: Boolean(quoteAssetId) });

  if (!provider || !baseAssetId || !quoteAssetId || !isAmount(baseAmount)) return { status: 'waiting' };
  if (base.isError || quoteAsset.isError) return { status: 'unavailable', reason: 'The catalogue could not be asked for the assets’ prices.' };
  if (!base.data || !quoteAsset.data) return { status: 'waiting' };
  const order = { side, baseAssetId, quoteAssetId, baseAmount, quoteDecimals: quoteAsset.data.onchain.decimals, fees: provider.manifest.fees };

  const quoted =
    type === 'QUOTE' &&
    quote &&
    quote.baseAmount === baseAmount &&
    quote.side === side &&
    quote.baseAssetId === baseAssetId &&
    quote.quoteAssetId === quoteAssetId;
  if (quoted) {
    const estimate = estimateOrder({ ...order, price: unitPrice(quote.quoteAmount, quote.baseAmount), quoteAmount: quote.quoteAmount });
    if (estimate) return { status: 'ready', estimate, basis: 'quote' };
  }
  if (type === 'LIMIT' && isAmount(limitPrice)) {
    const estimate = estimateOrder({ ...order, price: limitPrice.trim() });
    if (estimate) return { status: 'ready', estimate, basis: 'limit' };
  }
  const [basePrice, quotePrice] = [base.data.price, quoteAsset.data.price];
  if (!basePrice || !quotePrice || basePrice.currency !== quotePrice.currency) {
    const missing = [basePrice ? null : baseAssetId, quotePrice ? null : quoteAssetId].filter(Boolean).join(' and ');
    return {
      status: 'unavailable',
      reason: missing
        ? `The catalogue has no price for ${missing}, so there is no estimate; the provider prices the order when it executes.`
        : `The catalogue prices ${baseAssetId} and ${quoteAssetId} in different currencies, so there is no estimate.`,
    };
  }
  const price = crossPrice(basePrice.price, quotePrice.price);
  const estimate = price === null ? null : estimateOrder({ ...order, price });
  return estimate ? { status: 'ready', estimate, basis: 'market' } : { status: 'unavailable', reason: `The catalogue’s price of ${quoteAssetId} is zero.` };
}
