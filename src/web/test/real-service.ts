import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import type { z } from 'zod';
import type { Role } from '../../contract/roles';
import { session } from '../lib/session';

/**
 * Component tests against the real service: the real contract, validation, engines and database
 * rules, where a fake (fake-service.ts) would only answer what a test thought to give it.
 * serve-real-service.ts runs it as a Node process of its own, started once per test file on an
 * in-memory database seeded with the workspaces, people and API users below.
 */

const PASSWORD = 'real-service-test-1';

/** The workspace with the trading demo: the trading beta, vault accounts Treasury (0), Trading desk (1), Cold storage (2) with balances, and prices. */
export const DEMO_WORKSPACE = 'Harbourside Capital';

export interface Person {
  email: string;
  role: Role;
  workspace: string;
}

/** The people every test file's service knows, all with the same password. */
export const PEOPLE = {
  admin: { email: 'admin@console.test', role: 'ADMIN', workspace: DEMO_WORKSPACE },
  /** A second admin, to decide what the first one raised. */
  admin2: { email: 'admin2@console.test', role: 'ADMIN', workspace: DEMO_WORKSPACE },
  editor: { email: 'editor@console.test', role: 'EDITOR', workspace: DEMO_WORKSPACE },
  viewer: { email: 'viewer@console.test', role: 'VIEWER', workspace: DEMO_WORKSPACE },
  auditor: { email: 'auditor@console.test', role: 'AUDITOR', workspace: DEMO_WORKSPACE },
  /** An editor of Quiet Fund, a workspace without the trading demo (and so without the trading beta). */
  outsider: { email: 'editor@quiet.test', role: 'EDITOR', workspace: 'Quiet Fund' },
} as const satisfies Record<string, Person>;

/** API users every test file's service knows (with keys nobody holds: they are there to be named, not to call). */
export const API_USERS = {
  treasuryBot: { name: 'Treasury bot', role: 'SIGNER', workspace: DEMO_WORKSPACE },
  /** Quiet Fund's bot, named as Harbourside's is. */
  outsiderBot: { name: 'Treasury bot', role: 'ADMIN', workspace: 'Quiet Fund' },
} as const satisfies Record<string, { name: string; role: Role; workspace: string }>;

/** A call the console made, as it left for the service. */
export interface ConsoleCall {
  method: string;
  /** The path with its query, as the console wrote it. */
  path: string;
  headers: Headers;
}

export interface RealService {
  url: string;
  /** Every call the console made since its first sign-in, in order; the tests' own calls (callService) are not among them. */
  calls: ConsoleCall[];
  /** The next console call that matches is sent, but its answer is lost on the way back, as on a dropped connection. */
  loseAnswerTo(matches: (method: string, path: string) => boolean): void;
  /** The console's fetch while signed in (see signInTo): relative paths to the service, each call kept in `calls`. */
  consoleFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

/** How long a start may take: it took over 60 s with the machine's load at 10. */
const START_BOUND_MS = 200_000;

/**
 * What a service that never answered was doing: Node's diagnostic report, asked for by a signal
 * (the process is started with --report-on-signal), gives its JavaScript stack and its event loop's
 * handles. A start passed its bound once in some hundreds, beside two suites, after its last step
 * ("starting the server"); the report says where the next one waits.
 */
async function diagnosticReport(child: ReturnType<typeof spawn>, dir: string): Promise<string> {
  child.kill('SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 250) {
    const [file] = readdirSync(dir);
    if (file) {
      // The report is written in one piece, but the name may show before its last byte does.
      await new Promise((resolve) => setTimeout(resolve, 250));
      const report = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        javascriptStack?: { message?: string; stack?: string[] };
        libuv?: { type: string; is_active: boolean; firesInMsFromNow?: number; localEndpoint?: { port: number } | null }[];
      };
      const handles = (report.libuv ?? [])
        .filter((h) => h.is_active && h.type !== 'async' && h.type !== 'check' && h.type !== 'prepare')
        .map(
          (h) => h.type + (h.firesInMsFromNow !== undefined ? ` in ${h.firesInMsFromNow} ms` : '') + (h.localEndpoint ? ` on :${h.localEndpoint.port}` : ''),
        );
      return [
        `its JavaScript stack: ${report.javascriptStack?.message ?? ''}`,
        ...(report.javascriptStack?.stack ?? []),
        `its active handles: ${handles.join(', ')}`,
      ].join('\n');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return 'it wrote no diagnostic report within 10 s';
}

// The fetch of the test process itself, before any test replaces it.
const realFetch = globalThis.fetch;

/**
 * A call to the service on a connection of its own. Node's fetch keeps connections open and reuses
 * them, and one reused just as the service's keep-alive timeout closed it fails ("fetch failed")
 * before the service reads it (nodejs/undici#3141). A browser sends such a request again on a new
 * connection; Node's fetch does not, and with the machine loaded a webhooks page test once failed
 * on it: "The service could not be reached".
 */
function fetchService(url: URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.set('Connection', 'close');
  return realFetch(url, { ...init, headers });
}

/**
 * Starts the service with `node` directly (npx would leave it behind when stopped) and answers
 * once it listens, that is once it has printed its address. `stuckAlertSeconds` shortens the time a
 * transfer in CONFIRMING takes to count as stuck (25 s, the 25 blocks' limit, otherwise).
 * `demoHistoryEvents` gives the demo workspace a demo history of that many events as a first start
 * leaves it: its newest written, the rest waiting (this service does not write it).
 * `depositSeenMs` lengthens the time the simulated trading provider takes to see a prefunded
 * order's payment (3 s otherwise).
 */
export async function startRealService({
  stuckAlertSeconds,
  demoHistoryEvents,
  depositSeenMs,
}: { stuckAlertSeconds?: number; demoHistoryEvents?: number; depositSeenMs?: number } = {}): Promise<RealService> {
  // Bundled once per run by the web project's global setup (real-service-bundle.ts).
  const script = inject('realServiceBundle');
  const seed = {
    password: PASSWORD,
    demoWorkspace: DEMO_WORKSPACE,
    people: Object.values(PEOPLE),
    apiUsers: Object.values(API_USERS),
    stuckAlertSeconds,
    demoHistoryEvents,
    depositSeenMs,
  };
  const reports = mkdtempSync(join(tmpdir(), 'ao-real-service-report-'));
  const child = spawn(process.execPath, ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${reports}`, script], {
    // Passkeys belong to the test page's origin (jsdom's), as a browser's belong to the console's.
    env: { ...process.env, REAL_SERVICE_SEED: JSON.stringify(seed), LOG_LEVEL: 'silent', PUBLIC_ORIGIN: globalThis.location?.origin ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    // With the report's wait, below the file's hook timeout (vite.config.ts), so that a start that never ends says how far it got.
    const late = setTimeout(() => {
      void diagnosticReport(child, reports).then((report) => {
        child.kill('SIGKILL');
        reject(new Error(`the real service gave no address within ${START_BOUND_MS / 1000} s; its steps:\n${errors}${report}`));
      });
    }, START_BOUND_MS);
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(late);
      resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => {
      clearTimeout(late);
      reject(new Error(`the real service stopped (${code}): ${errors}`));
    });
  }).finally(() => rmSync(reports, { recursive: true, force: true }));
  const calls: ConsoleCall[] = [];
  let lose: ((method: string, path: string) => boolean) | null = null;
  return {
    url,
    calls,
    loseAnswerTo(matches) {
      lose = matches;
    },
    async consoleFetch(input, init) {
      const path = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, path, headers: new Headers(init?.headers) });
      const response = await fetchService(new URL(path, url), init);
      if (lose?.(method, path)) {
        lose = null;
        throw new TypeError('Failed to fetch');
      }
      return response;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        vi.unstubAllGlobals();
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The real service of a test file: started before the file's tests and stopped after them. It is
 * named at the top of the file, before it has started, so what it answers is read from the running
 * one; a later `beforeAll` of the file runs once it listens.
 */
export function realServiceForFile(options?: Parameters<typeof startRealService>[0]): RealService {
  let started: RealService | undefined;
  beforeAll(async () => {
    started = await startRealService(options);
  });
  afterAll(async () => {
    await started?.stop();
  });
  const running = () => {
    if (!started) throw new Error('the real service starts in beforeAll: use it from a hook or a test');
    return started;
  };
  return {
    get url() {
      return running().url;
    },
    get calls() {
      return running().calls;
    },
    loseAnswerTo: (matches) => running().loseAnswerTo(matches),
    consoleFetch: (input, init) => running().consoleFetch(input, init),
    stop: () => running().stop(),
  };
}

/**
 * Sends the console's calls to the service and signs the console's one session in as `person`.
 * The fetch is stubbed here rather than at start, so that a test file which unstubs its globals
 * after each test still reaches the service once it signs in again.
 */
export async function signInTo(service: RealService, person: Person) {
  vi.stubGlobal('fetch', service.consoleFetch);
  await session.signIn({ email: person.email, password: PASSWORD });
}

export interface ServiceCall {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Whose call it is: another person's sign-in (accessTokenOf); the console's signed-in person by default. */
  accessToken?: string;
}

/** Signs `person` in on a sign-in of their own, beside the console's session: its access token, for ServiceCall's `accessToken`. */
export async function accessTokenOf(service: RealService, person: Person): Promise<string> {
  const response = await fetchService(new URL('/v1/auth/sign_in', service.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: person.email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`signing ${person.email} in answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

function consoleAccessToken(): string {
  const state = session.getSnapshot();
  if (state.status !== 'signed-in') throw new Error('sign in first');
  return state.accessToken;
}

/** A call of the test's own to the service, outside the console: as the console's signed-in person unless `accessToken` says otherwise. */
export async function callService(service: RealService, path: string, { method = 'GET', body, accessToken }: ServiceCall = {}): Promise<Response> {
  const headers = new Headers({ Authorization: `Bearer ${accessToken ?? consoleAccessToken()}` });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  return fetchService(new URL(path, service.url), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** As callService, for a call that must succeed: its answer, read with the contract's schema. */
export async function callServiceFor<S extends z.ZodType>(service: RealService, path: string, schema: S, call: ServiceCall = {}): Promise<z.output<S>> {
  const response = await callService(service, path, call);
  if (!response.ok) throw new Error(`${call.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return schema.parse(await response.json());
}
