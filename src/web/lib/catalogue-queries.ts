import { queryOptions } from '@tanstack/react-query';
import { getAsset, getBlockchain } from '../../contract/routes/catalogue';
import { api } from './api';
import { assetKeys, blockchainKeys } from './query-keys';

/**
 * One asset and one blockchain, as every area reads them (the catalogue's drawer, the order
 * estimate and receipt, a transaction's explorer link): one query each, so one cache entry.
 */
export const assetQuery = (id: string) =>
  queryOptions({
    queryKey: assetKeys.detail(id),
    queryFn: ({ signal }) => api(getAsset, { params: { id }, signal }),
  });

export const blockchainQuery = (id: string) =>
  queryOptions({
    queryKey: blockchainKeys.detail(id),
    queryFn: ({ signal }) => api(getBlockchain, { params: { id }, signal }),
    // Blockchains change with releases of the service, not while somebody works.
    staleTime: 10 * 60_000,
  });
