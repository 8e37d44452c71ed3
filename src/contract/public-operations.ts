// Generated from the definitions in src/contract/routes by `npm run generate:operations`: edit those, then run it.
export const completeDeviceSetup = '/v1/cosigner/setup';
export const redeemPairingToken = '/v1/cosigner/pairing';
export const refreshSession = '/v1/auth/refresh';
export const signIn = '/v1/auth/sign_in';
export const signOut = '/v1/auth/sign_out';
export const passkeySignIn = '/v1/auth/passkey_sign_in';
export const startPasskeySignIn = '/v1/auth/passkey_sign_in/options';
