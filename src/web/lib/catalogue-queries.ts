import { queryOptions } from '@tanstack/react-query';
import { Asset, Blockchain } from '../../contract/catalogue';
import { assetKeys, blockchainKeys } from './query-keys';
import { session } from './session';

/**
 * One asset and one blockchain, as every area reads them (the catalogue's drawer, the order
 * estimate and receipt, a transaction's explorer link): one query each, so one cache entry.
 */
export const assetQuery = (id: string) =>
  queryOptions({
    queryKey: assetKeys.detail(id),
    queryFn: ({ signal }) => session.api.request(`/v1/assets/${encodeURIComponent(id)}`, Asset, { signal }),
  });

export const blockchainQuery = (id: string) =>
  queryOptions({
    queryKey: blockchainKeys.detail(id),
    queryFn: ({ signal }) => session.api.request(`/v1/blockchains/${encodeURIComponent(id)}`, Blockchain, { signal }),
    // Blockchains change with releases of the service, not while somebody works.
    staleTime: 10 * 60_000,
  });
