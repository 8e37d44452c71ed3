import { TRM_DIRECTIONS, TRM_STATUSES, type TrmDirection, type TrmStatus } from '../../../contract/travel-rule';
import { type UrlState, useUrlState } from '../../lib/use-url-state';

/**
 * What the Travel Rule page shows, as it lives in the address bar (docs/architecture.md, "The URL is the state of a list"):
 * the tab, the message open and the list's filters, or the directory's search and the VASP open, so each
 * view is a link and survives a reload. A value the list would not take is dropped.
 */
export interface TravelRuleView {
  tab: 'messages' | 'vasps';
  trm?: string;
  status?: TrmStatus;
  direction?: TrmDirection;
  q?: string;
  vasp?: string;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values.includes(value as T) ? (value as T) : undefined);

export function parseTravelRuleSearch(params: URLSearchParams): TravelRuleView {
  return {
    tab: params.get('tab') === 'vasps' ? 'vasps' : 'messages',
    trm: params.get('trm') || undefined,
    status: oneOf(TRM_STATUSES, params.get('status')),
    direction: oneOf(TRM_DIRECTIONS, params.get('direction')),
    q: params.get('q') || undefined,
    vasp: params.get('vasp') || undefined,
  };
}

export function toTravelRuleSearch(view: TravelRuleView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab === 'vasps') params.set('tab', 'vasps');
  for (const name of ['trm', 'status', 'direction', 'q', 'vasp'] as const) {
    const value = view[name];
    if (value) params.set(name, value);
  }
  return params;
}

const write = (view: TravelRuleView): UrlState => ({ search: toTravelRuleSearch(view) });

/** The page's view and its `update`; `linkTo` is the address of a change, for a link. */
export function useTravelRuleView() {
  const [view, update] = useUrlState(parseTravelRuleSearch, write);
  const linkTo = (change: Partial<TravelRuleView>) => `?${toTravelRuleSearch({ ...view, ...change })}`;
  return { view, update, linkTo };
}
