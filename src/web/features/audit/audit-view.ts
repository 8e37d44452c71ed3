import type { z } from 'zod';
import { AUDIT_PAGE_SIZE, AuditLogQuery } from '../../../contract/audit';

/**
 * What the explorer shows, as it lives in the address bar. The search string is the API's own
 * query (minus the cursor), so a link reproduces the exact view and the page sends it unchanged.
 * Times are always absolute epoch milliseconds: a preset is turned into times when it is picked.
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

/** Reads the address; values the service would refuse (a page size of 9999, order=up) are dropped. */
export function parseAuditSearch(params: URLSearchParams): AuditViewDraft {
  const filters = Object.fromEntries(FILTER_FIELDS.map((field) => [field, [...new Set(params.getAll(field).filter(Boolean))]])) as Record<
    FilterField,
    string[]
  >;
  return {
    startTime: valid(query.startTime, params.get('startTime')),
    endTime: valid(query.endTime, params.get('endTime')),
    ...filters,
    q: valid(query.q, params.get('q')) ?? '',
    order: valid(query.order, params.get('order')) ?? DEFAULT_ORDER,
    pageSize: valid(query.pageSize, params.get('pageSize')) ?? AUDIT_PAGE_SIZE.default,
  };
}

export function isCompleteView(draft: AuditViewDraft): draft is AuditView {
  return draft.startTime !== undefined && draft.endTime !== undefined;
}

/** The canonical search string of a view; defaults are left out to keep links short. */
export function toAuditSearch(view: AuditView): URLSearchParams {
  const params = new URLSearchParams({ startTime: String(view.startTime), endTime: String(view.endTime) });
  for (const field of FILTER_FIELDS) for (const value of view[field]) params.append(field, value);
  if (view.q) params.set('q', view.q);
  if (view.order !== DEFAULT_ORDER) params.set('order', view.order);
  if (view.pageSize !== AUDIT_PAGE_SIZE.default) params.set('pageSize', String(view.pageSize));
  return params;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

// The service allows reading back one calendar year from its own clock at the moment it answers,
// which is later than the moment the preset was picked (and the clocks may differ a little): a
// start exactly one year back would be refused, so the year preset keeps this much margin.
const YEAR_MARGIN_MS = 15 * 60 * 1000;

export const RANGE_PRESETS = [
  { id: 'hour', label: 'Last hour' },
  { id: 'day', label: 'Last 24 hours' },
  { id: 'week', label: 'Last 7 days' },
  { id: 'month', label: 'Last 30 days' },
  { id: 'year', label: 'Last year' },
] as const;
type RangePreset = (typeof RANGE_PRESETS)[number]['id'];

const PRESET_LENGTH_MS: Record<Exclude<RangePreset, 'year'>, number> = {
  hour: HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
};

/** The absolute range a preset means at `now`, in whole seconds, which read better in the inputs. */
export function presetRange(preset: RangePreset, now: number): AuditRange {
  const endTime = Math.floor(now / 1000) * 1000;
  if (preset !== 'year') return { startTime: endTime - PRESET_LENGTH_MS[preset], endTime };
  const yearBack = new Date(endTime);
  yearBack.setUTCFullYear(yearBack.getUTCFullYear() - 1);
  return { startTime: yearBack.getTime() + YEAR_MARGIN_MS, endTime };
}

/** Fills in what the address leaves out: the end is now, the start one day before the end. */
export function completeView(draft: AuditViewDraft, now: number): AuditView {
  const endTime = draft.endTime ?? presetRange('day', now).endTime;
  return { ...draft, startTime: draft.startTime ?? endTime - DAY_MS, endTime };
}
