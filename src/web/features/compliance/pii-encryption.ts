import { CompactEncrypt, importSPKI } from 'jose';

/** The algorithms the Travel Rule network accepts for PII (the service refuses any other). */
const ALG = 'RSA-OAEP-256';
const ENC = 'A256GCM';

/**
 * Encrypts an IVMS101 payload in this browser for a VASP's public key (PEM), so the personal data
 * leaves the browser readable only by that VASP: a JWE in compact serialisation, in base64 as the
 * wire's `ivms101.data`.
 */
export async function encryptForVasp(publicKeyPem: string, payload: unknown): Promise<string> {
  if (!globalThis.crypto?.subtle) {
    throw new Error('This browser cannot encrypt here: open the console over HTTPS (or on localhost) so that Web Crypto is available.');
  }
  const key = await importSPKI(publicKeyPem, ALG);
  // Copied into this realm's Uint8Array: jose checks `instanceof`, and an encoder from another realm
  // (a test's jsdom window) hands out arrays that fail it.
  const plaintext = Uint8Array.from(new TextEncoder().encode(JSON.stringify(payload)));
  const jwe = await new CompactEncrypt(plaintext).setProtectedHeader({ alg: ALG, enc: ENC, cty: 'application/json' }).encrypt(key);
  // The compact serialisation is ASCII, so btoa takes it as it is.
  return btoa(jwe);
}
