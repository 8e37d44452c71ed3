import { ADDRESS_RULES, type AddressFamily } from '../../../contract/address-rules';

/**
 * What the register form can tell about an address while it is typed: the rules the service runs
 * too (src/contract/address-rules.ts), whose answer is the one that counts. A message, or null
 * when the address looks right (or the family has no rule).
 */
export function addressProblem(family: string | null, address: string): string | null {
  const rule = family && Object.hasOwn(ADDRESS_RULES, family) ? ADDRESS_RULES[family as AddressFamily] : undefined;
  const problem = rule?.(address) ?? null;
  return problem && problem.charAt(0).toUpperCase() + problem.slice(1);
}

/** A Stellar asset code: 1 to 12 letters and digits. */
export const STELLAR_ASSET_CODE = /^[A-Za-z0-9]{1,12}$/;
