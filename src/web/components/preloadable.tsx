import { type ComponentType, createElement, lazy } from 'react';

/**
 * A component the first screen does not draw but the next step of the work will (an order's next
 * step, a dialog's form), in a chunk of its own. `preload()`, called as the page opens, fetches it;
 * once it is in, it draws at once, where a lazy component shows its fallback once, however early
 * it was fetched (and a dialog opened on a fallback puts the focus elsewhere than in its form).
 * Drawn before it is in, it suspends like a lazy component; a failed fetch is asked again then, and
 * a second failure reaches the error boundary.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetch = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Pending = lazy(async () => ({ default: await fetch() }));
  function Preloadable(props: P) {
    return createElement(loaded ?? Pending, props);
  }
  return Object.assign(Preloadable, { preload: () => void fetch().catch(() => undefined) });
}
