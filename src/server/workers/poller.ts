import type { Db } from '../db/client';
import type { Channel, Notices } from '../db/notify';
import type { Logger } from '../logger';
import { FailureLog } from '../failure-log';

/** What every worker of an instance runs with. */
export interface WorkerContext {
  db: Db;
  notices: Notices;
  logger: Logger;
  now: () => Date;
  /** The safety-net poll (`WORKER_SAFETY_POLL_MS`). */
  safetyMs: number;
}

export interface PollerOptions {
  /** Notices on this channel wake the worker (see db/notify.ts). */
  notices: Notices;
  channel: Channel;
  /** The safety-net poll: the longest the worker sleeps, which also catches a notice that was lost. */
  safetyMs: number;
  /** The wait while work is already due that this round left (held by another instance, or more than a round's worth). */
  busyMs: number;
  /** After a wake, wait this long before the round, so that a burst of wakes is served by one round. */
  gatherMs?: number;
  now: () => Date;
}

export interface Poller {
  /** Runs a round at once (after `gatherMs`); wakes during a round make one more round after it. */
  wake(): void;
  /** Stops: aborts the round's signal, waits for the round in flight, and stops listening. */
  stop(): Promise<void>;
}

/**
 * A worker loop that sleeps until it has something to do. A round answers when the next work it
 * knows of is due (undefined when none); the worker sleeps until then, at most `safetyMs`, or until
 * a notice on its channel (a write that made new work) wakes it. So an idle fleet issues one query
 * per worker and safety period, and a busy one reacts at once. Never two rounds at once; wakes
 * during a round coalesce into one more round. A failed round is logged once per cause (not at every
 * retry while the cause lasts) and retried after `busyMs`.
 */
export function startPoller(name: string, round: (signal: AbortSignal) => Promise<Date | undefined>, logger: Logger, options: PollerOptions): Poller {
  const { safetyMs, busyMs, gatherMs = 0, now } = options;
  const failures = new FailureLog(logger, `${name} round failed`);
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let running: Promise<void> | undefined;
  let again = false;

  const schedule = (ms: number) => {
    if (stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    // Keep the earlier of the pending round and this one.
    const at = Date.now() + ms;
    if (timer && at >= timerAt) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(run, ms);
  };

  const run = () => {
    timer = undefined;
    timerAt = Infinity;
    running = round(stopping.signal)
      .then(
        (next) => {
          failures.succeeded('round');
          if (next === undefined) return safetyMs;
          const wait = next.getTime() - now().getTime();
          return wait > 0 ? wait : busyMs;
        },
        (err: unknown) => {
          failures.failed('round', err);
          return busyMs;
        },
      )
      .then((wait) => {
        running = undefined;
        const woken = again;
        again = false;
        schedule(woken ? gatherMs : Math.min(wait, safetyMs));
      });
  };

  const wake = () => schedule(gatherMs);
  // The first round, and a catch-up after listening (re)starts, wait `busyMs`: at start-up the
  // instance's other work comes first (on PGlite a round holds the event loop while it queries, and a
  // connection not yet accepted when the server closes would be reset), and they coalesce into one round.
  const catchUp = () => schedule(busyMs);
  const unsubscribe = options.notices.subscribe(options.channel, { notice: wake, catchUp });
  catchUp();
  return {
    wake,
    stop: async () => {
      unsubscribe();
      stopping.abort();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
