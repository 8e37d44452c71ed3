import { vi } from 'vitest';
import type { Role } from '../../../contract/roles';
import { session } from '../../lib/session';
import { jsonResponse, sessionFor } from '../../test/service';

/** A call the console made, as the fake service saw it. */
export interface Call {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

/**
 * Stands in for the service: `answer` gets each call ("GET /v1/…" with its query) and returns the
 * response; every call is kept for assertions.
 */
export function fakeService(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      path: String(input),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** Signs the console's one session in as Pat Person (id u1) with the given role. */
export async function signInAs(role: Role) {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, sessionFor(role))));
  await session.signIn({ email: 'pat@demo.test', password: 'secret' });
}

export const notFound = (call: Call) => jsonResponse(404, { message: `No fake for ${call.method} ${call.path}`, code: 404 });
