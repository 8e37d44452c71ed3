import { BlockchainListQuery } from '../../../contract/catalogue';

/** The filters of the blockchains tab, under the service's own parameter names (docs/architecture.md, "The URL is the state of a list"). */
export interface BlockchainFilters {
  protocol?: string;
  test?: boolean;
  deprecated?: boolean;
}

const query = BlockchainListQuery.shape;

/** Reads the address; a value the service would refuse (test=maybe) is dropped rather than sent. */
export function parseBlockchainsSearch(params: URLSearchParams): BlockchainFilters {
  const filters: BlockchainFilters = {};
  const protocol = query.protocol.safeParse(params.get('protocol') || undefined);
  if (protocol.success && protocol.data) filters.protocol = protocol.data;
  const test = query.test.safeParse(params.get('test') ?? undefined);
  if (test.success && test.data !== undefined) filters.test = test.data;
  const deprecated = query.deprecated.safeParse(params.get('deprecated') ?? undefined);
  if (deprecated.success && deprecated.data !== undefined) filters.deprecated = deprecated.data;
  return filters;
}

export function toBlockchainsSearch(filters: BlockchainFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.protocol) params.set('protocol', filters.protocol);
  if (filters.test !== undefined) params.set('test', String(filters.test));
  if (filters.deprecated !== undefined) params.set('deprecated', String(filters.deprecated));
  return params;
}
