import { randomBytes, webcrypto } from 'node:crypto';
import type { AuthenticationResponse, PasskeyCreationOptions, PasskeyRequestOptions, RegistrationResponse } from '../../contract/passkeys';

/**
 * A WebAuthn authenticator in software, for tests: ECDSA P-256 keys made with WebCrypto, real
 * attestations (format "none", CBOR) and real assertions signed over
 * authenticatorData || SHA-256(clientDataJSON), as a security key or a phone would make them. Each
 * knob a test needs to play an attacker (another origin, a cloned key, a changed counter) is an option.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 0x100) return [(major << 5) | 24, length];
  if (length < 0x10000) return [(major << 5) | 25, length >> 8, length & 0xff];
  return [(major << 5) | 26, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
}

/** The few CBOR types attestation objects and COSE keys use (RFC 8949). */
export function cbor(value: Cbor): Uint8Array {
  if (typeof value === 'number') return Uint8Array.from(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    return concat(Uint8Array.from(head(3, bytes.length)), bytes);
  }
  if (value instanceof Uint8Array) return concat(Uint8Array.from(head(2, value.length)), value);
  if (Array.isArray(value)) return concat(Uint8Array.from(head(4, value.length)), ...value.map(cbor));
  return concat(Uint8Array.from(head(5, value.size)), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]));
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = async (data: Uint8Array | string) =>
  new Uint8Array(await webcrypto.subtle.digest('SHA-256', typeof data === 'string' ? new TextEncoder().encode(data) : data));

/** WebCrypto signs ECDSA as r || s; WebAuthn carries the ASN.1 DER form. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i += 1;
    const trimmed = bytes.subarray(i);
    const body = trimmed[0]! & 0x80 ? concat(Uint8Array.of(0), trimmed) : trimmed;
    return concat(Uint8Array.of(0x02, body.length), body);
  };
  const seq = concat(integer(raw.subarray(0, 32)), integer(raw.subarray(32)));
  return concat(Uint8Array.of(0x30, seq.length), seq);
}

const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 };

interface Credential {
  id: Uint8Array;
  keys: CryptoKeyPair;
  userHandle: string;
  rpId: string;
  counter: number;
}

export interface AuthenticatorOptions {
  /** The origin the browser reports in clientDataJSON. */
  origin: string;
  /** A synced passkey (backup eligible and backed up) rather than a device-bound one. */
  synced?: boolean;
}

export class SoftwareAuthenticator {
  private readonly credentials = new Map<string, Credential>();

  constructor(private readonly options: AuthenticatorOptions) {}

  /** The credential ids this authenticator holds, base64url. */
  get credentialIds(): string[] {
    return [...this.credentials.keys()];
  }

  /** A second authenticator holding a copy of one credential as it is now (counter included): a clone. */
  clone(credentialId: string): SoftwareAuthenticator {
    const copy = new SoftwareAuthenticator(this.options);
    const credential = this.credentials.get(credentialId);
    if (!credential) throw new Error('clone: no such credential');
    copy.credentials.set(credentialId, { ...credential });
    return copy;
  }

  private flags(extra: number, uv: boolean) {
    return FLAGS.UP | (uv ? FLAGS.UV : 0) | (this.options.synced ? FLAGS.BE | FLAGS.BS : 0) | extra;
  }

  /** navigator.credentials.create(): a new discoverable P-256 credential, attested with format "none". */
  async register(options: PasskeyCreationOptions, overrides: { origin?: string } = {}): Promise<RegistrationResponse> {
    const rpId = options.rp.id ?? new URL(this.options.origin).hostname;
    const keys = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const raw = new Uint8Array(await webcrypto.subtle.exportKey('raw', keys.publicKey));
    const cose = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, raw.subarray(1, 33)],
        [-3, raw.subarray(33, 65)],
      ]),
    );
    const id = new Uint8Array(randomBytes(16));
    const counter = 0;
    const attested = concat(new Uint8Array(16), Uint8Array.of(0, id.length), id, cose); // AAGUID of zeros, as "none" allows
    const authData = concat(await sha256(rpId), Uint8Array.of(this.flags(FLAGS.AT, true)), counterBytes(counter), attested);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: overrides.origin ?? this.options.origin,
      crossOrigin: false,
    });
    const credentialId = b64url(id);
    this.credentials.set(credentialId, { id, keys, userHandle: options.user.id, rpId, counter });
    return answerFor(credentialId, {
      clientDataJSON: b64url(new TextEncoder().encode(clientDataJSON)),
      attestationObject: b64url(
        cbor(
          new Map<string, Cbor>([
            ['fmt', 'none'],
            ['attStmt', new Map()],
            ['authData', authData],
          ]),
        ),
      ),
      transports: ['usb'],
    });
  }

  /**
   * navigator.credentials.get(): signs the challenge with the credential the options allow (or,
   * for a discoverable sign-in, the one named or the first). The counter moves one step per use.
   */
  async assert(
    options: PasskeyRequestOptions,
    overrides: { origin?: string; credentialId?: string; counter?: number; userVerified?: boolean } = {},
  ): Promise<AuthenticationResponse> {
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credentialId = overrides.credentialId ?? this.credentialIds.find((id) => !allowed || allowed.includes(id));
    const credential = credentialId && this.credentials.get(credentialId);
    if (!credentialId || !credential) throw new Error('assert: no credential for these options');
    credential.counter = overrides.counter ?? credential.counter + 1;
    const authData = concat(
      await sha256(options.rpId ?? credential.rpId),
      Uint8Array.of(this.flags(0, overrides.userVerified ?? true)),
      counterBytes(credential.counter),
    );
    const clientData = new TextEncoder().encode(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: overrides.origin ?? this.options.origin, crossOrigin: false }),
    );
    const signed = concat(authData, await sha256(clientData));
    const raw = new Uint8Array(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, credential.keys.privateKey, signed));
    return answerFor(credentialId, {
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(derSignature(raw)),
      userHandle: credential.userHandle,
    });
  }
}

/** What navigator.credentials answers for a credential of this authenticator, around its `response`. */
function answerFor<R>(credentialId: string, response: R) {
  return {
    id: credentialId,
    rawId: credentialId,
    type: 'public-key',
    clientExtensionResults: {},
    authenticatorAttachment: 'cross-platform',
    response,
  } as const;
}

function counterBytes(counter: number): Uint8Array {
  return Uint8Array.of((counter >>> 24) & 0xff, (counter >> 16) & 0xff, (counter >> 8) & 0xff, counter & 0xff);
}
