import 'reflect-metadata';
import { Pkcs10CertificateRequest } from '@peculiar/x509';
import { describe, expect, it } from 'vitest';
import { generateKeyAndCsr } from './csr-generator';

describe('generateKeyAndCsr', () => {
  it('makes an RSA-4096 certificate request whose self-signature verifies, and a PKCS#8 private key', async () => {
    const { csrPem, privateKeyPem } = await generateKeyAndCsr('Treasury bot, "EU"');

    expect(csrPem).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\r?\n[\s\S]+\r?\n-----END CERTIFICATE REQUEST-----$/);
    const csr = new Pkcs10CertificateRequest(csrPem);
    expect(await csr.verify()).toBe(true);
    expect(csr.subject).toBe('CN=Treasury bot\\, \\"EU\\"');
    const publicKey = await csr.publicKey.export();
    expect(publicKey.algorithm).toMatchObject({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 4096 });

    expect(privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\r?\n[\s\S]+\r?\n-----END PRIVATE KEY-----$/);
    const der = Uint8Array.from(atob(privateKeyPem.replace(/-----[A-Z ]+-----|\s/g, '')), (c) => c.charCodeAt(0));
    const privateKey = await crypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, true, ['sign']);
    // The private key is the partner of the public key in the request: what it signs, the request's key verifies.
    const data = new TextEncoder().encode('challenge');
    const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', privateKey, data);
    expect(await crypto.subtle.verify('RSASSA-PKCS1-v1_5', publicKey, signature, data)).toBe(true);
  });
});
