import type { z } from 'zod';
import { AssetListQuery, type AssetSort } from '../../../contract/catalogue';

/**
 * What the assets tab shows, as it lives in the address bar (docs/architecture.md, "The URL is the state of a list").
 * The filters, the page size and the cursor use the service's own parameter names, so the service gets them
 * unchanged. `testnets` is the console's own: the service has no such filter on assets (see
 * `needsTestnet`), and `asset` names the asset whose drawer is open.
 *
 * The cursor of the page on screen is in the address too: it is opaque and holds no personal
 * data, so a copied link opens that very page, and the back button returns to the page before.
 * The cursors of the pages before it are not: they ride along in the history entry (see
 * use-assets-view), which is all "Previous" needs.
 */
export interface AssetsView {
  /** Search (the service's `q`): a part of the symbol, name or address. */
  q: string | null;
  blockchainId: string | null;
  assetClass: NonNullable<AssetListQuery['assetClass']> | null;
  symbol: string | null;
  scope: NonNullable<AssetListQuery['scope']> | null;
  deprecated: boolean | null;
  testnets: boolean;
  /** The service's `sort`; null is the console's default order (see `listOrder`). */
  sort: AssetSort | null;
  pageSize: number;
  pageCursor: string | null;
  asset: string | null;
}

export type AssetFilters = Pick<AssetsView, 'q' | 'blockchainId' | 'assetClass' | 'symbol' | 'scope' | 'deprecated' | 'testnets'>;

export const NO_FILTERS: AssetFilters = {
  q: null,
  blockchainId: null,
  assetClass: null,
  symbol: null,
  scope: null,
  deprecated: null,
  testnets: false,
};

export const PAGE_SIZES = [100, 250, 500, 1000] as const;

/** The console's own default, a page a person can scan; the service's 500 suits programs better. */
export const DEFAULT_PAGE_SIZE = 100;

const query = AssetListQuery.shape;

/** A value the contract accepts, or null: a hand-edited link the service would refuse is dropped. */
function valid<S extends z.ZodType>(schema: S, raw: string | null): Exclude<z.output<S>, undefined> | null {
  const parsed = schema.safeParse(raw || undefined);
  return parsed.success && parsed.data !== undefined ? (parsed.data as Exclude<z.output<S>, undefined>) : null;
}

export function parseAssetsSearch(params: URLSearchParams): AssetsView {
  return {
    q: valid(query.q, params.get('q')),
    blockchainId: valid(query.blockchainId, params.get('blockchainId')),
    assetClass: valid(query.assetClass, params.get('assetClass')),
    symbol: valid(query.symbol, params.get('symbol')),
    scope: valid(query.scope, params.get('scope')),
    deprecated: valid(query.deprecated, params.get('deprecated')),
    testnets: params.get('testnets') === 'true',
    sort: valid(query.sort, params.get('sort')),
    // Asked only when present: the contract's schema would fill in the service's default.
    pageSize: (params.has('pageSize') && valid(query.pageSize, params.get('pageSize'))) || DEFAULT_PAGE_SIZE,
    pageCursor: valid(query.pageCursor, params.get('pageCursor')),
    asset: params.get('asset') || null,
  };
}

/**
 * The order the list is asked for. Without a sort chosen: by relevance while searching (the service
 * ranks a search on its own, by symbol within each rank), else by symbol, since the service's own
 * order (by id, the spec's) means nothing to a reader. The service orders and pages it, by keyset
 * on (rank, symbol, id), so every page follows on from the one before.
 */
export const listOrder = (view: Pick<AssetsView, 'q' | 'sort'>): AssetSort | null => view.sort ?? (view.q ? null : 'symbol');

/** The service's query for the page on screen. */
export function toListQuery(view: AssetsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.blockchainId) params.set('blockchainId', view.blockchainId);
  if (view.assetClass) params.set('assetClass', view.assetClass);
  if (view.symbol) params.set('symbol', view.symbol);
  if (view.scope) params.set('scope', view.scope);
  if (view.deprecated !== null) params.set('deprecated', String(view.deprecated));
  const order = listOrder(view);
  if (order) params.set('sort', order);
  params.set('pageSize', String(view.pageSize));
  if (view.pageCursor) params.set('pageCursor', view.pageCursor);
  return params;
}

/** The canonical search string of a view; defaults are left out to keep links short. */
export function toAssetsSearch(view: AssetsView): URLSearchParams {
  const params = toListQuery(view);
  if (!view.sort) params.delete('sort');
  if (view.pageSize === DEFAULT_PAGE_SIZE) params.delete('pageSize');
  if (view.testnets) params.set('testnets', 'true');
  if (view.asset) params.set('asset', view.asset);
  return params;
}

export const hasFilters = (view: AssetsView): boolean => (Object.keys(NO_FILTERS) as (keyof AssetFilters)[]).some((key) => view[key] !== NO_FILTERS[key]);

/**
 * The service filters assets by one blockchain, not by "any testnet". So with testnets only and
 * no testnet chosen, there is no honest list to show: the page asks for a testnet instead of
 * showing mainnet assets under a filter that says otherwise.
 */
export const needsTestnet = (view: AssetsView): boolean => view.testnets && view.blockchainId === null;
