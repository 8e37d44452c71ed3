import type { Logger } from '../logger';

/**
 * A worker loop: runs `step` every `intervalMs` (never two at once), logs a failed step and goes
 * on. Answers a stop function that waits for the step in flight.
 */
export function startPoller(name: string, step: () => Promise<unknown>, logger: Logger, intervalMs: number): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    running = step()
      .then(() => undefined)
      .catch((err: unknown) => logger.error({ err }, `${name} step failed`))
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
