import { TransactionsQuery, type TransactionStatus } from '../../../contract/transactions';

/**
 * What the transactions list shows, as it lives in the address bar (docs/architecture.md, "The URL is the state of a list"),
 * in the service's own parameter names. A value the contract would refuse (a hand-edited link) is dropped.
 */
export interface TransactionsView {
  status: TransactionStatus[];
  asset: string | null;
  txHash: string | null;
  orderId: string | null;
  /** Only the stuck transfers: the ones the home's tile counts. */
  stuck: boolean;
  sort: 'ASC' | 'DESC';
}

export const NO_FILTERS: TransactionsView = { status: [], asset: null, txHash: null, orderId: null, stuck: false, sort: 'DESC' };

/** A page a person can scan; "Load more" fetches the next. */
export const PAGE_SIZE = 50;

const query = TransactionsQuery.shape;

/** A text filter the contract accepts, trimmed, or null. */
function text(schema: (typeof query)['txHash'], raw: string | null): string | null {
  const value = raw?.trim();
  if (!value) return null;
  const parsed = schema.safeParse(value);
  return parsed.success && parsed.data ? parsed.data : null;
}

export function parseTransactionsSearch(params: URLSearchParams): TransactionsView {
  const status = query.status.safeParse(params.get('status') || undefined);
  const assets = query.assets.safeParse(params.get('assets') || undefined);
  return {
    // The contract checked every value against the statuses.
    status: status.success ? ([...new Set(status.data ?? [])] as TransactionStatus[]) : [],
    // One asset at a time: the console's filter is a single choice.
    asset: assets.success ? (assets.data?.[0] ?? null) : null,
    txHash: text(query.txHash, params.get('txHash')),
    orderId: text(query.orderId, params.get('orderId')),
    // The console offers only "stuck"; stuck=false, which the service reads as "not stuck", is dropped.
    stuck: params.get('stuck') === 'true',
    sort: params.get('sort') === 'ASC' ? 'ASC' : 'DESC',
  };
}

/** The canonical search string of a view; defaults are left out to keep links short. */
export function toTransactionsSearch(view: TransactionsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.status.length > 0) params.set('status', view.status.join(','));
  if (view.asset) params.set('assets', view.asset);
  if (view.txHash) params.set('txHash', view.txHash);
  if (view.orderId) params.set('orderId', view.orderId);
  if (view.stuck) params.set('stuck', 'true');
  if (view.sort !== 'DESC') params.set('sort', view.sort);
  return params;
}

/** The service's query for one page of the view. */
export function toListQuery(view: TransactionsView, cursor: string | null): URLSearchParams {
  const params = toTransactionsSearch(view);
  params.set('sort', view.sort);
  params.set('limit', String(PAGE_SIZE));
  if (cursor) params.set('next', cursor);
  return params;
}

export const hasFilters = (view: TransactionsView): boolean =>
  view.status.length > 0 || view.asset !== null || view.txHash !== null || view.orderId !== null || view.stuck;
