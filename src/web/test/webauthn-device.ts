import { vi } from 'vitest';

/**
 * A platform authenticator for the console's component tests: jsdom has no WebAuthn, so this puts
 * `navigator.credentials.create/get` (and `PublicKeyCredential`, which the browser library checks
 * for) on the window, backed by real keys. Each credential is a WebCrypto ECDSA P-256 key pair;
 * registration answers with a "none" attestation whose authenticator data carries the COSE key,
 * and an assertion is a real signature over authenticatorData || SHA-256(clientDataJSON), as a
 * browser and device would make them for this page's origin. So the service's own verification
 * (@simplewebauthn/server) checks what the console sends, as in production.
 */

interface StoredCredential {
  id: Uint8Array;
  rpId: string;
  userHandle: Uint8Array;
  privateKey: CryptoKey;
  signCount: number;
}

const encoder = new TextEncoder();
const sha256 = async (data: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', data));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const bytesOf = (source: BufferSource) =>
  source instanceof ArrayBuffer ? new Uint8Array(source) : new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);
const uint32 = (value: number) => new Uint8Array([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);

/** The CBOR this needs (RFC 8949): integers, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(value: Cbor): Uint8Array {
  const head = (major: number, length: number) =>
    length < 24
      ? new Uint8Array([(major << 5) | length])
      : length < 256
        ? new Uint8Array([(major << 5) | 24, length])
        : new Uint8Array([(major << 5) | 25, length >> 8, length & 0xff]);
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = encoder.encode(value);
    return concat(head(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  return concat(head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)]));
}

/** WebCrypto signs ECDSA as r || s; WebAuthn carries the ASN.1 DER form. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (half: Uint8Array) => {
    let start = 0;
    while (start < half.length - 1 && half[start] === 0) start++;
    const trimmed = half.slice(start);
    const bytes = trimmed[0]! & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([0x02, bytes.length]), bytes);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

const FLAGS = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 };

export interface WebAuthnDevice {
  /** The credentials it holds, as the service names them (base64url ids). */
  credentialIds(): string[];
  /** The next ceremony fails as when the person cancels the browser's prompt. */
  cancelNext(): void;
}

/** Puts a fresh device on the window (until the test file's globals are unstubbed): it answers for this page's origin and host name, as a browser would. */
export function installWebAuthnDevice(): WebAuthnDevice {
  const credentials: StoredCredential[] = [];
  let cancel = false;
  const refuseIfCancelled = () => {
    if (!cancel) return;
    cancel = false;
    throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
  };
  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: BufferSource) =>
    encoder.encode(JSON.stringify({ type, challenge: base64url(bytesOf(challenge)), origin: window.location.origin, crossOrigin: false }));

  async function create({ publicKey }: CredentialCreationOptions): Promise<unknown> {
    refuseIfCancelled();
    const options = publicKey!;
    const rpId = options.rp.id ?? window.location.hostname;
    if ((options.excludeCredentials ?? []).some((excluded) => credentials.some((held) => held.rpId === rpId && same(held.id, bytesOf(excluded.id))))) {
      throw new DOMException('The authenticator already holds one of the excluded credentials.', 'InvalidStateError');
    }
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const point = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, point.slice(1, 33)],
        [-3, point.slice(33, 65)],
      ]),
    );
    const id = crypto.getRandomValues(new Uint8Array(16));
    credentials.push({ id, rpId, userHandle: bytesOf(options.user.id).slice(), privateKey: keys.privateKey, signCount: 0 });
    const authenticatorData = concat(
      await sha256(encoder.encode(rpId)),
      new Uint8Array([FLAGS.userPresent | FLAGS.userVerified | FLAGS.attestedData]),
      uint32(0),
      new Uint8Array(16),
      new Uint8Array([0, id.length]),
      id,
      cose,
    );
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authenticatorData],
      ]),
    );
    return {
      id: base64url(id),
      rawId: id.buffer,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      getClientExtensionResults: () => ({}),
      response: {
        clientDataJSON: clientData('webauthn.create', options.challenge).buffer,
        attestationObject: attestationObject.buffer,
        getTransports: () => ['internal'],
      },
    };
  }

  async function get({ publicKey }: CredentialRequestOptions): Promise<unknown> {
    refuseIfCancelled();
    const options = publicKey!;
    const rpId = options.rpId ?? window.location.hostname;
    const allowed = options.allowCredentials ?? [];
    const credential = credentials.find((held) => held.rpId === rpId && (allowed.length === 0 || allowed.some((entry) => same(held.id, bytesOf(entry.id)))));
    if (!credential) throw new DOMException('No credential for this relying party.', 'NotAllowedError');
    credential.signCount += 1;
    const authenticatorData = concat(
      await sha256(encoder.encode(rpId)),
      new Uint8Array([FLAGS.userPresent | FLAGS.userVerified]),
      uint32(credential.signCount),
    );
    const clientDataJSON = clientData('webauthn.get', options.challenge);
    const signed = concat(authenticatorData, await sha256(clientDataJSON));
    const signature = derSignature(new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, credential.privateKey, signed)));
    return {
      id: base64url(credential.id),
      rawId: credential.id.buffer,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      getClientExtensionResults: () => ({}),
      response: {
        clientDataJSON: clientDataJSON.buffer,
        authenticatorData: authenticatorData.buffer,
        signature: signature.buffer,
        userHandle: credential.userHandle.buffer,
      },
    };
  }

  vi.stubGlobal('PublicKeyCredential', class PublicKeyCredential {});
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create: vi.fn(create), get: vi.fn(get) } });
  return {
    credentialIds: () => credentials.map((held) => base64url(held.id)),
    cancelNext: () => {
      cancel = true;
    },
  };
}
