import { type OrderStatus, OrdersQuery } from '../../../contract/trading';

/**
 * What the orders list shows, as it lives in the address bar (docs/architecture.md, "The URL is the state of a list"):
 * the status, provider and account filters under the service's own names, and the time as whole UTC days,
 * which is how people ask ("orders of 3 March") and what a shared link should keep meaning.
 */
export interface OrdersView {
  statuses: OrderStatus[];
  providerId: string | null;
  accountId: string | null;
  /** First and last day of the creation time, YYYY-MM-DD in UTC, both included. */
  from: string | null;
  to: string | null;
}

export const NO_ORDER_FILTERS: OrdersView = { statuses: [], providerId: null, accountId: null, from: null, to: null };

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight UTC of a YYYY-MM-DD day, or null when it is no real day. */
export function dayStart(day: string): number | null {
  if (!DAY.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? null : ms;
}

const validDay = (raw: string | null) => (raw !== null && dayStart(raw) !== null ? raw : null);
const query = OrdersQuery.shape;

export function parseOrdersSearch(params: URLSearchParams): OrdersView {
  // The contract's parser: a hand-edited link with a status the service does not know shows all of them.
  const statuses = query.statuses.safeParse(params.get('statuses') ?? undefined);
  const text = (name: string) => params.get(name)?.trim() || null;
  return {
    statuses: statuses.success ? ((statuses.data ?? []) as OrderStatus[]) : [],
    providerId: text('providerId'),
    accountId: text('accountId'),
    from: validDay(params.get('from')),
    to: validDay(params.get('to')),
  };
}

/** The canonical search string of a view; empty filters are left out to keep links short. */
export function toOrdersSearch(view: OrdersView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.statuses.length > 0) params.set('statuses', view.statuses.join(','));
  if (view.providerId) params.set('providerId', view.providerId);
  if (view.accountId) params.set('accountId', view.accountId);
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  return params;
}

const ORDERS_PAGE = 25;

/** The service's query for the view (without the cursor, which the list adds page by page). */
export function toOrdersQuery(view: OrdersView): URLSearchParams {
  const params = new URLSearchParams({ pageSize: String(ORDERS_PAGE), order: 'DESC' });
  if (view.statuses.length > 0) params.set('statuses', view.statuses.join(','));
  if (view.providerId) params.set('providerId', view.providerId);
  if (view.accountId) params.set('accountId', view.accountId);
  const start = view.from ? dayStart(view.from) : null;
  const end = view.to ? dayStart(view.to) : null;
  if (start !== null) params.set('startTime', String(start));
  if (end !== null) params.set('endTime', String(end + DAY_MS - 1));
  return params;
}

export const hasOrderFilters = (view: OrdersView) => toOrdersSearch(view).size > 0;

/** A range whose end comes before its start finds nothing; the filters say so rather than asking. */
export const rangeProblem = (view: OrdersView): string | null =>
  view.from && view.to && view.to < view.from ? 'The last day must not be before the first' : null;
