import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { z } from 'zod';
import { session } from '../../lib/session';
import { renderAt } from '../../test/render';
import OrderBuilderPage from './order-builder-page';
import OrderPage from './order-page';
import OrdersPage from './orders-page';

/**
 * The trading console's tests talk to the real service (serve-test-trading.ts), started once per
 * test file as a process of its own on an in-memory database: the real contract, the real
 * manifests and validation, the real order engine moving orders every second.
 */

const PASSWORD = 'trading-console-test-1';

export const PEOPLE = {
  /** EDITOR in Harbourside Capital, the workspace with the trading beta. */
  trader: 'trader@trading.test',
  /** VIEWER in the same workspace. */
  viewer: 'viewer@trading.test',
  /** EDITOR in Quiet Fund, a workspace without the trading beta. */
  outsider: 'trader@quiet.test',
} as const;

export const TRADING_WORKSPACE = 'Harbourside Capital';

export interface TradingService {
  /** The next call that matches is sent, but its answer is lost on the way back, as on a dropped connection. */
  loseAnswerTo(matches: (method: string, path: string) => boolean): void;
  /** Every call the console made, as method and path. */
  calls: { method: string; path: string; headers: Headers }[];
  stop(): Promise<void>;
}

function waitForAddress(child: ChildProcess): Promise<string> {
  return new Promise((ready, fail) => {
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('exit', (code) => fail(new Error(`the trading test service stopped (${code}): ${errors}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => ready((JSON.parse(line) as { url: string }).url));
  });
}

/** Starts the service and sends the console's calls (relative paths, as in the browser) to it. */
export async function startTradingService(): Promise<TradingService> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('src/web/features/trading/serve-test-trading.ts')], {
    env: { ...process.env, TEST_TRADING_PASSWORD: PASSWORD },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await waitForAddress(child);
  const realFetch = globalThis.fetch;
  const calls: TradingService['calls'] = [];
  let lose: ((method: string, path: string) => boolean) | null = null;

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, path, headers: new Headers(init?.headers) });
    const response = await realFetch(new URL(path, url), init);
    if (lose?.(method, path)) {
      lose = null;
      throw new TypeError('Failed to fetch');
    }
    return response;
  });

  return {
    calls,
    loseAnswerTo(matches) {
      lose = matches;
    },
    stop: () =>
      new Promise<void>((done) => {
        vi.unstubAllGlobals();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

export async function signInAs(email: string) {
  await session.signIn({ email, password: PASSWORD });
}

/** A call of the signed-in person straight to the service, to set up or check what the console shows. */
export function callService<S extends z.ZodType>(path: string, schema: S, options: { method?: 'GET' | 'POST'; body?: unknown } = {}) {
  return session.api.request(path, schema, options);
}

/** Where the console is, for checking what the address bar holds. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The trading pages as the router serves them, opened at `path`. */
export function renderTrading(path: string) {
  return renderAt(
    <>
      <Routes>
        <Route path="/trading/orders" element={<OrdersPage />} />
        <Route path="/trading/orders/new" element={<OrderBuilderPage />} />
        <Route path="/trading/orders/:orderId" element={<OrderPage />} />
      </Routes>
      <Location />
    </>,
    path,
  );
}
