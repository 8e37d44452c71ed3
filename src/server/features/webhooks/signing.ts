import { createHash, createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTransactionUnderLock } from '../../db/advisory-lock';
import { queryRows } from '../../db/rows';
import { webhookSigningKeys } from './schema';

/**
 * Delivery signatures. Each delivery carries two, over the exact bytes sent:
 * - `Fireblocks-Webhook-Signature`: a detached JWS (RFC 7515 appendix F), `header..signature`,
 *   RS512, whose header names the key id published in the JWKS;
 * - `Fireblocks-Signature`: the legacy base64 RSA-SHA512 signature of the body.
 * The key pair is made once per installation and kept in the database, so every instance signs
 * with the same key and receivers' cached JWKS stays valid across restarts; an operator rotates it
 * with `npm run cli -- webhooks rotate-signing-key`.
 */

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  /** The base64url JWS protected header, computed once. */
  protectedHeader: string;
}

const signAsync = promisify(sign);

/** RFC 7638 thumbprint, the usual key id. */
export function thumbprint(jwk: { e: string; n: string }) {
  return createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n }))
    .digest('base64url');
}

export function toSigningKey(kid: string, pem: string): SigningKey {
  const protectedHeader = Buffer.from(JSON.stringify({ alg: 'RS512', kid })).toString('base64url');
  return { kid, privateKey: createPrivateKey(pem), protectedHeader };
}

/**
 * How long a superseded key stays in the JWKS. A delivery is signed when it is sent, so a key is
 * needed only by receivers still checking what was sent before a rotation, or holding a cached
 * JWKS (wire-facts: receivers cache it); a week covers both with room to spare.
 */
export const RETIRED_KEY_PUBLISHED_MS = 7 * 24 * 60 * 60 * 1000;

function newKeyRow(now: Date) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = publicKey.export({ format: 'jwk' }) as { kty: string; n: string; e: string };
  const kid = thumbprint(jwk);
  return {
    kid,
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicJwk: { ...jwk, kid, alg: 'RS512', use: 'sig' },
    createdAt: now,
  };
}

/**
 * Runs `work` holding the signing-key lock, so instances starting (or rotating) at once never make
 * two current keys: before the lock, instances started together made one key each and signed with
 * different ones, which a receiver that pins the legacy header's key rejects.
 */
const underKeyLock = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => inTransactionUnderLock(db, 'signingKey', work);

const newest = (db: Db) => db.select().from(webhookSigningKeys).orderBy(desc(webhookSigningKeys.createdAt)).limit(1);

/** The installation's current signing key, made on first use; several instances starting at once agree on one. */
export async function loadSigningKey(db: Db, now: Date): Promise<SigningKey> {
  const [existing] = await newest(db);
  if (existing) return toSigningKey(existing.kid, existing.privateKeyPem);
  const row = await underKeyLock(db, async (tx) => {
    const [made] = await newest(tx);
    if (made) return made;
    const fresh = newKeyRow(now);
    await tx.insert(webhookSigningKeys).values(fresh);
    return fresh;
  });
  return toSigningKey(row.kid, row.privateKeyPem);
}

/**
 * Makes a new current key (an operator command). Every instance signs with it within
 * `KEY_REFRESH_MS`; the old one stays in the JWKS for `RETIRED_KEY_PUBLISHED_MS`.
 */
export async function rotateSigningKey(db: Db, now: Date): Promise<{ kid: string; previousKid: string | null }> {
  return underKeyLock(db, async (tx) => {
    const [previous] = await newest(tx);
    const fresh = newKeyRow(previous && previous.createdAt >= now ? new Date(previous.createdAt.getTime() + 1) : now);
    await tx.insert(webhookSigningKeys).values(fresh);
    return { kid: fresh.kid, previousKid: previous?.kid ?? null };
  });
}

/** How often a running delivery worker looks for a rotated key. */
export const KEY_REFRESH_MS = 30_000;

/** The current key, re-read at most every `KEY_REFRESH_MS`, so a rotation reaches running instances. */
export function currentSigningKey(db: Db, now: () => Date): () => Promise<SigningKey> {
  let cached: { key: SigningKey; readAt: number } | undefined;
  return async () => {
    const at = now().getTime();
    if (!cached || at - cached.readAt >= KEY_REFRESH_MS) cached = { key: await loadSigningKey(db, now()), readAt: at };
    return cached.key;
  };
}

/** The current key and the superseded ones still within `RETIRED_KEY_PUBLISHED_MS` of being replaced. */
export async function publicJwks(db: Db, now: Date): Promise<{ keys: Record<string, unknown>[] }> {
  const rows = await queryRows<{ jwk: Record<string, unknown> }>(
    db,
    sql`select k.public_jwk as jwk from webhook_signing_keys k
      where not exists (select 1 from webhook_signing_keys n where n.created_at > k.created_at and n.created_at < ${new Date(now.getTime() - RETIRED_KEY_PUBLISHED_MS).toISOString()}::timestamptz)
      order by k.created_at desc`,
  );
  return { keys: rows.map((r) => r.jwk) };
}

/**
 * Both signature headers' values for a body. RSA signing runs on libuv's thread pool (the
 * callback form of crypto.sign), so deliveries do not queue behind it on the event loop.
 */
export async function signBody(key: SigningKey, body: string): Promise<{ jws: string; legacy: string }> {
  const bytes = Buffer.from(body);
  const signingInput = Buffer.from(`${key.protectedHeader}.${bytes.toString('base64url')}`);
  const [jws, legacy] = await Promise.all([signAsync('sha512', signingInput, key.privateKey), signAsync('sha512', bytes, key.privateKey)]);
  return { jws: `${key.protectedHeader}..${jws.toString('base64url')}`, legacy: legacy.toString('base64') };
}
