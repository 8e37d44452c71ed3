import { queryOptions, useQueries } from '@tanstack/react-query';
import { type Asset, MAX_IDS } from '../../contract/catalogue';
import { listAssets } from '../../contract/routes/catalogue';
import { api } from './api';
import { assetKeys } from './query-keys';

/**
 * One request for many assets (listAssets with `ids`, which matches legacy ids), under the
 * catalogue's list key, so a write in the catalogue (which invalidates every asset key) refreshes it.
 * The ids are sorted, so the same set is the same cache entry whatever order a page lists them in.
 */
const assetsQuery = (ids: readonly string[]) => {
  const query = new URLSearchParams({ ids: ids.join(',') });
  return queryOptions({
    queryKey: assetKeys.page(query.toString()),
    queryFn: ({ signal }) => api(listAssets, { query, signal }),
  });
};

/**
 * The catalogue's assets by legacy id (the id vault balances name them by), for their decimals
 * and prices: one request per hundred ids (the list's limit), not one per asset, so a page of fifty
 * assets asks once. The workspace's own asset of a legacy id wins over the global one, as in the
 * service. An asset unknown to the catalogue is absent: its amounts are then shown as sent, and its
 * value as unknown. `pending` while any is still loading, so that no value is shown as unknown
 * before it is.
 */
export function useAssetsByLegacyId(ids: readonly string[]): { assets: ReadonlyMap<string, Asset>; pending: boolean } {
  const unique = [...new Set(ids)].sort();
  const batches: string[][] = [];
  for (let start = 0; start < unique.length; start += MAX_IDS) batches.push(unique.slice(start, start + MAX_IDS));
  return useQueries({
    queries: batches.map((batch) => assetsQuery(batch)),
    combine: (results) => {
      const assets = new Map<string, Asset>();
      for (const asset of results.flatMap((result) => result.data?.data ?? [])) {
        if (!assets.has(asset.legacyId) || asset.metadata.scope === 'LOCAL') assets.set(asset.legacyId, asset);
      }
      return { assets, pending: results.some((result) => result.isPending) };
    },
  });
}
