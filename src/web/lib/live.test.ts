import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, sessionFor } from '../test/service';
import { connectLive, liveStatus, whileStreamDown } from './live';
import { homeKeys, tradingKeys, transactionKeys, vaultAccountKeys } from './query-keys';
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

const until = async (what: () => boolean) => {
  const end = Date.now() + 3_000;
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
