import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AuthenticationResponse, PasskeyCreationOptions, PasskeyRequestOptions, RegistrationResponse } from '../../../contract/passkeys';
import type { Config } from '../../env';
import { CHALLENGE_TTL_MS, type PasskeyRow } from './store';

/** The relying party: the console's origin and its host name (PUBLIC_ORIGIN). */
export const relyingParty = (config: Config) => ({ origin: config.publicOrigin, id: new URL(config.publicOrigin).hostname, name: 'Asset Ops' });

const descriptor = (row: PasskeyRow) => ({ id: row.credentialId, transports: row.transports });

/** A new discoverable credential with user verification, never a second one on an authenticator I already use. */
export async function registrationOptions(
  config: Config,
  user: { id: string; email: string | null; name: string },
  mine: PasskeyRow[],
): Promise<PasskeyCreationOptions> {
  const rp = relyingParty(config);
  // The library's descriptor types widen `type` and `transports` to string; the values are the contract's.
  return (await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: new TextEncoder().encode(user.id),
    userName: user.email ?? user.name,
    userDisplayName: user.name,
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: mine.map(descriptor),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })) as PasskeyCreationOptions;
}

/** For a sign-in (no allowCredentials: the authenticator offers its discoverable credentials) or a step-up (mine only). */
export async function authenticationOptions(config: Config, challenge: Uint8Array<ArrayBuffer>, mine?: PasskeyRow[]): Promise<PasskeyRequestOptions> {
  return (await generateAuthenticationOptions({
    rpID: relyingParty(config).id,
    challenge,
    ...(mine ? { allowCredentials: mine.map(descriptor) } : {}),
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  })) as PasskeyRequestOptions;
}

/** Why the library refused an answer, in words a user (and an auditor) can act on. */
export function refusalReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/origin/i.test(message)) return 'it was made for another origin (wrong site)';
  if (/counter/i.test(message)) return 'the signature counter went backwards: the authenticator may have been cloned';
  if (/RP ?ID/i.test(message)) return 'it was made for another relying party';
  if (/verif(y|ied|ication) (was )?required|could not be verified/i.test(message)) return 'user verification is required';
  if (/challenge/i.test(message)) return 'it answers another challenge';
  if (/type/i.test(message)) return 'it is not a WebAuthn answer of the expected type';
  return 'it does not verify';
}

/** What every answer is checked against: our challenge, made at our origin for our relying party, the user verified. */
function expectations(config: Config, expectedChallenge: string) {
  const rp = relyingParty(config);
  return { expectedChallenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true };
}

export async function verifyRegistration(config: Config, response: RegistrationResponse, expectedChallenge: string) {
  const result = await verifyRegistrationResponse({ response: response as RegistrationResponseJSON, ...expectations(config, expectedChallenge) });
  if (!result.verified) throw new Error('the attestation does not verify');
  return result.registrationInfo;
}

/** Verifies an assertion with the stored public key; throws with the library's reason. */
export async function verifyAssertion(config: Config, response: AuthenticationResponse, expectedChallenge: string, passkey: PasskeyRow) {
  const result = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    ...expectations(config, expectedChallenge),
    credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter },
  });
  if (!result.verified) throw new Error('the signature does not verify');
  return result.authenticationInfo;
}
