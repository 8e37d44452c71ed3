import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, createBase58check } from '@scure/base';
import { StrKey } from '@stellar/stellar-base';
import { Address } from '@ton/core';

/** The chain families whose token addresses the service knows how to check. */
export type AddressFamily = 'EVM' | 'SOL' | 'TRON' | 'XLM' | 'ALGO' | 'NEAR' | 'SUI' | 'TON';

/** An error message naming what is wrong, or null when the address is valid for its family. */
export type AddressCheck = (address: string) => string | null;

const HEX_40 = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55: a mixed-case address must carry its checksum; one case throughout carries none. */
export function evmChecksum(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(hex))).toString('hex');
  return `0x${[...hex].map((ch, i) => (parseInt(hash[i]!, 16) >= 8 ? ch.toUpperCase() : ch)).join('')}`;
}

const checkEvm: AddressCheck = (address) => {
  if (!HEX_40.test(address)) return 'an EVM address is 0x followed by 40 hexadecimal characters';
  const body = address.slice(2);
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixed && evmChecksum(address) !== address) return 'the EIP-55 checksum (the mix of upper and lower case) does not match';
  return null;
};

const checkSolana: AddressCheck = (address) => {
  try {
    return base58.decode(address).length === 32 ? null : 'a Solana mint address is 32 bytes in base58';
  } catch {
    return 'a Solana mint address is written in base58 (no 0, O, I or l)';
  }
};

const tronBase58check = createBase58check(sha256);
const checkTron: AddressCheck = (address) => {
  if (!address.startsWith('T')) return 'a TRON address starts with T';
  try {
    const bytes = tronBase58check.decode(address);
    return bytes.length === 21 && bytes[0] === 0x41 ? null : 'a TRON address holds 21 bytes starting with 0x41';
  } catch {
    return 'the TRON address checksum does not match';
  }
};

const checkStellar: AddressCheck = (address) =>
  StrKey.isValidEd25519PublicKey(address) ? null : 'a Stellar issuer is a G… account id of 56 characters with a valid checksum';

const MAX_UINT64 = 2n ** 64n - 1n;
const checkAlgorand: AddressCheck = (address) =>
  /^[1-9]\d{0,19}$/.test(address) && BigInt(address) <= MAX_UINT64 ? null : 'an Algorand asset is identified by its ASA id, a positive whole number';

// NEAR account ids: 2-64 characters of a-z, 0-9 and the separators - _ . (not doubled, not at the ends).
const NEAR_ACCOUNT = /^(?=.{2,64}$)(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$/;
const checkNear: AddressCheck = (address) => (NEAR_ACCOUNT.test(address) ? null : 'a NEAR token is a contract account id (2-64 characters: a-z, 0-9, - _ .)');

const SUI_TYPE = /^0x[0-9a-fA-F]{1,64}::[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*$/;
const checkSui: AddressCheck = (address) => (SUI_TYPE.test(address) ? null : 'a Sui coin type is written 0x<package>::<module>::<TYPE>');

const checkTon: AddressCheck = (address) => {
  try {
    if (Address.isRaw(address)) {
      Address.parseRaw(address);
      return null;
    }
    if (Address.isFriendly(address)) {
      Address.parseFriendly(address); // checks the CRC16
      return null;
    }
  } catch {
    return 'the TON address checksum does not match';
  }
  return 'a TON jetton master is an address in raw form (0:<64 hex>) or user-friendly form (48 characters)';
};

export const ADDRESS_CHECKS: Record<AddressFamily, AddressCheck> = {
  EVM: checkEvm,
  SOL: checkSolana,
  TRON: checkTron,
  XLM: checkStellar,
  ALGO: checkAlgorand,
  NEAR: checkNear,
  SUI: checkSui,
  TON: checkTon,
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
