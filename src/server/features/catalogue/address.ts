import { StrKey } from '@stellar/stellar-base';
import { Address } from '@ton/core';
import { ADDRESS_RULES, type AddressFamily, type AddressRule } from '../../../contract/address-rules';

/**
 * The checksums of a Stellar issuer and of a TON jetton master, which the shared rules leave to
 * these chains' libraries (they are not for the console's bundle).
 */
const stellarChecksum: AddressRule = (address) =>
  StrKey.isValidEd25519PublicKey(address) ? null : 'the Stellar account id checksum does not match: a character is probably mistyped';

const tonChecksum: AddressRule = (address) => {
  try {
    if (Address.isRaw(address)) Address.parseRaw(address);
    else Address.parseFriendly(address); // checks the CRC16
    return null;
  } catch {
    return 'the TON address checksum does not match: a character is probably mistyped';
  }
};

const andThen =
  (first: AddressRule, then: AddressRule): AddressRule =>
  (address) =>
    first(address) ?? then(address);

/** The rules both sides run (src/contract/address-rules.ts), with the Stellar and TON checksums after theirs. */
export const ADDRESS_CHECKS: Record<AddressFamily, AddressRule> = {
  ...ADDRESS_RULES,
  XLM: andThen(ADDRESS_RULES.XLM, stellarChecksum),
  TON: andThen(ADDRESS_RULES.TON, tonChecksum),
};

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
