import type { UserStatus } from '../../../contract/admin';
import { conflict } from '../../http/errors';

/**
 * The API user's lifecycle, in one place (docs/api.md shows the same diagram):
 *
 *   creation request approved ──(no coSignerSetupType)──────────────────────────────▶ READY
 *   creation request approved ──(coSignerSetupType set)──▶ PENDING_ACTIVATION
 *   PENDING_ACTIVATION      ──an admin issues a pairing token──▶ PENDING_DEVICE_PAIRING
 *   PENDING_DEVICE_PAIRING  ──the co-signer redeems the token──▶ PENDING_DEVICE_SETUP
 *   PENDING_DEVICE_PAIRING  ──the token expires unredeemed (24 h)──▶ PENDING_ACTIVATION
 *   PENDING_DEVICE_SETUP    ──the co-signer completes its setup──▶ READY
 *
 * Only a READY user's requests are accepted; `enabled` is a separate switch an admin flips.
 */
export const API_USER_TRANSITIONS = {
  issuePairingToken: { from: 'PENDING_ACTIVATION', to: 'PENDING_DEVICE_PAIRING' },
  redeemPairingToken: { from: 'PENDING_DEVICE_PAIRING', to: 'PENDING_DEVICE_SETUP' },
  pairingTokenExpired: { from: 'PENDING_DEVICE_PAIRING', to: 'PENDING_ACTIVATION' },
  completeDeviceSetup: { from: 'PENDING_DEVICE_SETUP', to: 'READY' },
} as const satisfies Record<string, { from: UserStatus; to: UserStatus }>;

export type ApiUserTransition = keyof typeof API_USER_TRANSITIONS;

export function initialStatus(coSignerSetupType: string | null | undefined): UserStatus {
  return coSignerSetupType ? 'PENDING_ACTIVATION' : 'READY';
}

/** The status after `transition`, or a 409 naming why it cannot happen from `current`. */
export function transition(current: string, name: ApiUserTransition): UserStatus {
  const { from, to } = API_USER_TRANSITIONS[name];
  if (current !== from) {
    throw conflict(
      name === 'issuePairingToken'
        ? `The API user is ${current}; a pairing token can only be issued while it is PENDING_ACTIVATION`
        : `The API user is ${current}; this step needs ${from}`,
    );
  }
  return to;
}
