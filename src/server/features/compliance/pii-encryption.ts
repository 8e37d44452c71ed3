import { createPublicKey } from 'node:crypto';
import { CompactEncrypt } from 'jose';
import { PII_CONTENT_ENCRYPTION, PII_KEY_ALGORITHM } from './jwe';

/**
 * Encrypts an IVMS101 payload for a VASP's public key the way the console does (JWE compact
 * serialisation, RSA-OAEP-256 + A256GCM), base64-encoded as the wire's `ivms101.data`. The demo
 * seed and the tests use it; the service itself never encrypts PII on anybody's behalf.
 */
export async function encryptPiiFor(publicKeyPem: string, payload: unknown): Promise<string> {
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: PII_KEY_ALGORITHM, enc: PII_CONTENT_ENCRYPTION, cty: 'application/json' })
    .encrypt(createPublicKey(publicKeyPem));
  return Buffer.from(jwe).toString('base64');
}
