import { createHash, createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookSigningKeys } from './schema';

/**
 * Delivery signatures. Each delivery carries two, over the exact bytes sent:
 * - `Fireblocks-Webhook-Signature`: a detached JWS (RFC 7515 appendix F), `header..signature`,
 *   RS512, whose header names the key id published in the JWKS;
 * - `Fireblocks-Signature`: the legacy base64 RSA-SHA512 signature of the body.
 * The key pair is made once per installation and kept in the database, so every instance signs
 * with the same key and receivers' cached JWKS stays valid across restarts.
 */

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  /** The base64url JWS protected header, computed once. */
  protectedHeader: string;
}

const signAsync = promisify(sign);

/** RFC 7638 thumbprint, the usual key id. */
function thumbprint(jwk: { e: string; n: string }) {
  return createHash('sha256').update(JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n })).digest('base64url');
}

function toSigningKey(kid: string, pem: string): SigningKey {
  const protectedHeader = Buffer.from(JSON.stringify({ alg: 'RS512', kid })).toString('base64url');
  return { kid, privateKey: createPrivateKey(pem), protectedHeader };
}

/** The installation's signing key, made on first use (several instances starting at once agree on one). */
export async function loadSigningKey(db: Db, now: Date): Promise<SigningKey> {
  const [existing] = await db.select().from(webhookSigningKeys).orderBy(desc(webhookSigningKeys.createdAt)).limit(1);
  if (existing) return toSigningKey(existing.kid, existing.privateKeyPem);
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = publicKey.export({ format: 'jwk' }) as { kty: string; n: string; e: string };
  const kid = thumbprint(jwk);
  await db
    .insert(webhookSigningKeys)
    .values({ kid, privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), publicJwk: { ...jwk, kid, alg: 'RS512', use: 'sig' }, createdAt: now })
    .onConflictDoNothing();
  const [first] = await db.select().from(webhookSigningKeys).orderBy(desc(webhookSigningKeys.createdAt)).limit(1);
  return toSigningKey(first!.kid, first!.privateKeyPem);
}

export async function publicJwks(db: Db): Promise<{ keys: Record<string, unknown>[] }> {
  const rows = await db.select({ jwk: webhookSigningKeys.publicJwk }).from(webhookSigningKeys).orderBy(desc(webhookSigningKeys.createdAt));
  return { keys: rows.map((r) => r.jwk as Record<string, unknown>) };
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
