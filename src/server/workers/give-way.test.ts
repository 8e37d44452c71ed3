import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { giveWay } from './give-way';

describe('giveWay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  };

  it('leaves the database to others for as long as the batch took', async () => {
    const done = settled(giveWay(400));
    await vi.advanceTimersByTimeAsync(399);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
  });

  it('ends at once when its worker stops, and does not wait at all once stopped', async () => {
    const stopping = new AbortController();
    const done = settled(giveWay(60_000, stopping.signal));
    await vi.advanceTimersByTimeAsync(10);
    stopping.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    const after = settled(giveWay(60_000, stopping.signal));
    await vi.advanceTimersByTimeAsync(0);
    expect(after()).toBe(true);
  });
});
