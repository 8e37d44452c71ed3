import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { compactVerify, decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import { ERROR_CODES } from '../../contract/errors';
import { mayPerform, OPERATIONS, type OperationId } from '../../contract/operations';
import { actorOf, appendAudit } from '../features/audit/record';
import { findApiUserForAuth, findConsolePrincipal, rememberNonce } from '../features/auth/store';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../features/auth/tokens';
import { ApiError, unauthorized } from './errors';
import { idempotency } from './idempotency';
import { rateLimit } from './rate-limit';
import type { AppDeps, AppEnv, Principal } from './types';
import { UUID } from '../db/uuid';

/** Longest lifetime accepted for an API-user token (the SDKs use 55 s). */
const MAX_TOKEN_LIFETIME_S = 60;
/** Tolerated clock difference for `iat` in the future. */
const CLOCK_SKEW_S = 5;
/** Nonces are kept past the token's own expiry so a replay is caught for as long as it could be valid. */
const NONCE_RETENTION_S = MAX_TOKEN_LIFETIME_S + CLOCK_SKEW_S + 60;


const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

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

async function authenticateApiUser(deps: AppDeps, apiKey: string, token: string | undefined, c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<Principal> {
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
  if (claims.sub !== apiKey || !UUID.test(apiKey)) throw unauthorized('The API key and the JWT subject do not match a known API user', ERROR_CODES.keyUserMismatch);
  const user = await findApiUserForAuth(deps.db, apiKey);
  if (!user) throw unauthorized('The API key and the JWT subject do not match a known API user', ERROR_CODES.keyUserMismatch);
  try {
    return await verifyApiUserRequest(deps, user, token, alg, claims, c);
  } catch (error) {
    // A refused request that names a real API user is recorded in that user's workspace.
    if (error instanceof ApiError) {
      await appendAudit(
        deps.db,
        actorOf(c, deps, user),
        [{ category: 'Security', subject: 'API authentication', event: 'Authentication failed', detail: { code: error.code, reason: error.message, method: c.req.method, path: c.req.path } }],
        deps.now(),
      );
    }
    throw error;
  }
}

async function verifyApiUserRequest(
  deps: AppDeps,
  user: NonNullable<Awaited<ReturnType<typeof findApiUserForAuth>>>,
  token: string,
  alg: string | undefined,
  claims: ReturnType<typeof decodeJwt>,
  c: Parameters<MiddlewareHandler<AppEnv>>[0],
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
  if (exp - iat > MAX_TOKEN_LIFETIME_S) throw unauthorized(`Token not accepted: exp - iat may be at most ${MAX_TOKEN_LIFETIME_S} s`, ERROR_CODES.tokenNotAccepted);

  const url = new URL(c.req.url);
  if (uri !== url.pathname + url.search) throw unauthorized('The uri claim does not match the requested path and query', ERROR_CODES.wrongUri);
  const body = await c.req.text();
  if (typeof bodyHash !== 'string' || bodyHash.toLowerCase() !== sha256Hex(body)) {
    throw unauthorized('Invalid signature: bodyHash does not match the request body', ERROR_CODES.invalidSignature);
  }
  if (typeof nonce !== 'string' || nonce.length === 0 || nonce.length > 128) throw unauthorized('Malformed token: nonce is required', ERROR_CODES.malformedToken);
  if (!user.enabled) throw unauthorized('Token not accepted: this API user is disabled', ERROR_CODES.tokenNotAccepted);
  if (user.status !== 'READY') throw unauthorized(`Token not accepted: this API user is not active yet (${user.status})`, ERROR_CODES.tokenNotAccepted);
  const fresh = await rememberNonce(deps.db, user.id, nonce, new Date((exp + NONCE_RETENTION_S) * 1000));
  if (!fresh) throw unauthorized('Token not accepted: this nonce was already used', ERROR_CODES.tokenNotAccepted);

  return { kind: 'API', id: user.id, name: user.name, email: null, role: user.role, workspaceId: user.workspaceId };
}

/**
 * Console session tokens whose signature and claims were already checked, by their exact text and
 * per signing key. A session sends the same token on every request, and WebCrypto runs each HMAC
 * check on the thread pool: that round trip was a large and jittery share of a short request.
 * Only what cannot change is remembered: expiry is read against the clock on every use, and the
 * user is read from the database every time.
 */
const verifiedSessions = new WeakMap<Uint8Array, Map<string, { sub: string | undefined; exp: number }>>();
const VERIFIED_SESSIONS_MAX = 10_000;
const sessionExpired = () => unauthorized('Session expired: refresh or sign in again', ERROR_CODES.requestExpired);

async function verifySessionToken(deps: AppDeps, token: string): Promise<string | undefined> {
  let verified = verifiedSessions.get(deps.secrets.accessTokenKey);
  if (!verified) verifiedSessions.set(deps.secrets.accessTokenKey, (verified = new Map()));
  const nowS = Math.floor(deps.now().getTime() / 1000);
  const known = verified.get(token);
  if (known) {
    // The same rule as jose's: a token is expired once the clock reaches its exp.
    if (nowS < known.exp) return known.sub;
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
    verified.set(token, { sub: payload.sub, exp: payload.exp! });
    return payload.sub;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw sessionExpired();
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) throw unauthorized('Invalid signature', ERROR_CODES.invalidSignature);
    throw unauthorized('Malformed or unaccepted token', ERROR_CODES.malformedToken);
  }
}

async function authenticateConsoleUser(deps: AppDeps, token: string): Promise<Principal> {
  const sub = await verifySessionToken(deps, token);
  // The user is read again on every request, so a disabled account or a changed role counts at once.
  const principal = sub && UUID.test(sub) ? await findConsolePrincipal(deps.db, sub) : undefined;
  if (!principal) throw unauthorized('Token not accepted: the user no longer exists or is disabled', ERROR_CODES.tokenNotAccepted);
  return principal;
}

export function authenticate(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const apiKey = c.req.header('X-API-Key');
    const token = bearerToken(c.req.header('Authorization'));
    let principal: Principal;
    if (apiKey !== undefined) {
      principal = await authenticateApiUser(deps, apiKey.trim(), token, c);
    } else if (token) {
      principal = await authenticateConsoleUser(deps, token);
    } else {
      throw unauthorized('Authentication required: send X-API-Key with a signed JWT, or a console session token', ERROR_CODES.jwtMissing);
    }
    c.set('principal', principal);
    c.set('log', c.get('log').child({ workspaceId: principal.workspaceId, principal: `${principal.kind}:${principal.id}` }));
    await next();
  };
}

export function authorize(deps: AppDeps, operationId: OperationId): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { role } = c.get('principal');
    if (!mayPerform(role, operationId)) {
      await appendAudit(
        deps.db,
        actorOf(c, deps),
        [{ category: 'Security', subject: 'Authorization', event: 'Refused', detail: { operation: operationId, role, method: c.req.method, path: c.req.path } }],
        deps.now(),
      );
      throw new ApiError(403, ERROR_CODES.insufficientPermissions, `Insufficient permissions: the ${role} role may not perform ${operationId}`);
    }
    await next();
  };
}

/** Everything an operation of the contract needs before its handler: who, may they, how often, once. */
export function guard(deps: AppDeps, operationId: OperationId): MiddlewareHandler<AppEnv>[] {
  const operation = OPERATIONS[operationId];
  return [
    authenticate(deps),
    authorize(deps, operationId),
    rateLimit(deps, operation.category),
    ...(operation.idempotent ? [idempotency(deps)] : []),
  ];
}
