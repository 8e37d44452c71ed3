// @peculiar/x509 resolves its parsers through tsyringe, which needs this polyfill loaded first.
import 'reflect-metadata';
import { Name, PemConverter, Pkcs10CertificateRequestGenerator } from '@peculiar/x509';

/** What the public console generates for an API user: RSA-4096 signing with SHA-256. */
export const API_USER_KEY_ALGORITHM = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 4096,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
} as const satisfies RsaHashedKeyGenParams;

export interface GeneratedKey {
  /** The PKCS#10 request the service needs: the public key, signed by the private key. */
  csrPem: string;
  /** PKCS#8 PEM; the one copy there will ever be, for the user to keep. */
  privateKeyPem: string;
}

/**
 * Generates a key pair in this browser and a certificate request for it, so the private key never
 * leaves the machine of the person creating the API user. This module is loaded on demand: the
 * ASN.1 and X.509 code it pulls in is only needed by whoever generates a key.
 */
export async function generateKeyAndCsr(commonName: string, crypto: Crypto = globalThis.crypto): Promise<GeneratedKey> {
  // Extractable, because the private key must be exported once for the download.
  const keys = await crypto.subtle.generateKey(API_USER_KEY_ALGORITHM, true, ['sign', 'verify']);
  const csr = await Pkcs10CertificateRequestGenerator.create(
    // An explicit UTF8String keeps the name verbatim: as a plain string, x509 would read quotes
    // and a leading '#' in it as DN syntax.
    { name: new Name([{ CN: [{ utf8String: commonName }] }]), keys, signingAlgorithm: API_USER_KEY_ALGORITHM },
    crypto,
  );
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { csrPem: csr.toString('pem'), privateKeyPem: PemConverter.encode(pkcs8, 'PRIVATE KEY') };
}
