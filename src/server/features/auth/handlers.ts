import { randomUUID } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SessionResponse } from '../../../contract/auth';
import { ERROR_CODES } from '../../../contract/errors';
import * as routes from '../../../contract/routes/auth';
import type { Role } from '../../../contract/roles';
import { register } from '../../http/register';
import { actorOf, appendAudit, type AuditEntry } from '../audit/record';
import { clientAddress, isSecureRequest } from '../../http/client-address';
import { ApiError, forbidden, unauthorized } from '../../http/errors';
import type { AppDeps, AppEnv, Principal } from '../../http/types';
import { sessionEvent, signInEvent } from './events';
import { decoyHash, verifyPassword } from './password';
import * as store from './store';
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_MS, signAccessToken } from './tokens';

const REFRESH_COOKIE = 'ao_refresh';
const COOKIE_PATH = '/v1/auth';
// One office behind one address signs in more often than one person guesses.
const ACCOUNT_FREE_FAILURES = 5;
const ADDRESS_FREE_FAILURES = 20;

/** The refresh cookie is only ever sent by same-site requests; a cross-origin Origin is refused too. */
function assertSameOrigin(c: Context) {
  const origin = c.req.header('Origin');
  if (origin && origin !== new URL(c.req.url).origin) throw forbidden('Cross-origin session requests are not allowed');
}

/** Starts a sign-in: the refresh cookie and an access token (password and passkey sign-ins alike). */
export async function issueSession(deps: AppDeps, c: Context, principal: Principal, familyId: string): Promise<SessionResponse> {
  const now = deps.now();
  const refresh = newRefreshToken();
  await store.storeRefreshToken(deps.db, {
    workspaceId: principal.workspaceId,
    userId: principal.id,
    familyId,
    tokenHash: refresh.hash,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  });
  setCookie(c, REFRESH_COOKIE, refresh.token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: deps.config.production || isSecureRequest(c, deps.config.trustProxy),
    path: COOKIE_PATH,
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  });
  const { accessToken, expiresAt } = await signAccessToken(deps.secrets.accessTokenKey, principal.id, principal.workspaceId, familyId, now);
  return { accessToken, expiresAt, user: await describe(deps, principal) };
}

async function describe(deps: AppDeps, p: Principal) {
  return {
    id: p.id,
    kind: p.kind,
    name: p.name,
    email: p.email,
    role: p.role,
    workspaceId: p.workspaceId,
    workspaceName: p.workspaceName ?? (await store.workspaceName(deps.db, p.workspaceId)),
  };
}

/** The sign-in throttle's keys, shared by the password and passkey sign-ins. */
export const THROTTLE = {
  account: (email: string) => `account:${email.toLowerCase()}`,
  address: (address: string) => `address:${address}`,
  ADDRESS_FREE_FAILURES,
};

export interface AuthOptions {
  /**
   * Why a person whose password checked out may still not sign in with it (the workspace requires
   * passkeys of admins), or null. Given by the passkeys area, which sits above this one.
   */
  passwordSignInRefusal?: (principal: Principal) => Promise<string | null>;
}

export function registerAuth(app: OpenAPIHono<AppEnv>, deps: AppDeps, options: AuthOptions = {}) {
  const record = (c: Context<AppEnv>, who: { workspaceId: string; id: string; name: string }, entry: AuditEntry) =>
    appendAudit(deps.db, actorOf(c, deps, who), [entry], deps.now());
  const personOf = (user: { workspaceId: string; id: string; displayName: string }) => ({ workspaceId: user.workspaceId, id: user.id, name: user.displayName });

  register(app, deps, routes.signIn, async (c) => {
    const { email, password } = c.req.valid('json');
    const now = deps.now();
    const accountKey = THROTTLE.account(email);
    const addressKey = THROTTLE.address(clientAddress(c, deps.config.trustProxy));
    const blocked = await store.blockedUntil(deps.db, [accountKey, addressKey], now);
    if (blocked) {
      const retryAfter = Math.max(1, Math.ceil((blocked.getTime() - now.getTime()) / 1000));
      const known = await store.findUserByEmail(deps.db, email);
      if (known) await record(c, personOf(known.user), signInEvent('Sign-in throttled', { retryAfterSeconds: retryAfter }));
      throw new ApiError(429, ERROR_CODES.tooManyRequests, `Too many failed sign-ins; try again in ${retryAfter} s`, { 'Retry-After': String(retryAfter) });
    }
    const found = await store.findUserByEmail(deps.db, email);
    const valid = found ? await verifyPassword(password, found.user.passwordHash) : await verifyPassword(password, await decoyHash());
    if (!found || !valid || !found.user.enabled) {
      // The wait runs from the failure, not from the request's start: scrypt takes a while.
      const failedAt = deps.now();
      await store.recordFailure(deps.db, { key: accountKey, freeFailures: ACCOUNT_FREE_FAILURES }, failedAt);
      await store.recordFailure(deps.db, { key: addressKey, freeFailures: ADDRESS_FREE_FAILURES }, failedAt);
      c.get('log').warn({ event: 'sign_in_failed' }, 'sign-in failed');
      // Only a known account has a workspace to record the attempt in; the address is recorded with it.
      if (found) await record(c, personOf(found.user), signInEvent('Sign-in failed', { reason: valid ? 'account disabled' : 'wrong password' }));
      throw unauthorized('Email or password is incorrect');
    }
    await store.clearFailures(deps.db, accountKey);
    const { user } = found;
    const principal: Principal = {
      kind: 'CONSOLE',
      id: user.id,
      name: user.displayName,
      email: user.email,
      role: user.role as Role,
      workspaceId: user.workspaceId,
    };
    const refusal = await options.passwordSignInRefusal?.(principal);
    if (refusal) {
      await record(c, principal, signInEvent('Sign-in failed', { reason: 'passkey required' }));
      throw new ApiError(403, ERROR_CODES.passkeyRequired, refusal);
    }
    await record(c, principal, signInEvent('Signed in', { role: user.role }));
    return c.json(await issueSession(deps, c, principal, randomUUID()), 200);
  });

  register(app, deps, routes.refreshSession, async (c) => {
    assertSameOrigin(c);
    const token = getCookie(c, REFRESH_COOKIE);
    // A browser without the cookie has no session to restore: every signed-out page load asks, so
    // the answer is a plain "nobody", not a refusal that the browser would log as an error.
    if (!token) return c.body(null, 204);
    const outcome = await store.spendRefreshToken(deps.db, hashRefreshToken(token), deps.now());
    if (!outcome.ok) {
      if (outcome.reason === 'reused') {
        c.get('log').warn({ event: 'refresh_token_reused' }, 'a spent refresh token was presented again; the session was revoked');
        const session = await store.sessionOfToken(deps.db, hashRefreshToken(token));
        const person = session && (await store.findConsolePrincipal(deps.db, session.userId));
        if (person) await record(c, person, sessionEvent('Session revoked', { reason: 'a spent refresh token was presented again' }));
      }
      // After a race the other request already set a fresh cookie, which the client retries with.
      if (outcome.reason !== 'raced') deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH });
      throw unauthorized(outcome.reason === 'raced' ? 'Session was refreshed by another request; retry' : 'Session expired: sign in again');
    }
    const principal = await store.findConsolePrincipal(deps.db, outcome.userId);
    if (!principal) {
      await store.revokeFamily(deps.db, outcome.familyId, deps.now());
      deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH });
      throw unauthorized('Session expired: sign in again');
    }
    return c.json(await issueSession(deps, c, principal, outcome.familyId), 200);
  });

  register(app, deps, routes.signOut, async (c) => {
    assertSameOrigin(c);
    const token = getCookie(c, REFRESH_COOKIE);
    const session = token ? await store.sessionOfToken(deps.db, hashRefreshToken(token)) : undefined;
    if (session) {
      await store.revokeFamily(deps.db, session.familyId, deps.now());
      const person = await store.findConsolePrincipal(deps.db, session.userId);
      if (person) await record(c, person, sessionEvent('Signed out'));
    }
    deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH });
    return c.body(null, 204);
  });

  register(app, deps, routes.getSession, async (c) => c.json(await describe(deps, c.get('principal')), 200));
}
