import type { EarnProvider, EarnSortField } from '../../../contract/earn';

type Value = EarnProvider[EarnSortField];

/** Compares two values of one provider field: text by code point, numbers, booleans (false first), lists element by element. */
export function compareValues(a: Value, b: Value): number {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const diff = a[i]! - b[i]!;
      if (diff !== 0) return Math.sign(diff);
    }
    return Math.sign(a.length - b.length);
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return 0;
}

/** Where a page starts: after (next) or before (prev) the provider with this sort value and id. */
export interface Boundary {
  d: 'next' | 'prev';
  v: Value;
  id: string;
}

export interface ProviderPage {
  data: EarnProvider[];
  total: number;
  /** The boundaries for the neighbouring pages, when there are such pages. */
  next?: Boundary;
  prev?: Boundary;
}

/**
 * One page of providers in a total order (the field, then providerId, both in the requested
 * direction). Pages are found by key, never by position, so a cursor still leads to the right
 * place when providers are added or their approval changes.
 */
export function pageOfProviders(all: EarnProvider[], sortBy: EarnSortField, order: 'ASC' | 'DESC', pageSize: number, from?: Boundary): ProviderPage {
  const sign = order === 'ASC' ? 1 : -1;
  const compare = (p: { v: Value; id: string }, q: { v: Value; id: string }) =>
    sign * compareValues(p.v, q.v) || sign * (p.id < q.id ? -1 : p.id > q.id ? 1 : 0);
  const keyOf = (p: EarnProvider) => ({ v: p[sortBy], id: p.providerId });
  const sorted = [...all].sort((p, q) => compare(keyOf(p), keyOf(q)));

  let data: EarnProvider[];
  if (!from) data = sorted.slice(0, pageSize);
  else if (from.d === 'next') data = sorted.filter((p) => compare(keyOf(p), from) > 0).slice(0, pageSize);
  else data = sorted.filter((p) => compare(keyOf(p), from) < 0).slice(-pageSize);

  const first = data[0];
  const last = data.at(-1);
  const page: ProviderPage = { data, total: all.length };
  if (first && sorted.some((p) => compare(keyOf(p), keyOf(first)) < 0)) page.prev = { d: 'prev', ...keyOf(first) };
  if (last && sorted.some((p) => compare(keyOf(p), keyOf(last)) > 0)) page.next = { d: 'next', ...keyOf(last) };
  return page;
}
