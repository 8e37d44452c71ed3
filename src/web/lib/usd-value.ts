import Decimal from 'decimal.js';
import type { Asset } from '../../contract/catalogue';
import { Dec } from '../../contract/decimal-arithmetic';
import type { VaultAccount } from '../../contract/vault';

/*
 * USD values from the catalogue's prices, in exact decimal arithmetic: amounts and prices are
 * decimal strings, multiplied and summed by decimal.js and rounded to the cent once, at the end.
 */

const usdPrice = (asset: Asset | undefined): string | undefined => (asset?.price?.currency === 'USD' ? asset.price.price : undefined);

const toCents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** What `amount` of `asset` is worth in USD, to the cent; null when the catalogue has no USD price for it. */
export function usdValue(amount: string, asset: Asset | undefined): string | null {
  const price = usdPrice(asset);
  return price === undefined ? null : toCents(new Dec(amount).mul(price));
}

export interface AccountWorth {
  /** The sum of the priced holdings, to the cent; null when none is priced. */
  value: string | null;
  /** Holdings (with a balance) that have no USD price, left out of `value`. */
  unpriced: number;
}

/** An account's worth in USD, from the assets it holds (`assets` by legacy id). */
export function accountWorth(account: VaultAccount, assets: ReadonlyMap<string, Asset>): AccountWorth {
  let sum: Decimal | null = null;
  let unpriced = 0;
  for (const holding of account.assets) {
    const price = usdPrice(assets.get(holding.id));
    if (price !== undefined) sum = (sum ?? new Dec(0)).add(new Dec(holding.total).mul(price));
    else if (!new Dec(holding.total).isZero()) unpriced += 1;
  }
  return { value: sum === null ? null : toCents(sum), unpriced };
}
