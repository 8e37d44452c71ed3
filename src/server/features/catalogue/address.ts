import { ADDRESS_RULES, type AddressFamily } from '../../../contract/address-rules';

/**
 * The checksums of a Stellar issuer and of a TON jetton master, which the shared rules leave to
 * these chains' libraries (they are not for the console's bundle). The libraries are loaded at the
 * first address that needs them: they took a third of a second of every start.
 */
const CHECKSUMS: Partial<Record<AddressFamily, (address: string) => Promise<string | null>>> = {
  XLM: async (address) => {
    const { StrKey } = await import('@stellar/stellar-base');
    return StrKey.isValidEd25519PublicKey(address) ? null : 'the Stellar account id checksum does not match: a character is probably mistyped';
  },
  TON: async (address) => {
    const { Address } = await import('@ton/core');
    try {
      if (Address.isRaw(address)) Address.parseRaw(address);
      else Address.parseFriendly(address); // checks the CRC16
      return null;
    } catch {
      return 'the TON address checksum does not match: a character is probably mistyped';
    }
  },
};

/** The rules both sides run (src/contract/address-rules.ts), then the Stellar and TON checksums. What is wrong, or null. */
export async function checkAddress(family: AddressFamily, address: string): Promise<string | null> {
  return ADDRESS_RULES[family](address) ?? (await CHECKSUMS[family]?.(address)) ?? null;
}

/** What to type in the address field, per family (the console shows the same hint). */
export const ADDRESS_HINTS: Record<AddressFamily, string> = {
  EVM: 'Token contract address, 0x… (40 hex characters, EIP-55 checksummed)',
  SOL: 'Mint address (base58, 32 bytes)',
  TRON: 'TRC-20 contract address, T… (base58check)',
  XLM: 'Issuer account G… (and the asset code in symbol)',
  ALGO: 'ASA id (a whole number)',
  NEAR: 'Token contract account id, e.g. usdt.tether-token.near',
  SUI: 'Coin type 0x<package>::<module>::<TYPE>',
  TON: 'Jetton master address (raw 0:… or user-friendly EQ…/UQ…)',
};
