import type { Logger } from '../logger';
import { FailureLog } from './failures';

/**
 * A worker loop: runs `step` every `intervalMs` (never two at once) and goes on after a failed
 * step, which it logs once per cause (not at every tick while the cause lasts). Answers a stop
 * function that waits for the step in flight.
 */
export function startPoller(name: string, step: () => Promise<unknown>, logger: Logger, intervalMs: number): () => Promise<void> {
  const failures = new FailureLog(logger, `${name} round failed`);
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    running = step()
      .then(() => failures.succeeded('round'))
      .catch((err: unknown) => failures.failed('round', err))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
