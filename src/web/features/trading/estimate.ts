import Decimal from 'decimal.js';
import { Dec } from '../../../contract/decimal-arithmetic';
import { isAmount } from '../../lib/balance';
import type { ProviderManifest } from '../../../contract/trading';
import type { Side } from './order-draft';

/** Amounts are decimal strings; every sum here goes through decimal.js, never a binary float. */

/** The price of one base unit in quote units, from both assets' prices in one currency. */
export function crossPrice(basePrice: string, quotePrice: string): string | null {
  if (new Dec(quotePrice).isZero()) return null;
  return new Dec(basePrice).div(quotePrice).toDecimalPlaces(18, Decimal.ROUND_HALF_UP).toFixed();
}

export interface OrderEstimate {
  baseAssetId: string;
  quoteAssetId: string;
  /** Quote units for one base unit. */
  price: string;
  quoteAmount: string;
  orderFee: string;
  networkFee: string;
  pay: { assetId: string; amount: string };
  receive: { assetId: string; amount: string };
}

/**
 * What an order would pay and receive at `price`, with the provider's fees: the amount in the
 * quote asset is rounded to its decimals in the provider's favour, as providers do. An estimate:
 * the provider prices the order when it executes.
 */
export function estimateOrder(o: {
  side: Side;
  baseAssetId: string;
  quoteAssetId: string;
  baseAmount: string;
  price: string;
  quoteDecimals: number;
  fees: ProviderManifest['fees'];
  /** The amount a quote fixed, instead of base amount × price. */
  quoteAmount?: string;
}): OrderEstimate | null {
  if (!isAmount(o.baseAmount) || !isAmount(o.price)) return null;
  const buying = o.side === 'BUY';
  const quoteAmount =
    o.quoteAmount !== undefined
      ? new Dec(o.quoteAmount)
      : new Dec(o.baseAmount).mul(o.price).toDecimalPlaces(o.quoteDecimals, buying ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
  const orderFee = quoteAmount.mul(o.fees.orderFeeBps).div(10_000).toDecimalPlaces(o.quoteDecimals, Decimal.ROUND_UP);
  const networkFee = new Dec(o.fees.networkFee);
  const base = { assetId: o.baseAssetId, amount: new Dec(o.baseAmount).toFixed() };
  const quote = (amount: Decimal) => ({ assetId: o.quoteAssetId, amount: amount.toFixed() });
  return {
    baseAssetId: o.baseAssetId,
    quoteAssetId: o.quoteAssetId,
    price: new Dec(o.price).toFixed(),
    quoteAmount: quoteAmount.toFixed(),
    orderFee: orderFee.toFixed(),
    networkFee: networkFee.toFixed(),
    pay: buying ? quote(quoteAmount.add(orderFee).add(networkFee)) : base,
    receive: buying ? base : quote(quoteAmount.sub(orderFee).sub(networkFee)),
  };
}

/** The price a quote amounts to, for showing beside it. */
export const unitPrice = (quoteAmount: string, baseAmount: string) => new Dec(quoteAmount).div(baseAmount).toDecimalPlaces(18, Decimal.ROUND_HALF_UP).toFixed();
