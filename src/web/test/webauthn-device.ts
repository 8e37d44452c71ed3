import { vi } from 'vitest';
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '../../contract/passkeys';
import { SoftwareAuthenticator } from '../../server/test/software-authenticator';

/**
 * A platform authenticator for the console's component tests: jsdom has no WebAuthn, so this puts
 * `navigator.credentials.create/get` (and `PublicKeyCredential`, which the browser library checks
 * for) on the window, backed by the server suite's SoftwareAuthenticator (real P-256 keys, "none"
 * attestations, real signatures) for this page's origin. It does what a browser adds around a
 * device: the buffers of the Credential Management API, the refusal of an excluded credential, and
 * a prompt the person can cancel. So the service's own verification checks what the console sends.
 */

const bytesOf = (source: BufferSource) =>
  source instanceof ArrayBuffer ? new Uint8Array(source) : new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
const base64url = (source: BufferSource) => Buffer.from(bytesOf(source)).toString('base64url');
const buffer = (text: string) => new Uint8Array(Buffer.from(text, 'base64url')).buffer;

/** The credential the browser hands the page for a device's answer: its buffers as ArrayBuffers, beside what each ceremony adds to the response. */
const credential = (answer: { id: string; rawId: string; type: string; response: { clientDataJSON: string } }, response: Record<string, unknown>) => ({
  id: answer.id,
  rawId: buffer(answer.rawId),
  type: answer.type,
  authenticatorAttachment: 'platform',
  getClientExtensionResults: () => ({}),
  response: { clientDataJSON: buffer(answer.response.clientDataJSON), ...response },
});

export interface WebAuthnDevice {
  /** The credentials it holds, as the service names them (base64url ids). */
  credentialIds(): string[];
  /** The next ceremony fails as when the person cancels the browser's prompt. */
  cancelNext(): void;
}

/** Puts a fresh device on the window (until the test file's globals are unstubbed), answering for this page's origin. */
export function installWebAuthnDevice(): WebAuthnDevice {
  const device = new SoftwareAuthenticator({ origin: window.location.origin });
  let cancel = false;
  const refuseIfCancelled = () => {
    if (!cancel) return;
    cancel = false;
    throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
  };

  async function create({ publicKey }: CredentialCreationOptions): Promise<unknown> {
    refuseIfCancelled();
    const options = publicKey!;
    const excluded = (options.excludeCredentials ?? []).map((entry) => base64url(entry.id));
    if (device.credentialIds.some((id) => excluded.includes(id))) {
      throw new DOMException('The authenticator already holds one of the excluded credentials.', 'InvalidStateError');
    }
    const json: PasskeyCreationOptions = {
      rp: { id: options.rp.id, name: options.rp.name },
      user: { id: base64url(options.user.id), name: options.user.name, displayName: options.user.displayName },
      challenge: base64url(options.challenge),
      pubKeyCredParams: options.pubKeyCredParams.map(({ alg }) => ({ type: 'public-key', alg })),
    };
    const made = await device.register(json);
    return credential(made, {
      attestationObject: buffer(made.response.attestationObject),
      getTransports: () => ['internal'],
    });
  }

  async function get({ publicKey }: CredentialRequestOptions): Promise<unknown> {
    refuseIfCancelled();
    const options = publicKey!;
    const allowed = options.allowCredentials?.map((entry) => ({ id: base64url(entry.id), type: 'public-key' as const }));
    const json: PasskeyRequestOptions = {
      challenge: base64url(options.challenge),
      rpId: options.rpId,
      allowCredentials: allowed?.length ? allowed : undefined,
    };
    if (device.credentialIds.length === 0) throw new DOMException('No credential for this relying party.', 'NotAllowedError');
    const signed = await device.assert(json);
    return credential(signed, {
      authenticatorData: buffer(signed.response.authenticatorData),
      signature: buffer(signed.response.signature),
      userHandle: signed.response.userHandle ? buffer(signed.response.userHandle) : null,
    });
  }

  vi.stubGlobal('PublicKeyCredential', class PublicKeyCredential {});
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create: vi.fn(create), get: vi.fn(get) } });
  return {
    credentialIds: () => device.credentialIds,
    cancelNext: () => {
      cancel = true;
    },
  };
}
