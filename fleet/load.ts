import { randomUUID } from 'node:crypto';
import type { LiveNoticeBody } from '../src/contract/live-events';
import { LIVE_EVENTS } from '../src/contract/live-events';
import { expect, onTestFailed } from 'vitest';
import type { Fleet } from '../scripts/fleet';

// What the fleet's database tests share (database-restart, failover): a client of the API that
// never hangs, waiting for a condition, a live stream that keeps what it delivered, and a transfer.

/** A probe that has not answered by then hangs (they answer in milliseconds: the figures are printed). */
export const HANG_MS = 10_000;

export type Answer = { status: number; body: Record<string, unknown>; ms: number; headers?: Headers };

export async function call(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    signal: AbortSignal.timeout(HANG_MS),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text: text.slice(0, 200) }; // HAProxy's own 503 page, with no instance up
  }
  return { status: res.status, body, ms: performance.now() - started, headers: res.headers };
}

export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A live stream on one instance: the notices it delivered. */
export function openStream(instance: { id: string; url: string }, token: string) {
  const notices: LiveNoticeBody[] = [];
  const controller = new AbortController();
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  let ended = false;
  const reading = (async () => {
    const res = await fetch(`${instance.url}/v1/events/stream`, { headers: { Authorization: `Bearer ${token}` }, signal: controller.signal });
    if (res.status !== 200) throw new Error(`the stream on ${instance.id} answered ${res.status}`);
    const decoder = new TextDecoder();
    const body = res.body!.getReader();
    let pending = '';
    for (;;) {
      const { done, value } = await body.read();
      if (done) return;
      pending += decoder.decode(value, { stream: true });
      const frames = pending.split('\n\n');
      pending = frames.pop()!;
      for (const frame of frames) {
        const event = /^event: (.*)$/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (event === LIVE_EVENTS.ready) ready();
        if (event === LIVE_EVENTS.notice && data) notices.push(JSON.parse(data) as LiveNoticeBody);
      }
    }
  })()
    .catch((error: unknown) => {
      if (!controller.signal.aborted) throw error;
    })
    .finally(() => (ended = true));
  reading.catch(() => undefined);
  return { notices, isReady, ended: () => ended, reading, close: () => controller.abort() };
}

export const transfer = (externalTxId: string) => ({
  assetId: 'USDC',
  source: { type: 'VAULT_ACCOUNT', id: '0' },
  destination: { type: 'VAULT_ACCOUNT', id: '1' },
  amount: '0.01',
  externalTxId,
});

/**
 * What a database test watches the fleet with, set up at its start: the instances' output printed
 * if the test fails, a webhook to `receiverUrl` for transfers, and a live stream on each instance,
 * open and ready.
 */
export async function watchFleet(fleet: Fleet, token: string, receiverUrl: string) {
  onTestFailed(() => {
    for (const i of fleet.instances) process.stdout.write(`${i.id} printed:\n${i.output().slice(-8000)}\n`);
  });
  const hook = await call(fleet.url, '/v1/webhooks', {
    method: 'POST',
    token,
    body: { url: receiverUrl, events: ['transaction.created'] },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(hook.status).toBe(201);
  const streams = fleet.instances.map((instance) => openStream(instance, token));
  await Promise.all(streams.map((s) => s.isReady));
  return streams;
}
