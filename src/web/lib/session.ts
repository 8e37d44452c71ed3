import type { SessionResponse, SessionUser, SignInRequest } from '../../contract/auth';
import { passkeySignIn, refreshSession, signIn, signOut, startPasskeySignIn } from '../../contract/public-operations';
import { type ApiClient, ApiError, createApiClient, isApiError } from './api-client';

// The public operations' paths (signIn and the others) are generated from their definitions into a
// module without schemas; the schemas their definitions answer with are imported once an answer
// arrives: a visitor on the sign-in page never loads zod for the 401.
const sessionResponse = async () => (await import('../../contract/auth')).SessionResponse;
const passkeySignInOptions = async () => (await import('../../contract/passkeys')).AuthenticationOptionsResponse;

export type SessionState =
  /** Before the first refresh has answered. */
  | { status: 'unknown' }
  /** `expired` tells an ended session apart from a visitor who never signed in or signed out. */
  | { status: 'signed-out'; expired: boolean }
  | { status: 'signed-in'; accessToken: string; expiresAt: number; user: SessionUser };

export interface Session {
  api: ApiClient;
  getSnapshot(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Restores the session from the refresh cookie, once; later calls return the current user. */
  restore(): Promise<SessionUser | null>;
  signIn(credentials: SignInRequest): Promise<SessionUser>;
  /** Signs in with a discoverable passkey: the authenticator says whose it is, no email is typed. */
  signInWithPasskey(): Promise<SessionUser>;
  signOut(): Promise<void>;
}

/**
 * The console's one session. The access token lives only in this closure: never in web storage,
 * where any injected script could read it. Reloading the page recovers it through the httpOnly
 * refresh cookie.
 */
export function createSession(fetch: typeof globalThis.fetch): Session {
  let state: SessionState = { status: 'unknown' };
  let refreshing: Promise<string | null> | null = null;
  let restoring: Promise<unknown> | null = null;
  const listeners = new Set<() => void>();

  function set(next: SessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function accept(response: SessionResponse): SessionUser {
    set({ status: 'signed-in', ...response });
    return response.user;
  }

  // The refresh cookie rotates on every use, so concurrent refreshes would invalidate each other:
  // everyone who needs a token while one is on its way waits for that one.
  function refresh(): Promise<string | null> {
    refreshing ??= api
      .open(refreshSession, { method: 'POST', anonymous: true })
      .then(
        async (answer) => {
          // 204: the browser holds no refresh cookie, so nobody is signed in here (no refusal to log).
          if (answer.status === 204) {
            set({ status: 'signed-out', expired: false });
            return null;
          }
          const parsed = (await sessionResponse()).safeParse(await answer.json().catch(() => undefined));
          if (!parsed.success) throw new ApiError(answer.status, answer.status, 'The service sent an answer this console does not understand.', null);
          accept(parsed.data);
          return parsed.data.accessToken;
        },
        (error: unknown) => {
          if (isApiError(error) && error.status === 401) {
            set({ status: 'signed-out', expired: false });
            return null;
          }
          throw error;
        },
      )
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  const api = createApiClient({
    fetch,
    tokens: {
      current: () => (state.status === 'signed-in' ? state.accessToken : null),
      refresh,
      expired: () => set({ status: 'signed-out', expired: true }),
    },
  });

  const currentUser = () => (state.status === 'signed-in' ? state.user : null);

  return {
    api,
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async restore() {
      restoring ??= refresh().catch((error: unknown) => {
        // An unreachable service is not a missing session: let the next navigation try again.
        restoring = null;
        throw error;
      });
      await restoring;
      return currentUser();
    },
    async signIn(credentials) {
      const response = await api.request(signIn, sessionResponse, {
        method: 'POST',
        body: credentials,
        anonymous: true,
      });
      return accept(response);
    },
    async signInWithPasskey() {
      const { challengeId, options } = await api.request(startPasskeySignIn, passkeySignInOptions, {
        method: 'POST',
        body: {},
        anonymous: true,
      });
      // The ceremony (and the WebAuthn library it loads) is fetched on the click, not with the sign-in page.
      const { assertWithPasskey } = await import('./passkey-ceremony');
      const response = await assertWithPasskey(options);
      return accept(
        await api.request(passkeySignIn, sessionResponse, {
          method: 'POST',
          body: { challengeId, response },
          anonymous: true,
        }),
      );
    },
    async signOut() {
      await api.send(signOut, { method: 'POST' });
      set({ status: 'signed-out', expired: false });
    },
  };
}

// Looked up on each call so tests can replace the global fetch.
export const session = createSession((input, init) => globalThis.fetch(input, init));
