import { useSyncExternalStore } from 'react';

// One clock for every relative time on the page: a single timer while anything shows one, read
// through useSyncExternalStore, so a tick re-renders the components that say "3 min ago" and
// nothing else (not the page around them).

const TICK_MS = 60_000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    // The first reader after a quiet spell reads the time afresh rather than the last tick's.
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

const read = () => now;

/** The time now, in ms, updated once a minute while the component is shown. */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, read);
}
