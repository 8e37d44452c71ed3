import { decodeProtectedHeader } from 'jose';

/** The only JWE algorithms the Travel Rule network accepts for PII (as the console encrypts). */
export const PII_KEY_ALGORITHM = 'RSA-OAEP-256';
export const PII_CONTENT_ENCRYPTION = 'A256GCM';

const COMPACT_JWE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The compact JWE in an IVMS101 `data` field: wire-facts call the field base64, so both the
 * compact serialisation itself and that string in base64 are accepted. Returns a reason when it
 * is neither, or when its header names other algorithms.
 */
export function readPiiJwe(data: string): { jwe: string } | { problem: string } {
  let jwe = data.trim();
  if (!COMPACT_JWE.test(jwe)) {
    if (!BASE64.test(jwe) || jwe.length % 4 !== 0) return { problem: 'must be a JWE (compact serialisation), or that string in base64' };
    jwe = Buffer.from(jwe, 'base64').toString('utf8').trim();
    if (!COMPACT_JWE.test(jwe)) return { problem: 'must be a JWE (compact serialisation), or that string in base64' };
  }
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jwe);
  } catch {
    return { problem: 'has a JWE header that cannot be read' };
  }
  if (header.alg !== PII_KEY_ALGORITHM || header.enc !== PII_CONTENT_ENCRYPTION) {
    return {
      problem: `must be encrypted with alg ${PII_KEY_ALGORITHM} and enc ${PII_CONTENT_ENCRYPTION} (it has alg ${String(header.alg)}, enc ${String(header.enc)})`,
    };
  }
  return { jwe };
}
