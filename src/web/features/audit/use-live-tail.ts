import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AuditLogData } from '../../../contract/audit';
import { liveStatus, onLiveNotice } from '../../lib/live';
import { fetchAuditPage } from './api';
import { type AuditView, toAuditSearch } from './audit-view';

/** While the live stream is down, the tail asks this often instead. */
export const LIVE_TAIL_POLL_MS = 5_000;
/** Read at most this many new events at once (the service's page limit); a burst beyond it shows its newest. */
const CATCH_UP_SIZE = 500;
/** The service stamps events with its own clock, which may run ahead of this one. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The live tail of a view: events that match it, written after the newest one shown, read when the
 * live stream says an audit event was written (the notice names it only: the rows are fetched with
 * the view's own filters, so only what matches arrives). While the reader is away from the top of
 * the table or reading an event, new ones wait, counted, until `resume`.
 */
export function useLiveTail({ view, on, paused, newestLoaded }: { view: AuditView; on: boolean; paused: boolean; newestLoaded: AuditLogData | undefined }) {
  const [shown, setShown] = useState<AuditLogData[]>([]);
  const [waiting, setWaiting] = useState<AuditLogData[]>([]);
  // What a read in flight must see as it is when its answer comes, not as it was when it started.
  const latest = useRef({ shown, waiting, paused, newestLoaded });
  useLayoutEffect(() => {
    latest.current = { shown, waiting, paused, newestLoaded };
  });
  // One read at a time; a notice during a read asks for another once it is done.
  const reading = useRef({ running: false, again: false, seen: new Set<string>() });

  const catchUp = useCallback(async () => {
    const s = reading.current;
    const state = latest;
    if (s.running) {
      s.again = true;
      return;
    }
    s.running = true;
    try {
      do {
        s.again = false;
        const newest = state.current.waiting[0] ?? state.current.shown[0] ?? state.current.newestLoaded;
        const startTime = Math.max(view.startTime, newest?.timestamp ?? view.startTime);
        const search = toAuditSearch({ ...view, startTime, endTime: Date.now() + CLOCK_SKEW_MS, order: 'DESC', pageSize: CATCH_UP_SIZE });
        const page = await fetchAuditPage(search, null);
        // Events of the newest one's millisecond come again: those already shown are left out.
        const known = new Set([...state.current.waiting, ...state.current.shown].map((e) => e.id));
        if (state.current.newestLoaded) known.add(state.current.newestLoaded.id);
        const fresh = page.data.filter((e) => !known.has(e.id) && !s.seen.has(e.id));
        fresh.forEach((e) => s.seen.add(e.id));
        if (fresh.length > 0) {
          if (state.current.paused) setWaiting((current) => [...fresh, ...current]);
          else setShown((current) => [...fresh, ...current]);
        }
      } while (s.again);
    } catch {
      // A failed read is retried at the next notice or poll; the table keeps what it has.
    } finally {
      s.running = false;
    }
  }, [view]);

  useEffect(() => {
    if (!on) return;
    void catchUp();
    const stop = onLiveNotice((notice) => {
      if (notice.kind === 'auditEvent') void catchUp();
    });
    const poll = setInterval(() => {
      if (liveStatus.get() !== 'live') void catchUp();
    }, LIVE_TAIL_POLL_MS);
    return () => {
      stop();
      clearInterval(poll);
    };
  }, [on, catchUp]);

  /** Shows what waited, on top. */
  const resume = useCallback(() => {
    const waited = latest.current.waiting;
    setShown((current) => [...waited, ...current]);
    setWaiting([]);
  }, []);

  // Back at the top with nothing open: what waited comes in by itself.
  useEffect(() => {
    if (!paused && waiting.length > 0) resume();
  }, [paused, waiting.length, resume]);

  return { shown, waiting: waiting.length, resume };
}
