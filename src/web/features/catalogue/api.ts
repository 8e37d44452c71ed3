import { notifications } from '@mantine/notifications';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { type Asset, type Blockchain, BLOCKCHAIN_PAGE_SIZE, type RegisterAssetRequest, type SetPriceRequest } from '../../../contract/catalogue';
import { listAssets, listBlockchains, registerAsset, setAssetPrice, updateAssetMetadata } from '../../../contract/routes/catalogue';
import { api } from '../../lib/api';
import { assetQuery } from '../../lib/catalogue-queries';
import type { FormMutationOptions } from '../../lib/form-mutation';
import { assetKeys, blockchainKeys } from '../../lib/query-keys';
import { useIdempotentMutation } from '../../lib/use-idempotency-key';
import { type BlockchainFilters, toBlockchainsSearch } from './blockchains-view';

/**
 * Assets and blockchains are cached under the console's shared keys (lib/query-keys.ts): a
 * registration, a price or a note changes what every area shows of an asset, so writes
 * invalidate `assetKeys.all`.
 */
export const assetQueries = {
  /** One page of the list: `query` is the service's own query string, cursor and page size included. */
  page: (query: string) =>
    queryOptions({
      queryKey: assetKeys.page(query),
      queryFn: ({ signal }) => api(listAssets, { query: new URLSearchParams(query), signal }),
      // The page on screen stays while the next one loads, so the pager does not jump.
      placeholderData: keepPreviousData,
    }),
  detail: assetQuery,
};

/** Every blockchain that matches, following `next` to the end: the catalogue's few dozen fit one page. */
async function fetchBlockchains(filters: BlockchainFilters, signal: AbortSignal): Promise<Blockchain[]> {
  const chains: Blockchain[] = [];
  let cursor: string | null = null;
  do {
    const query = toBlockchainsSearch(filters);
    query.set('pageSize', String(BLOCKCHAIN_PAGE_SIZE.max));
    if (cursor) query.set('pageCursor', cursor);
    const page = await api(listBlockchains, { query, signal });
    chains.push(...page.data);
    cursor = page.next;
  } while (cursor);
  // The service orders by id, which means nothing to a reader.
  return chains.sort((a, b) => a.displayName.localeCompare(b.displayName));
}

export const blockchainQueries = {
  list: (filters: BlockchainFilters = {}) =>
    queryOptions({
      queryKey: blockchainKeys.list(filters),
      queryFn: ({ signal }) => fetchBlockchains(filters, signal),
      // Blockchains change with releases of the service, not while somebody works.
      staleTime: 10 * 60_000,
    }),
};

export function useRegisterAsset({ onError }: FormMutationOptions) {
  return useIdempotentMutation({
    mutationFn: (body: RegisterAssetRequest, keyFor) => api(registerAsset, { body, idempotencyKey: keyFor(body) }),
    onSuccess: (asset) => {
      notifications.show({
        color: 'teal',
        title: `${asset.onchain.symbol} registered`,
        message: `${asset.onchain.name} is listed as ${asset.legacyId}, with scope ${asset.metadata.scope}: it belongs to this workspace only.`,
      });
    },
    onError,
    invalidates: [assetKeys.all],
  });
}

export function useSetAssetPrice(asset: Asset, { onError }: FormMutationOptions) {
  return useIdempotentMutation({
    mutationFn: (body: SetPriceRequest, keyFor) => api(setAssetPrice, { params: { id: asset.id }, body, idempotencyKey: keyFor({ id: asset.id, ...body }) }),
    onSuccess: (_price, body) => {
      notifications.show({ color: 'teal', title: 'Price set', message: `${asset.displaySymbol} is now priced in ${body.currency}.` });
    },
    onError,
    invalidates: [assetKeys.all],
  });
}

export function useSaveAssetNote(asset: Asset, { onError }: FormMutationOptions) {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (text: string, keyFor) => {
      const body = { metadata: { note: { text } } };
      return api(updateAssetMetadata, { params: { id: asset.id }, body, idempotencyKey: keyFor({ id: asset.id, ...body }) });
    },
    onSuccess: (after) => {
      // Shown at once; the invalidation below brings every list up to date as well.
      queryClient.setQueryData(assetQueries.detail(asset.id).queryKey, after);
    },
    onError,
    invalidates: [assetKeys.all],
  });
}
