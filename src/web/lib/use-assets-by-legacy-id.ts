import { useQueries } from '@tanstack/react-query';
import type { Asset } from '../../contract/catalogue';
import { assetQuery } from './catalogue-queries';

/**
 * The catalogue's assets by legacy id (the id vault balances name them by), for their decimals
 * and prices: one cached query per asset, shared with every other page that shows it. An asset
 * unknown to the catalogue is absent: its amounts are then shown as sent, and its value as unknown.
 * `pending` while any is still loading, so that no value is shown as unknown before it is.
 */
export function useAssetsByLegacyId(ids: readonly string[]): { assets: ReadonlyMap<string, Asset>; pending: boolean } {
  return useQueries({
    queries: [...new Set(ids)].map((id) => assetQuery(id)),
    combine: (results) => ({
      assets: new Map(results.flatMap((result) => (result.data ? [[result.data.legacyId, result.data] as const] : []))),
      pending: results.some((result) => result.isPending),
    }),
  });
}
