import type { z } from 'zod';
import { AUDIT_PAGE_SIZE, AuditLogQuery } from '../../../contract/audit';
import { RELATIVE_RANGE_IDS, RELATIVE_RANGES, type RelativeRange } from '../../../contract/audit-views';

/**
 * What the explorer shows, as it lives in the address bar. The search string is the API's own
 * query (minus the cursor), so a link reproduces the exact view, except for a relative range
 * (`range=24h`), which the address keeps as it is and the page turns into times when it reads the
 * address: a shared link or a reload shows the latest events of that length.
 */
export const FILTER_FIELDS = ['category', 'subject', 'event', 'user', 'userId'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export type AuditOrder = AuditLogQuery['order'];

export interface AuditRange {
  startTime: number;
  endTime: number;
}

export interface AuditView extends AuditRange, Record<FilterField, string[]> {
  /** Free text (`q`), '' for none. */
  q: string;
  /** Set when the range is relative: startTime and endTime are then what it meant when the address was read. */
  range?: RelativeRange;
  order: AuditOrder;
  pageSize: number;
}

/** A view read from an address that may name no range yet (the navigation link opens `/audit`). */
type AuditViewDraft = Omit<AuditView, keyof AuditRange> & Partial<AuditRange>;

const query = AuditLogQuery.shape;
const DEFAULT_ORDER = query.order.parse(undefined);

/** A field the contract accepts, or undefined so the caller falls back to the default. */
function valid<S extends z.ZodType>(schema: S, raw: string | null): z.output<S> | undefined {
  const parsed = schema.safeParse(raw || undefined);
  return parsed.success ? parsed.data : undefined;
}

const isRelativeRange = (value: string | null): value is RelativeRange => RELATIVE_RANGE_IDS.includes(value as RelativeRange);

/**
 * Reads the address; values the service would refuse (a page size of 9999, order=up) are dropped.
 * A relative range is resolved at `now` and wins over absolute times in the same address.
 */
export function parseAuditSearch(params: URLSearchParams, now = Date.now()): AuditViewDraft {
  const filters = Object.fromEntries(FILTER_FIELDS.map((field) => [field, [...new Set(params.getAll(field).filter(Boolean))]])) as Record<
    FilterField,
    string[]
  >;
  const range = params.get('range');
  return {
    ...(isRelativeRange(range)
      ? { range, ...relativeRange(range, now) }
      : { startTime: valid(query.startTime, params.get('startTime')), endTime: valid(query.endTime, params.get('endTime')) }),
    ...filters,
    q: valid(query.q, params.get('q')) ?? '',
    order: valid(query.order, params.get('order')) ?? DEFAULT_ORDER,
    pageSize: valid(query.pageSize, params.get('pageSize')) ?? AUDIT_PAGE_SIZE.default,
  };
}

export function isCompleteView(draft: AuditViewDraft): draft is AuditView {
  return draft.startTime !== undefined && draft.endTime !== undefined;
}

function searchOf(view: AuditView, range: [string, string][]): URLSearchParams {
  const params = new URLSearchParams(range);
  for (const field of FILTER_FIELDS) for (const value of view[field]) params.append(field, value);
  if (view.q) params.set('q', view.q);
  if (view.order !== DEFAULT_ORDER) params.set('order', view.order);
  if (view.pageSize !== AUDIT_PAGE_SIZE.default) params.set('pageSize', String(view.pageSize));
  return params;
}

/** The query the service is sent for a view, always in absolute times; defaults are left out. */
export function toAuditSearch(view: AuditView): URLSearchParams {
  return searchOf(view, [
    ['startTime', String(view.startTime)],
    ['endTime', String(view.endTime)],
  ]);
}

/** The canonical address of a view: its relative range as such, else its times (what a saved view keeps too). */
export function toAuditAddress(view: AuditView): URLSearchParams {
  return view.range ? searchOf(view, [['range', view.range]]) : toAuditSearch(view);
}

const DAY_MS = 24 * 60 * 60 * 1000;

// The service allows reading back one calendar year from its own clock at the moment it answers,
// which is later than the moment the preset was picked (and the clocks may differ a little): a
// start exactly one year back would be refused, so the year preset keeps this much margin.
const YEAR_MARGIN_MS = 15 * 60 * 1000;

/**
 * The end of the second `ms` falls in: whole seconds read better in the inputs, and rounding down
 * would leave out what happened earlier in this very second (a sign-in just made, say).
 */
const endOfSecond = (ms: number) => Math.ceil(ms / 1000) * 1000;

/** The times a relative range means at `now`. */
export function relativeRange(range: RelativeRange, now: number): AuditRange {
  const endTime = endOfSecond(now);
  return { startTime: endTime - RELATIVE_RANGES[range].ms, endTime };
}

/**
 * The absolute range "last year" means at `now`. Not relative: the year's start moves past what the
 * service allows while a page is open, so it is fixed when picked.
 */
export function lastYear(now: number): AuditRange {
  const endTime = endOfSecond(now);
  const yearBack = new Date(endTime);
  yearBack.setUTCFullYear(yearBack.getUTCFullYear() - 1);
  return { startTime: yearBack.getTime() + YEAR_MARGIN_MS, endTime };
}

/** The range of an address that names none (the navigation link opens `/audit`). */
const DEFAULT_RANGE: RelativeRange = '24h';

/**
 * Fills in what the address leaves out. No times at all: the last 24 hours, relative, so the first
 * view reaches up to now and can be live-tailed. Only an end: the day before it. Only a start: up to now.
 */
export function completeView(draft: AuditViewDraft, now: number): AuditView {
  if (draft.startTime === undefined && draft.endTime === undefined) return { ...draft, range: DEFAULT_RANGE, ...relativeRange(DEFAULT_RANGE, now) };
  const endTime = draft.endTime ?? endOfSecond(now);
  return { ...draft, startTime: draft.startTime ?? endTime - DAY_MS, endTime };
}
