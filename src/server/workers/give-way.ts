/**
 * Between two batches of background catch-up (a tree or the tallies after a bulk load, the demo's
 * history): leaves the database to requests for as long as the batch took, or until `signal` aborts.
 *
 * The embedded database runs one statement at a time, and a batch is one transaction. Yielding a
 * tick let only the statements already queued go first: each later statement of a request (a
 * sign-in's refresh makes several in turn) waited behind the next whole batch. A page of the
 * end-to-end suite opened during the catch-up after its seed waited more than 20 s for its shell on
 * a loaded machine. Given way this long, a request waits for one batch at most, and the catch-up
 * keeps half of the database's time.
 */
export function giveWay(batchMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, batchMs);
    signal?.addEventListener('abort', done, { once: true });
  });
}
