import Decimal from 'decimal.js';
import { Dec, plain } from '../../../contract/decimal-arithmetic';
import type { Fee } from '../../../contract/trading';

/** Price of one base unit in quote units, from the two assets' prices in a common currency. */
export function crossPrice(basePrice: string, quotePrice: string): string {
  return new Dec(basePrice).div(quotePrice).toDecimalPlaces(18, Decimal.ROUND_HALF_UP).toFixed();
}

export interface Priced {
  /** baseAmount × price in the quote asset, rounded to its decimals in the provider's favour. */
  quoteAmount: string;
  orderFee: string;
  networkFee: string;
  /** What the workspace pays, in `payAsset`, and what it receives, in `receiveAsset`. */
  payAsset: string;
  payAmount: string;
  receiveAsset: string;
  receiveAmount: string;
  fees: Fee[];
}

export function priceOrder(o: {
  side: 'BUY' | 'SELL';
  baseAssetId: string;
  quoteAssetId: string;
  baseAmount: string;
  price: string;
  quoteDecimals: number;
  orderFeeBps: number;
  networkFee: string;
}): Priced {
  const gross = new Dec(o.baseAmount).mul(o.price);
  const quoteAmount = gross.toDecimalPlaces(o.quoteDecimals, o.side === 'BUY' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
  const orderFee = quoteAmount.mul(o.orderFeeBps).div(10_000).toDecimalPlaces(o.quoteDecimals, Decimal.ROUND_UP);
  const networkFee = new Dec(o.networkFee);
  const fees: Fee[] = [{ feeType: 'ORDER', assetId: o.quoteAssetId, amountType: 'FIXED', amount: orderFee.toFixed() }];
  if (o.side === 'BUY') {
    return {
      quoteAmount: quoteAmount.toFixed(),
      orderFee: orderFee.toFixed(),
      networkFee: networkFee.toFixed(),
      payAsset: o.quoteAssetId,
      payAmount: quoteAmount.add(orderFee).add(networkFee).toFixed(),
      receiveAsset: o.baseAssetId,
      receiveAmount: plain(o.baseAmount),
      fees,
    };
  }
  return {
    quoteAmount: quoteAmount.toFixed(),
    orderFee: orderFee.toFixed(),
    networkFee: networkFee.toFixed(),
    payAsset: o.baseAssetId,
    payAmount: plain(o.baseAmount),
    receiveAsset: o.quoteAssetId,
    receiveAmount: quoteAmount.sub(orderFee).sub(networkFee).toFixed(),
    fees,
  };
}
