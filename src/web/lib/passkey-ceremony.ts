import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's side of a passkey ceremony. @simplewebauthn/browser is imported when a ceremony
 * starts, never before: the sign-in page offers "Sign in with a passkey" within its bundle budget,
 * and most visitors sign in with a password.
 */
const webauthn = () => import('@simplewebauthn/browser');

/** A ceremony that did not give the service a credential, with what the user should know about why. */
export class PasskeyCeremonyError extends Error {
  override readonly name = 'PasskeyCeremonyError';
  readonly reason: 'cancelled' | 'wrong-origin' | 'already-registered' | 'unsupported' | 'failed';

  constructor(reason: PasskeyCeremonyError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

/** The relying party the service named, so a wrong address can be told by its name. */
function explain(error: unknown, rpId: string | undefined, purpose: 'create' | 'use'): PasskeyCeremonyError {
  // WebAuthnError (by its code, read without importing the class) or the browser's own DOMException.
  const { code, name, cause } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; name?: unknown; cause?: { name?: unknown } };
  const domName = cause?.name ?? name;
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || domName === 'SecurityError') {
    const here = globalThis.location?.host ?? 'this address';
    return new PasskeyCeremonyError(
      'wrong-origin',
      rpId
        ? `Passkeys of this console belong to ${rpId}: open the console at that address (this page is ${here}).`
        : `Passkeys cannot be used at ${here}: open the console at the address its service was configured with (PUBLIC_ORIGIN).`,
    );
  }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || domName === 'InvalidStateError') {
    return new PasskeyCeremonyError('already-registered', 'This authenticator already holds one of your passkeys: use another one, or rename the one listed.');
  }
  if (domName === 'NotAllowedError' || domName === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return new PasskeyCeremonyError(
      'cancelled',
      purpose === 'use'
        ? 'No passkey was used: the request was cancelled or timed out, or this device holds no passkey for this console.'
        : 'No passkey was created: the request was cancelled or timed out.',
    );
  }
  if (error instanceof Error && /not supported/i.test(error.message)) {
    return new PasskeyCeremonyError('unsupported', 'This browser cannot use passkeys.');
  }
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return new PasskeyCeremonyError('failed', `The passkey could not be ${purpose === 'use' ? 'used' : 'created'}${detail}.`);
}

/** Asks an authenticator to make a passkey for the options the service issued. */
export async function createPasskeyCredential(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  try {
    const { startRegistration } = await webauthn();
    return await startRegistration({ optionsJSON });
  } catch (error) {
    throw explain(error, optionsJSON.rp.id, 'create');
  }
}

/** Asks an authenticator to sign the service's challenge with one of its passkeys. */
export async function assertWithPasskey(optionsJSON: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON> {
  try {
    const { startAuthentication } = await webauthn();
    return await startAuthentication({ optionsJSON });
  } catch (error) {
    throw explain(error, optionsJSON.rpId, 'use');
  }
}
