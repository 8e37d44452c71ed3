import { ADDRESS_CHECKS } from '../catalogue/address';

/**
 * Is this a plausible account address on the asset's chain? The catalogue's checks cover the
 * families whose account addresses have the same form as their token addresses (EVM, Solana,
 * TRON, NEAR, TON); other chains get the shape every address shares. Answers what is wrong, or null.
 */
const ACCOUNT_FORMS = {
  EVM: ADDRESS_CHECKS.EVM,
  SOL: ADDRESS_CHECKS.SOL,
  TRON: ADDRESS_CHECKS.TRON,
  NEAR: ADDRESS_CHECKS.NEAR,
  TON: ADDRESS_CHECKS.TON,
} as const;

export function checkDestinationAddress(protocol: string, address: string): string | null {
  const check = ACCOUNT_FORMS[protocol as keyof typeof ACCOUNT_FORMS];
  if (check) return check(address);
  return /^[A-Za-z0-9:._-]{20,120}$/.test(address) ? null : 'an address is 20 to 120 letters, digits and the characters : . _ -';
}
