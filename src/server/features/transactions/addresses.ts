import type { AddressFamily } from '../../../contract/address-rules';
import { checkAddress } from '../catalogue/address';

/**
 * Is this a plausible account address on the asset's chain? The catalogue's checks cover the
 * families whose account addresses have the same form as their token addresses (EVM, Solana,
 * TRON, NEAR, TON); other chains get the shape every address shares. Answers what is wrong, or null.
 */
const ACCOUNT_FORMS: ReadonlySet<string> = new Set<AddressFamily>(['EVM', 'SOL', 'TRON', 'NEAR', 'TON']);

export async function checkDestinationAddress(protocol: string, address: string): Promise<string | null> {
  if (ACCOUNT_FORMS.has(protocol)) return checkAddress(protocol as AddressFamily, address);
  return /^[A-Za-z0-9:._-]{20,120}$/.test(address) ? null : 'an address is 20 to 120 letters, digits and the characters : . _ -';
}
