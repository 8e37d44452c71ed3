import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, createBase58check } from '@scure/base';

/**
 * The address rules both sides run: the service refuses what they refuse (a token's registration,
 * a transfer's destination), and the console's register form says so while the address is typed.
 * A rule answers what is wrong, in words that end the service's message ("address is not valid on
 * Ethereum: …") and that the console shows with a capital, or null when the address is valid.
 * Only what runs as well in a browser is here: of a Stellar or a TON address it checks the form, and
 * the service checks their checksums further, with those chains' own libraries.
 */
export type AddressRule = (address: string) => string | null;

const HEX_40 = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55: the address with each letter upper-cased where the keccak-256 of the lower-case hex says so. */
export function evmChecksum(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  return `0x${[...hex].map((char, i) => (parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char)).join('')}`;
}

const evm: AddressRule = (address) => {
  if (!HEX_40.test(address)) {
    const hex = address.startsWith('0x') ? address.length - 2 : null;
    return `an EVM address is 0x followed by 40 hexadecimal characters${hex === null ? '' : ` (this one has ${hex})`}`;
  }
  // An address in one case throughout carries no checksum; a mixed-case one must carry a correct one.
  const body = address.slice(2);
  if (body !== body.toLowerCase() && body !== body.toUpperCase() && evmChecksum(address) !== address) {
    return 'the checksum (the mix of upper and lower case) does not match EIP-55: a character is probably mistyped';
  }
  return null;
};

const solana: AddressRule = (address) => {
  try {
    return base58.decode(address).length === 32 ? null : 'a Solana mint address is 32 bytes written in base58 (32 to 44 characters)';
  } catch {
    return 'a Solana mint address is written in base58, which has no 0, O, I or l';
  }
};

const tronBase58check = createBase58check(sha256);
const tron: AddressRule = (address) => {
  if (!address.startsWith('T')) return 'a TRON address starts with T';
  try {
    const bytes = tronBase58check.decode(address);
    return bytes.length === 21 && bytes[0] === 0x41 ? null : 'a TRON address holds 21 bytes starting with 0x41';
  } catch {
    return 'the TRON address checksum does not match: a character is probably mistyped';
  }
};

const MAX_UINT64 = 2n ** 64n - 1n;
const algorand: AddressRule = (address) =>
  /^[1-9]\d{0,19}$/.test(address) && BigInt(address) <= MAX_UINT64 ? null : 'an Algorand asset is its ASA id, a positive whole number';

// NEAR account ids: 2-64 characters of a-z, 0-9 and the separators - _ . (not doubled, not at the ends).
const NEAR_ACCOUNT = /^(?=.{2,64}$)(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$/;
const near: AddressRule = (address) =>
  NEAR_ACCOUNT.test(address) ? null : 'a NEAR token is a contract account id such as usdt.tether-token.near (2-64 characters: a-z, 0-9, - _ .)';

const SUI_TYPE = /^0x[0-9a-fA-F]{1,64}::[A-Za-z_]\w*::[A-Za-z_]\w*$/;
const sui: AddressRule = (address) => (SUI_TYPE.test(address) ? null : 'a Sui coin type is written 0x<package>::<module>::<TYPE>');

const match =
  (pattern: RegExp, problem: string): AddressRule =>
  (address) =>
    pattern.test(address) ? null : problem;

/** The chain families whose token addresses are checked (the catalogue's `family` of a chain). */
export type AddressFamily = 'EVM' | 'SOL' | 'TRON' | 'XLM' | 'ALGO' | 'NEAR' | 'SUI' | 'TON';

export const ADDRESS_RULES: Record<AddressFamily, AddressRule> = {
  EVM: evm,
  SOL: solana,
  TRON: tron,
  XLM: match(/^G[A-Z2-7]{55}$/, 'a Stellar issuer is an account id: G followed by 55 letters A-Z and digits 2-7'),
  ALGO: algorand,
  NEAR: near,
  SUI: sui,
  TON: match(
    /^(-?\d+:[0-9a-fA-F]{64}|[A-Za-z0-9_+/-]{48})$/,
    'a TON jetton master is an address in raw form (0:<64 hexadecimal characters>) or user-friendly form (48 characters)',
  ),
};
