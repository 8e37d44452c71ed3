import { queryOptions } from '@tanstack/react-query';
import { listApprovalRequests } from '../../contract/routes/approvals';
import { getAuditLogs, verifyAuditChain } from '../../contract/routes/audit';
import { getHomeSummary } from '../../contract/routes/home';
import { listOrders } from '../../contract/routes/trading';
import { listTransactions } from '../../contract/routes/transactions';
import { api } from './api';
import { homeKeys } from './query-keys';

/*
 * What the home page reads, as query options (so a route loader can ensure them before the page
 * draws): the service's summary of counts and balances, and the first few rows of lists that other
 * areas own, under the home's own keys. The home shows a glance; the lists behind its tiles keep
 * their own keys and refresh on their own.
 */

/** How many rows of each recent list the home shows. */
export const RECENT_ROWS = 5;

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

/** A time range of the audit log, in epoch milliseconds, as its list page takes it in the address. */
export interface HomeRange {
  startTime: number;
  endTime: number;
}

/**
 * The last `days` days up to the end of the current minute: the same range (and the same cache
 * entry) for a minute, and a link to the audit log shows the events the tile showed.
 */
export function recentRange(now: number, days: number): HomeRange {
  const endTime = Math.ceil((now + 1) / MINUTE_MS) * MINUTE_MS;
  return { startTime: endTime - days * DAY_MS, endTime };
}

const HOME = homeKeys.all;

/** A page of the audit log filtered by `filters` (the API's own parameters), newest first. */
const auditSearch = (range: HomeRange, filters: [string, string][]) =>
  new URLSearchParams([['startTime', String(range.startTime)], ['endTime', String(range.endTime)], ...filters]);

export const homeQueries = {
  all: HOME,
  summary: () =>
    queryOptions({
      queryKey: homeKeys.summary,
      queryFn: ({ signal }) => api(getHomeSummary, { signal }),
    }),
  recentOrders: () =>
    queryOptions({
      queryKey: homeKeys.orders,
      queryFn: ({ signal }) => api(listOrders, { query: { pageSize: RECENT_ROWS, order: 'DESC' }, signal }),
    }),
  recentTransfers: () =>
    queryOptions({
      queryKey: homeKeys.transfers,
      queryFn: ({ signal }) => api(listTransactions, { query: { limit: RECENT_ROWS, sort: 'DESC' }, signal }),
    }),
  /** Decided approval requests: changes to the quorum and new API users, for those who cannot read the audit log. */
  decidedApprovals: () =>
    queryOptions({
      queryKey: homeKeys.decidedApprovals,
      queryFn: ({ signal }) => api(listApprovalRequests, { query: { status: 'DECIDED', pageSize: RECENT_ROWS }, signal }),
    }),
  /** The newest events of the audit log in `range` matching `filters` (e.g. [['category', 'Security']]). */
  auditEvents: (range: HomeRange, filters: [string, string][]) =>
    queryOptions({
      queryKey: [...HOME, 'audit', range, filters] as const,
      queryFn: ({ signal }) => api(getAuditLogs, { query: auditSearch(range, [...filters, ['pageSize', String(RECENT_ROWS)]]), signal }),
    }),
  /** The integrity check of the hash chain over `range` (the check itself is the service's). */
  integrity: (range: HomeRange) =>
    queryOptions({
      queryKey: [...HOME, 'integrity', range] as const,
      queryFn: ({ signal }) => api(verifyAuditChain, { query: auditSearch(range, []), signal }),
      // The check re-hashes the range (a high-compute call): once per visit is enough.
      staleTime: 5 * MINUTE_MS,
    }),
};

/** The audit log page's address for `range` and `filters`: the list behind a tile. */
export const auditLogPath = (range: HomeRange, filters: [string, string][]) => `/audit?${auditSearch(range, filters)}`;
