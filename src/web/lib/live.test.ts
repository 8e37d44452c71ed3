// @vitest-environment jsdom
// The tabs below are a browser's: its navigator (without Web Locks, as jsdom has none) and its events.
import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionFor } from '../test/service';
import { COALESCE_MS, connectLive, liveStatus, onLiveNotice, whileStreamDown } from './live';
import { adminKeys, homeKeys, tradingKeys, transactionKeys, vaultAccountKeys, webhookKeys } from './query-keys';
import { createSession } from './session';

/** A stream the test writes to, as the service would. */
function serverStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

/** A bound for what never comes, not a measure of speed (setup.ts says why it is 20 s). */
const until = async (what: () => boolean) => {
  const end = Date.now() + 20_000;
  while (!what()) {
    if (Date.now() > end) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('the console’s live stream', () => {
  it('invalidates the queries of what a notice names, stops polling while up, and resumes from the last id when it drops', async () => {
    const first = serverStream();
    const streamCalls: Headers[] = [];
    const session = createSession(async (input, init) => {
      const path = String(input);
      if (path === '/v1/auth/refresh') return jsonResponse(200, sessionFor('VIEWER'));
      if (path === '/v1/events/stream') {
        streamCalls.push(new Headers(init?.headers));
        return streamCalls.length === 1 ? first.response : jsonResponse(503, { message: 'Down for the test', code: 503 });
      }
      return jsonResponse(404, { message: `No fake for ${path}`, code: 404 });
    });
    await session.restore();
    const queryClient = new QueryClient();
    const keys = {
      orders: [...tradingKeys.orders, 'list', ''],
      transactions: [...transactionKeys.all, 'list', {}],
      vaults: [...vaultAccountKeys.all, 'list'],
      home: [...homeKeys.summary],
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { data: [] });
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated === true;

    stop = connectLive(session, queryClient);
    await until(() => streamCalls.length === 1);
    expect(streamCalls[0]!.get('Authorization')).toBe('Bearer token-VIEWER');
    expect(streamCalls[0]!.get('Last-Event-ID')).toBeNull();

    // Split across chunks as a network may deliver it; the heartbeat comment is skipped.
    first.send('event: ready\nid: 7.1\ndata: {}\n\n: keep-alive\n\nevent: notice\nid: 7.2\ndata: {"kind":"order","id":"o1","sta');
    await until(() => liveStatus.get() === 'live');
    expect(whileStreamDown(3_000)).toBe(false);
    first.send('tus":"COMPLETED","at":"2026-11-24T22:00:00.000Z"}\n\n');
    await until(() => invalidated(keys.orders));
    expect(invalidated(keys.home)).toBe(true);
    // An order that ended moved balances; transactions are another kind's.
    expect(invalidated(keys.vaults)).toBe(true);
    expect(invalidated(keys.transactions)).toBe(false);

    // The connection drops: it reconnects at once from the last id; that fails, so the pages poll again.
    first.end();
    await until(() => liveStatus.get() === 'down');
    expect(streamCalls[1]!.get('Last-Event-ID')).toBe('7.2');
    expect(whileStreamDown(3_000)).toBe(3_000);
  });
});

describe('a stream the service refuses for the user’s other streams', () => {
  it('says so (full), polls meanwhile, and goes live once a place frees', async () => {
    const later = serverStream();
    let calls = 0;
    const session = createSession(async (input) => {
      const path = String(input);
      if (path === '/v1/auth/refresh') return jsonResponse(200, sessionFor('VIEWER'));
      if (path === '/v1/events/stream')
        return ++calls === 1 ? jsonResponse(429, { message: 'Too many open event streams: at most 20 per user on one instance', code: 429 }) : later.response;
      return jsonResponse(404, { message: `No fake for ${path}`, code: 404 });
    });
    await session.restore();
    stop = connectLive(session, new QueryClient());
    await until(() => liveStatus.get() === 'full');
    expect(whileStreamDown(3_000)).toBe(3_000);
    // The retry (after the first delay) is let in.
    await until(() => calls === 2);
    later.send('event: ready\nid: 3.0\ndata: {}\n\n');
    await until(() => liveStatus.get() === 'live');
    expect(whileStreamDown(3_000)).toBe(false);
  });
});

describe('bursts of notices', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Lets the stream's reading run (promises and I/O, not the timers the test holds) until `what` holds. */
  const settle = async (what: () => boolean) => {
    for (let turn = 0; !what(); turn++) {
      if (turn > 1_000) throw new Error('the stream did not get there');
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  /** A console whose stream is up, on timers the test moves: what it invalidated, and a way to send notices. */
  async function liveConsole() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // One tab alone: its own stream at once, without an election on timers the test holds.
    vi.stubGlobal('BroadcastChannel', undefined);
    const stream = serverStream();
    const session = createSession(async (input) => {
      const path = String(input);
      if (path === '/v1/auth/refresh') return jsonResponse(200, sessionFor('VIEWER'));
      if (path === '/v1/events/stream') return stream.response;
      return jsonResponse(404, { message: `No fake for ${path}`, code: 404 });
    });
    await session.restore();
    const queryClient = new QueryClient();
    const invalidations = vi.spyOn(queryClient, 'invalidateQueries');
    let heard = 0;
    const unlisten = onLiveNotice(() => heard++);
    const disconnect = connectLive(session, queryClient);
    stop = () => {
      disconnect();
      unlisten();
    };
    stream.send('event: ready\nid: 9.0\ndata: {}\n\n');
    await settle(() => liveStatus.get() === 'live');
    let sent = 0;
    return {
      /** Sends one notice per kind named, in one chunk, and waits until the console has read them all. */
      async send(...kinds: string[]) {
        const target = heard + kinds.length;
        stream.send(
          kinds
            .map((kind) => `event: notice\nid: 9.${++sent}\ndata: ${JSON.stringify({ kind, id: `${kind}-${sent}`, at: '2026-11-25T08:00:00.000Z' })}\n\n`)
            .join(''),
        );
        await settle(() => heard === target);
      },
      /** How many times each query key was invalidated. */
      counts: () => {
        const counts: Record<string, number> = {};
        for (const [filters] of invalidations.mock.calls) counts[hashKey(filters!.queryKey!)] = (counts[hashKey(filters!.queryKey!)] ?? 0) + 1;
        return counts;
      },
    };
  }
  const once = (...keys: QueryKey[]) => Object.fromEntries(keys.map((key) => [hashKey(key), 1]));

  it('invalidates each query of a burst of 100 notices of one kind once, at the end of the window', async () => {
    const tab = await liveConsole();
    // A webhook backlog: a notice per delivery step.
    await tab.send(...Array<string>(100).fill('notification'));
    expect(tab.counts()).toEqual({});
    vi.advanceTimersByTime(COALESCE_MS);
    expect(tab.counts()).toEqual(once(webhookKeys.all, homeKeys.summary));
    // Nothing more comes of it later.
    vi.advanceTimersByTime(10 * COALESCE_MS);
    expect(tab.counts()).toEqual(once(webhookKeys.all, homeKeys.summary));
  });

  it('invalidates the queries of a burst of two kinds once each, the ones they share too', async () => {
    const tab = await liveConsole();
    await tab.send(...Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 'notification' : 'transaction')));
    vi.advanceTimersByTime(COALESCE_MS);
    expect(tab.counts()).toEqual(once(webhookKeys.all, homeKeys.summary, transactionKeys.all, homeKeys.transfers));
  });

  it('invalidates after a lone notice within the window, never later', async () => {
    const tab = await liveConsole();
    await tab.send('order');
    vi.advanceTimersByTime(COALESCE_MS - 1);
    expect(tab.counts()).toEqual({});
    vi.advanceTimersByTime(1);
    expect(tab.counts()).toEqual(once(tradingKeys.orders, homeKeys.summary, homeKeys.orders));
  });

  it('keeps the last notice of a burst that outlasts a window: it falls in the next one', async () => {
    const tab = await liveConsole();
    await tab.send('notification');
    vi.advanceTimersByTime(COALESCE_MS - 50);
    // Within the first window: invalidated with it, not after it.
    await tab.send('approval');
    vi.advanceTimersByTime(50);
    expect(tab.counts()).toEqual(once(webhookKeys.all, homeKeys.summary, adminKeys.all, homeKeys.decidedApprovals));
    // The burst's last notice, after that window: a window of its own, so the summary refetches again.
    await tab.send('notification');
    vi.advanceTimersByTime(COALESCE_MS);
    expect(tab.counts()).toEqual({ ...once(adminKeys.all, homeKeys.decidedApprovals), [hashKey(webhookKeys.all)]: 2, [hashKey(homeKeys.summary)]: 2 });
  });
});

describe('the tabs of one browser without Web Locks (an insecure origin)', () => {
  it('elect one holder over BroadcastChannel, which relays to the others, and another takes over from the last position when it stops', async () => {
    // jsdom has no Web Locks, as an insecure origin has none; BroadcastChannel is Node's, shared by the tabs below.
    expect(globalThis.navigator.locks).toBeUndefined();
    const streams: { tab: number; lastEventId: string | null; stream: ReturnType<typeof serverStream>; signal: AbortSignal | null | undefined }[] = [];
    // Tabs that claim at once may both take the stream for a moment (a loaded machine delays their
    // messages past the election's wait), and the one with the higher id then gives it up: what
    // must hold is that one stays open.
    const open = () => streams.filter((s) => !s.signal?.aborted);
    const sendToOpen = (text: string) => open().forEach((s) => s.stream.send(text));
    /** A tab: the live module of its own (each tab has its own module state), its session and what it heard. */
    async function openTab(tab: number) {
      vi.resetModules();
      const live = await import('./live');
      const session = createSession(async (input, init) => {
        const path = String(input);
        if (path === '/v1/auth/refresh') return jsonResponse(200, sessionFor('VIEWER'));
        if (path === '/v1/events/stream') {
          const stream = serverStream();
          streams.push({ tab, lastEventId: new Headers(init?.headers).get('Last-Event-ID'), stream, signal: init?.signal });
          return stream.response;
        }
        return jsonResponse(404, { message: `No fake for ${path}`, code: 404 });
      });
      await session.restore();
      const heard: string[] = [];
      const unlisten = live.onLiveNotice((notice) => heard.push(notice.id));
      const disconnect = live.connectLive(session, new QueryClient());
      return { tab, live, heard, stop: () => (disconnect(), unlisten()) };
    }
    const tabs = await Promise.all([0, 1, 2].map(openTab));
    stop = () => tabs.forEach((t) => t.stop());

    await until(() => open().length > 0);
    sendToOpen('event: ready\nid: 5.0\ndata: {}\n\n');
    await until(() => tabs.every((t) => t.live.liveStatus.get() === 'live'));
    sendToOpen(`event: notice\nid: 5.1\ndata: ${JSON.stringify({ kind: 'order', id: 'o1', status: 'CREATED', at: '2026-11-29T01:00:00.000Z' })}\n\n`);
    await until(() => tabs.every((t) => t.heard.includes('o1')));
    // One stream for the three tabs: the others heard the holder's relay.
    await until(() => open().length === 1);
    expect(streams.every((s) => s.lastEventId === null)).toBe(true);
    const first = streams.length;
    const holder = tabs[open()[0]!.tab]!;

    // The holder's tab stops: one of the others holds the stream now, resuming after the last notice relayed.
    holder.stop();
    await until(() => open().length > 0);
    const taken = streams.slice(first);
    expect(taken.map((s) => s.tab)).not.toContain(holder.tab);
    expect(taken.map((s) => s.lastEventId)).toEqual(taken.map(() => '5.1'));
    const rest = tabs.filter((t) => t !== holder);
    sendToOpen('event: ready\nid: 5.1\ndata: {}\n\nevent: notice\nid: 5.2\ndata: {"kind":"order","id":"o2","at":"2026-11-29T01:00:01.000Z"}\n\n');
    await until(() => rest.every((t) => t.heard.includes('o2')));
    await until(() => open().length === 1);
    stop = () => rest.forEach((t) => t.stop());
  });
});
