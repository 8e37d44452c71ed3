import { type AssetFilters, type AssetsView, NO_FILTERS, parseAssetsSearch, toAssetsSearch } from './assets-view';
import { type UrlState, useUrlState } from '../../lib/use-url-state';

/**
 * The cursors of the pages before the one on screen, oldest first (null for the first page). They
 * live in the history entry rather than the address: each entry keeps the trail it was reached
 * by, so "Previous", the back button and a reload all agree. A link opened afresh has no trail;
 * it then starts with the linked page.
 */
type Trail = (string | null)[];

interface Located {
  view: AssetsView;
  trail: Trail;
}

function trailOf(state: unknown): Trail {
  const trail = (state as { previousCursors?: unknown } | null)?.previousCursors;
  return Array.isArray(trail) && trail.every((cursor) => cursor === null || typeof cursor === 'string') ? trail : [];
}

const read = (search: URLSearchParams, state: unknown): Located => ({ view: parseAssetsSearch(search), trail: trailOf(state) });
const write = ({ view, trail }: Located): UrlState => ({ search: toAssetsSearch(view), state: { previousCursors: trail } });

export interface AssetsViewControls {
  view: AssetsView;
  /** The number of the page on screen, or null when a link led straight to a later page. */
  pageNumber: number | null;
  setFilters: (filters: Partial<AssetFilters>) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: AssetsView['sort']) => void;
  /** A list that shows the asset just registered (a search for its address), with its drawer open. */
  showRegistered: (asset: { id: string; address: string }) => void;
  nextPage: (cursor: string) => void;
  /** Null on the first page, and on a linked page whose predecessors this tab never saw. */
  previousPage: (() => void) | null;
  firstPage: () => void;
  openAsset: (id: string) => void;
  closeAsset: () => void;
}

export function useAssetsView(): AssetsViewControls {
  const [{ view, trail }, update] = useUrlState(read, write);

  // Another filter or page size is another list: it starts at its first page, without a drawer.
  const restart = (changes: Partial<AssetsView>) => update((latest) => ({ view: { ...latest.view, ...changes, pageCursor: null, asset: null }, trail: [] }));

  return {
    view,
    pageNumber: view.pageCursor === null || trail[0] === null ? trail.length + 1 : null,
    setFilters: (filters) => restart(filters),
    setPageSize: (pageSize) => restart({ pageSize }),
    setSort: (sort) => restart({ sort }),
    // A new asset may land on any page of the list; a search for its address finds it alone.
    showRegistered: ({ id, address }) => update((latest) => ({ view: { ...latest.view, ...NO_FILTERS, q: address, pageCursor: null, asset: id }, trail: [] })),
    nextPage: (cursor) =>
      update((latest) => ({
        view: { ...latest.view, pageCursor: cursor, asset: null },
        trail: [...latest.trail, latest.view.pageCursor],
      })),
    previousPage:
      trail.length > 0
        ? () =>
            update((latest) => ({
              view: { ...latest.view, pageCursor: latest.trail.at(-1) ?? null, asset: null },
              trail: latest.trail.slice(0, -1),
            }))
        : null,
    firstPage: () => restart({}),
    openAsset: (id) => update((latest) => ({ ...latest, view: { ...latest.view, asset: id } })),
    closeAsset: () => update((latest) => ({ ...latest, view: { ...latest.view, asset: null } })),
  };
}
