import { createPublicKey } from 'node:crypto';
import type { Pkcs10CertificateRequest } from '@peculiar/x509';
import { badRequest } from '../../http/errors';

/**
 * The certificate library, loaded at the first request that needs it: with its dependencies it
 * took about a tenth of a second of every start, for an operation an API user's set-up does once.
 */
async function x509() {
  // @peculiar/x509 resolves its parsers through tsyringe, which needs this polyfill loaded first.
  await import('reflect-metadata');
  return import('@peculiar/x509');
}

const MIN_RSA_BITS = 2048;

/**
 * Validates a PEM PKCS#10 certificate request the way a co-signer's key must be: well formed,
 * self-signature valid, and an RSA key of at least 2048 bits or an EC P-256 key. Returns the
 * public key as SPKI PEM, which is what request signatures are later verified with.
 */
export async function publicKeyFromCsr(csrPem: string): Promise<string> {
  const text = csrPem.trim();
  if (!/^-----BEGIN (NEW )?CERTIFICATE REQUEST-----[\s\S]+-----END (NEW )?CERTIFICATE REQUEST-----$/.test(text)) {
    throw badRequest("csrPem must be a PEM certificate request ('-----BEGIN CERTIFICATE REQUEST-----' ... '-----END CERTIFICATE REQUEST-----')");
  }
  const { Pkcs10CertificateRequest: CertificateRequest } = await x509();
  let csr: Pkcs10CertificateRequest;
  try {
    csr = new CertificateRequest(text.replace(/(NEW )CERTIFICATE REQUEST/g, 'CERTIFICATE REQUEST'));
  } catch {
    throw badRequest('csrPem is not a well-formed PKCS#10 certificate request');
  }
  const key = (() => {
    try {
      return createPublicKey({ key: Buffer.from(csr.publicKey.rawData), format: 'der', type: 'spki' });
    } catch {
      throw badRequest('csrPem holds a public key of an unsupported type; use RSA (2048 bits or more) or EC P-256');
    }
  })();
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'rsa') {
    if ((details.modulusLength ?? 0) < MIN_RSA_BITS) {
      throw badRequest(`csrPem holds an RSA key of ${details.modulusLength} bits; at least ${MIN_RSA_BITS} are required`);
    }
  } else if (!(key.asymmetricKeyType === 'ec' && details.namedCurve === 'prime256v1')) {
    throw badRequest('csrPem holds a public key of an unsupported type; use RSA (2048 bits or more) or EC P-256');
  }
  let signatureValid = false;
  try {
    signatureValid = await csr.verify();
  } catch {
    signatureValid = false;
  }
  if (!signatureValid) throw badRequest("csrPem's self-signature does not verify: the request was altered or not signed by its key");
  return key.export({ type: 'spki', format: 'pem' }).toString();
}
