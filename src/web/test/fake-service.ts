import { afterEach, beforeEach, vi } from 'vitest';
import type { Role } from '../../contract/roles';
import { session } from '../lib/session';
import { jsonResponse, sessionFor } from './service';

/** A call the console made, as the fake service saw it. */
export interface FakeCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

/**
 * Stands in for the service in component tests: `answer` gets each call (path with its query) and
 * returns the response; every call is kept for assertions.
 */
export function fakeService(answer: (call: FakeCall) => Response | Promise<Response>) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: FakeCall = {
        method: init?.method ?? 'GET',
        path: String(input),
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** Signs the console's one session in with the given role. */
export async function signInAs(role: Role) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, sessionFor(role))),
  );
  await session.signIn({ email: 'pat@demo.test', password: 'secret' });
}

/** Each test of the file starts signed in with `role`, and ends with the globals it stubbed (the fetch) put back. */
export function signedInForEachTest(role: Role) {
  beforeEach(() => signInAs(role));
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

export const unknownCall = (call: FakeCall) => jsonResponse(404, { message: `No fake for ${call.method} ${call.path}`, code: 404 });

/**
 * The signed-in person's passkeys as a service without any would list them: a guarded write
 * (lib/passkeys.ts) reads them first, and then goes without a passkey confirmation.
 */
export const noPasskeys = (call: FakeCall) =>
  call.method === 'GET' && call.path === '/v1/auth/passkeys'
    ? jsonResponse(200, { passkeys: [], requiredForMe: false, origin: globalThis.location.origin })
    : undefined;
