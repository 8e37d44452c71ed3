import { createHash, createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { desc } from 'drizzle-orm';
import { inTransactionUnderLock } from '../../db/advisory-lock';
import type { Db } from '../../db/client';
import { auditLogSigningKeys } from './schema';

/**
 * The key tree heads are signed with: Ed25519 (small, fast, deterministic signatures, verified by
 * WebCrypto in browsers and by Node without a dependency). Made once per installation and kept in
 * the database like the webhook signing key, so every instance signs with the same one; published
 * in the service's JWKS beside the webhook keys, told apart by `alg: EdDSA` (the webhook keys are
 * RS512) and its `kid`. Old keys stay published: a head signed years ago must still verify.
 */
export interface TreeHeadKey {
  kid: string;
  privateKey: KeyObject;
}

/** The public half as a JWK (RFC 8037), its id the RFC 7638 thumbprint. */
function publicJwkOf(x: string) {
  const kid = createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');
  return { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' };
}

const newest = (db: Db) => db.select().from(auditLogSigningKeys).orderBy(desc(auditLogSigningKeys.createdAt)).limit(1);

/** The installation's current tree head key, made on first use; instances starting at once agree on one. */
export async function loadTreeHeadKey(db: Db, now: Date): Promise<TreeHeadKey> {
  const [existing] = await newest(db);
  const row =
    existing ??
    (await inTransactionUnderLock(db, 'auditSigningKey', async (tx) => {
      const [made] = await newest(tx);
      if (made) return made;
      const { privateKey, publicKey } = generateKeyPairSync('ed25519');
      const jwk = publicJwkOf((publicKey.export({ format: 'jwk' }) as { x: string }).x);
      const fresh = { kid: jwk.kid, privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), publicJwk: jwk, createdAt: now };
      await tx.insert(auditLogSigningKeys).values(fresh);
      return fresh;
    }));
  return { kid: row.kid, privateKey: createPrivateKey(row.privateKeyPem) };
}

/** Ed25519 over the message's UTF-8 bytes, base64url. */
export function signTreeHead(key: TreeHeadKey, message: string): string {
  return sign(null, Buffer.from(message), key.privateKey).toString('base64url');
}

/** Every tree head key's public JWK, newest first, for the JWKS. */
export async function treeHeadJwks(db: Db): Promise<Record<string, unknown>[]> {
  const rows = await db.select({ jwk: auditLogSigningKeys.publicJwk }).from(auditLogSigningKeys).orderBy(desc(auditLogSigningKeys.createdAt));
  return rows.map((r) => r.jwk as Record<string, unknown>);
}
