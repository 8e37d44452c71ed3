import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import type { Context } from 'hono';
import { compactVerify, decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import { ERROR_CODES } from '../../../contract/errors';
import type { OperationId } from '../../../contract/operations';
import type { Db } from '../../db/client';
import { UUID } from '../../db/uuid';
import { clientAddress, recordedPath } from '../../http/client-address';
import { ApiError, unauthorized } from '../../http/errors';
import { countInWindow, endedCounters, takeCounter, WINDOW_MS, windowOf } from '../../http/rate-limit';
import type { AppDeps, AppEnv, Principal } from '../../http/types';
import type { Logger } from '../../logger';
import { actorOf, appendAudit, auditRequest } from '../audit/record';
import { ShortCache } from './principal-cache';
import { findApiUserForAuth, findSessionPrincipal, rememberNonce } from './store';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from './tokens';

// Who is calling, for the guard of every operation (src/server/http/guard.ts, to which the app lends
// it through its Gate): an API user's signed request or a console session's token, and the audit
// events of the refused ones.

/** Longest lifetime accepted for an API-user token (the SDKs use 55 s). */
const MAX_TOKEN_LIFETIME_S = 60;
/** Tolerated clock difference for `iat` in the future. */
const CLOCK_SKEW_S = 5;
/** Nonces are kept past the token's own expiry so a replay is caught for as long as it could be valid. */
const NONCE_RETENTION_S = MAX_TOKEN_LIFETIME_S + CLOCK_SKEW_S + 60;

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
/**
 * The legacy JavaScript SDK (fireblocks-sdk 5.x) hashes `JSON.stringify(body || "")`, so a request
 * without a body carries the hash of the two characters `""`; the public API accepts it beside the
 * hash of the empty string, for bodiless requests only (wire-facts).
 */
const BODILESS_HASHES = [sha256Hex(''), sha256Hex('""')];
const acceptedBodyHashes = (body: string) => (body === '' ? BODILESS_HASHES : [sha256Hex(body)]);

// Importing a PEM is costly relative to a request; keys are cached by their PEM text.
const keyCache = new Map<string, KeyObject>();
function publicKeyFor(pem: string): KeyObject {
  let key = keyCache.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    if (keyCache.size > 1000) keyCache.clear();
    keyCache.set(pem, key);
  }
  return key;
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** API users and console sessions accepted in the last second (principal-cache.ts says what that costs). */
const apiUsers = new ShortCache<NonNullable<Awaited<ReturnType<typeof findApiUserForAuth>>>>();
const sessionPrincipals = new ShortCache<Principal>();

async function authenticateApiUser(deps: AppDeps, apiKey: string, token: string | undefined, c: Context<AppEnv>): Promise<Principal> {
  if (!token) throw unauthorized('JWT missing: send Authorization: Bearer <token> with X-API-Key', ERROR_CODES.jwtMissing);
  let claims: ReturnType<typeof decodeJwt>;
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(token).alg;
    claims = decodeJwt(token);
  } catch {
    throw unauthorized('Malformed token', ERROR_CODES.malformedToken);
  }
  if (typeof claims.sub !== 'string' || !claims.sub) throw unauthorized('The JWT does not name the API key in sub', ERROR_CODES.apiKeyMissingFromJwt);
  if (claims.sub !== apiKey || !UUID.test(apiKey))
    throw unauthorized('The API key and the JWT subject do not match a known API user', ERROR_CODES.keyUserMismatch);
  const user = await apiUsers.get(
    deps.db,
    apiKey,
    () => findApiUserForAuth(deps.db, apiKey),
    (u) => u.enabled && u.status === 'READY',
  );
  if (!user) throw unauthorized('The API key and the JWT subject do not match a known API user', ERROR_CODES.keyUserMismatch);
  try {
    return await verifyApiUserRequest(deps, user, token, alg, claims, c);
  } catch (error) {
    throw error instanceof ApiError ? await refusal(deps, c, user, error) : error;
  }
}

/**
 * Refused requests that name a real API key, per minute (the rate limits' window), per key and
 * per client address. Past either limit a refusal is answered 429 and writes nothing to the audit
 * log. Only refusals count: a correctly signed request is never turned away because someone else
 * forged its key (the key is an identifier, not a secret), and signatures cannot be guessed, so
 * there is nothing to slow down but the cost of the refusals themselves.
 */
export const REFUSALS_PER_KEY = 20;
export const REFUSALS_PER_ADDRESS = 50;
const REFUSED_KEY = 'refused_authentication:key';
const REFUSED_ADDRESS = 'refused_authentication:address';
/** Instances' clocks differ a little: a window is summarised once it ended this long ago. */
const SUMMARY_GRACE_MS = 5_000;

/**
 * Counts a refused request and decides what it costs. Anyone who knows an API key can make
 * refusals in that key's workspace, so each one cannot be an audit event of its own. The first
 * refusal of a key in a minute is written at once, with its reason, path and address, so an
 * auditor sees an attack as it starts; the rest of that minute only increments the key's counter
 * (in the database, shared by every instance), and when the minute is over one summary event
 * records the exact count (summariseRefusedAuthentications). A flood thus writes at most two
 * events per key and minute, whatever its size or number of addresses.
 */
async function refusal(deps: AppDeps, c: Context<AppEnv>, user: { id: string; workspaceId: string; name: string }, error: ApiError): Promise<ApiError> {
  const now = deps.now();
  const over = await deps.db.transaction(async (tx) => {
    const [forKey = 1, forAddress = 1] = await countInWindow(
      tx,
      [
        { caller: user.id, category: REFUSED_KEY },
        { caller: clientAddress(c, deps.config.trustProxy), category: REFUSED_ADDRESS },
      ],
      now,
    );
    if (forKey > REFUSALS_PER_KEY) return `at most ${REFUSALS_PER_KEY} per minute for this API key`;
    if (forAddress > REFUSALS_PER_ADDRESS) return `at most ${REFUSALS_PER_ADDRESS} per minute from this address`;
    if (forKey === 1) {
      const detail = { code: error.code, reason: error.message, method: c.req.method, path: recordedPath(c) };
      await appendAudit(tx, actorOf(c, deps, user), [{ category: 'Security', subject: 'API authentication', event: 'Authentication failed', detail }], now);
    }
    return undefined;
  });
  if (!over) return error;
  const { retryAfter } = windowOf(now);
  return new ApiError(429, ERROR_CODES.tooManyRequests, `Too many refused authentications (${over}); retry in ${retryAfter} s`, {
    'Retry-After': String(retryAfter),
  });
}

/**
 * Turns each ended minute's count of refusals for an API key into one audit event (when there was
 * more than the first, which is already recorded). Each counter is deleted in the transaction
 * that writes its event, so instances sweeping at once write it once.
 */
export async function summariseRefusedAuthentications(db: Db, now: Date): Promise<void> {
  const ended = await endedCounters(db, REFUSED_KEY, new Date(now.getTime() - WINDOW_MS - SUMMARY_GRACE_MS));
  for (const { caller, windowStart } of ended) {
    await db.transaction(async (tx) => {
      const count = await takeCounter(tx, { caller, category: REFUSED_KEY, windowStart });
      const user = count && count > 1 ? await findApiUserForAuth(tx, caller) : undefined;
      if (!user) return;
      await appendAudit(
        tx,
        { workspaceId: user.workspaceId, userId: user.id, userName: user.name, requestId: null, sourceAddress: null },
        [
          {
            category: 'Security',
            subject: 'API authentication',
            event: 'Authentication failures summarised',
            detail: { count, windowStart: windowStart.getTime(), windowEnd: windowStart.getTime() + WINDOW_MS },
          },
        ],
        now,
      );
    });
  }
}

/**
 * Sweeps once at start (windows that ended while no instance ran, before housekeeping purges their
 * counters) and then every minute. The returned stop waits for a sweep in flight.
 */
export function startRefusalSummaries(db: Db, logger: Logger, now: () => Date): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = summariseRefusedAuthentications(db, now()).catch((err: unknown) => logger.error({ err }, 'summarising refused authentications failed'));
  };
  sweep();
  const timer = setInterval(sweep, WINDOW_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

async function verifyApiUserRequest(
  deps: AppDeps,
  user: NonNullable<Awaited<ReturnType<typeof findApiUserForAuth>>>,
  token: string,
  alg: string | undefined,
  claims: ReturnType<typeof decodeJwt>,
  c: Context<AppEnv>,
): Promise<Principal> {
  const key = publicKeyFor(user.publicKeyPem);
  const expectedAlg = key.asymmetricKeyType === 'ec' ? 'ES256' : 'RS256';
  if (alg !== expectedAlg) throw unauthorized(`Invalid signature: tokens must be signed with ${expectedAlg}`, ERROR_CODES.invalidSignature);
  try {
    await compactVerify(token, key, { algorithms: [expectedAlg] });
  } catch {
    throw unauthorized('Invalid signature', ERROR_CODES.invalidSignature);
  }

  const nowS = Math.floor(deps.now().getTime() / 1000);
  const { iat, exp, uri, nonce, bodyHash } = claims as { iat?: unknown; exp?: unknown; uri?: unknown; nonce?: unknown; bodyHash?: unknown };
  if (typeof iat !== 'number' || typeof exp !== 'number') throw unauthorized('Malformed token: iat and exp are required', ERROR_CODES.malformedToken);
  if (iat > nowS + CLOCK_SKEW_S) throw unauthorized('The token was issued in the future; check the client clock', ERROR_CODES.issuedInFuture);
  if (exp <= nowS) throw unauthorized('Request expired: the token has expired', ERROR_CODES.requestExpired);
  if (exp - iat > MAX_TOKEN_LIFETIME_S)
    throw unauthorized(`Token not accepted: exp - iat may be at most ${MAX_TOKEN_LIFETIME_S} s`, ERROR_CODES.tokenNotAccepted);

  const url = new URL(c.req.url);
  if (uri !== url.pathname + url.search) throw unauthorized('The uri claim does not match the requested path and query', ERROR_CODES.wrongUri);
  const body = await c.req.text();
  if (typeof bodyHash !== 'string' || !acceptedBodyHashes(body).includes(bodyHash.toLowerCase())) {
    throw unauthorized('Invalid signature: bodyHash does not match the request body', ERROR_CODES.invalidSignature);
  }
  if (typeof nonce !== 'string' || nonce.length === 0 || nonce.length > 128)
    throw unauthorized('Malformed token: nonce is required', ERROR_CODES.malformedToken);
  if (!user.enabled) throw unauthorized('Token not accepted: this API user is disabled', ERROR_CODES.tokenNotAccepted);
  if (user.status !== 'READY') throw unauthorized(`Token not accepted: this API user is not active yet (${user.status})`, ERROR_CODES.tokenNotAccepted);
  const fresh = await rememberNonce(deps.db, user.id, nonce, new Date((exp + NONCE_RETENTION_S) * 1000));
  if (!fresh) throw unauthorized('Token not accepted: this nonce was already used', ERROR_CODES.tokenNotAccepted);

  return { kind: 'API', id: user.id, name: user.name, email: null, role: user.role, workspaceId: user.workspaceId };
}

interface SessionClaims {
  sub: string | undefined;
  sid: string | undefined;
}

/**
 * Console session tokens whose signature and claims were already checked, by their exact text and
 * per signing key. A session sends the same token on every request, and WebCrypto runs each HMAC
 * check on the thread pool: that round trip was a large and jittery share of a short request.
 * Only what cannot change is remembered: expiry is read against the clock on every use, and the
 * user and the sign-in are read from the database every time, so a token whose sign-in ended or
 * whose user was disabled never passes on the strength of this cache.
 */
const verifiedSessions = new WeakMap<Uint8Array, Map<string, SessionClaims & { exp: number }>>();
const VERIFIED_SESSIONS_MAX = 10_000;
const sessionExpired = () => unauthorized('Session expired: refresh or sign in again', ERROR_CODES.requestExpired);

async function verifySessionToken(deps: AppDeps, token: string): Promise<SessionClaims> {
  let verified = verifiedSessions.get(deps.secrets.accessTokenKey);
  if (!verified) verifiedSessions.set(deps.secrets.accessTokenKey, (verified = new Map()));
  const nowS = Math.floor(deps.now().getTime() / 1000);
  const known = verified.get(token);
  if (known) {
    // The same rule as jose's: a token is expired once the clock reaches its exp.
    if (nowS < known.exp) return known;
    verified.delete(token);
    throw sessionExpired();
  }
  try {
    const { payload } = await jwtVerify(token, deps.secrets.accessTokenKey, {
      algorithms: ['HS256'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: ['exp'],
      currentDate: deps.now(),
    });
    // Oldest first out: a Map iterates in insertion order.
    if (verified.size >= VERIFIED_SESSIONS_MAX) verified.delete(verified.keys().next().value!);
    const claims = { sub: payload.sub, sid: typeof payload.sid === 'string' ? payload.sid : undefined };
    verified.set(token, { ...claims, exp: payload.exp! });
    return claims;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw sessionExpired();
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) throw unauthorized('Invalid signature', ERROR_CODES.invalidSignature);
    throw unauthorized('Malformed or unaccepted token', ERROR_CODES.malformedToken);
  }
}

async function authenticateConsoleUser(deps: AppDeps, token: string): Promise<Principal> {
  const { sub, sid } = await verifySessionToken(deps, token);
  // The user and the sign-in are read on every request, or on the embedded database at most a
  // second after the last read and at once after a sign-out or a revoked sign-in (principal-cache.ts).
  const principal =
    sub && sid && UUID.test(sub) && UUID.test(sid)
      ? await sessionPrincipals.get(
          deps.db,
          `${sub} ${sid}`,
          () => findSessionPrincipal(deps.db, sub, sid),
          () => true,
        )
      : undefined;
  if (!principal) throw unauthorized('Token not accepted: the session has ended, or the user no longer exists or is disabled', ERROR_CODES.tokenNotAccepted);
  return principal;
}

/**
 * Whether the principal that opened a long-lived request (a live stream) may still read, checked
 * against the database as a new request would be: the API user still enabled and ready, or the
 * console sign-in still live and its user enabled, each with the role the request was opened with.
 */
export async function stillAuthenticated(deps: AppDeps, principal: Principal, authorization: string | undefined): Promise<boolean> {
  if (principal.kind === 'API') {
    const user = await findApiUserForAuth(deps.db, principal.id);
    return !!user && user.enabled && user.status === 'READY' && user.role === principal.role;
  }
  const token = bearerToken(authorization);
  if (!token) return false;
  try {
    return (await authenticateConsoleUser(deps, token)).role === principal.role;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

/** Who is calling: an API user (X-API-Key and a signed JWT) or a console session (its access token); else a 401. */
export async function authenticateCaller(deps: AppDeps, c: Context<AppEnv>): Promise<Principal> {
  const apiKey = c.req.header('X-API-Key');
  const token = bearerToken(c.req.header('Authorization'));
  if (apiKey !== undefined) return authenticateApiUser(deps, apiKey.trim(), token, c);
  if (token) return authenticateConsoleUser(deps, token);
  throw unauthorized('Authentication required: send X-API-Key with a signed JWT, or a console session token', ERROR_CODES.jwtMissing);
}

/** The audit event of an operation refused to the caller's role (before its 403). */
export async function recordRefusedOperation(deps: AppDeps, c: Context<AppEnv>, operationId: OperationId): Promise<void> {
  const { role } = c.get('principal');
  await auditRequest(deps.db, c, deps, deps.now(), {
    category: 'Security',
    subject: 'Authorization',
    event: 'Refused',
    detail: { operation: operationId, role, method: c.req.method, path: recordedPath(c) },
  });
}
