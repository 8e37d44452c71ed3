import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';

export interface UrlState {
  search: URLSearchParams;
  /** Kept in the history entry, beside the address (see use-assets-view). */
  state?: unknown;
}

/**
 * A value that lives in the address bar (docs/architecture.md, "The URL is the state of a list"), read
 * with `parse` and written with `write`; every change is a new history entry, so the back button undoes it.
 *
 * A change is a navigation, which the router commits only once its loaders have run again. A
 * second change made meanwhile (a quick user, a test) must build on the first rather than on the
 * value still on screen, or it would silently undo it: `update` hands its callback the latest
 * value asked for.
 */
export function useUrlState<T>(parse: (search: URLSearchParams, state: unknown) => T, write: (value: T) => UrlState) {
  const [params, setParams] = useSearchParams();
  const { key, state } = useLocation();
  const search = params.toString();
  const value = useMemo(() => parse(new URLSearchParams(search), state), [parse, search, state]);
  // The value last asked for, until the address moves (the change landed, or the user went back).
  const pending = useRef<T | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [key]);

  const update = (change: (latest: T) => T) => {
    const next = change(pending.current ?? value);
    pending.current = next;
    const written = write(next);
    setParams(written.search, { state: written.state });
  };

  return [value, update] as const;
}
