import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, createBase58check } from '@scure/base';

/**
 * What the register form can tell about an address while it is typed, per registration family.
 * These are the cheap checks: the service checks again, fully (the Stellar and TON checksums
 * among them), and its answer is the one that counts. Each returns a message, or null if valid.
 */
type AddressRule = (address: string) => string | null;

const HEX_40 = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55: the address with each letter upper-cased where the keccak-256 of the lower-case hex says so. */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  return `0x${[...hex].map((char, i) => (parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char)).join('')}`;
}

const evm: AddressRule = (address) => {
  if (!HEX_40.test(address)) {
    const hex = address.startsWith('0x') ? address.length - 2 : null;
    return `An EVM address is 0x followed by 40 hexadecimal characters${hex === null ? '' : ` (this one has ${hex})`}`;
  }
  // An address in one case throughout carries no checksum; a mixed-case one must carry a correct one.
  const body = address.slice(2);
  if (body !== body.toLowerCase() && body !== body.toUpperCase() && toChecksumAddress(address) !== address) {
    return 'The checksum (the mix of upper and lower case) does not match: a character is probably mistyped';
  }
  return null;
};

const solana: AddressRule = (address) => {
  try {
    return base58.decode(address).length === 32 ? null : 'A Solana mint address is 32 bytes written in base58 (32 to 44 characters)';
  } catch {
    return 'A Solana mint address is written in base58, which has no 0, O, I or l';
  }
};

const tronBase58check = createBase58check(sha256);
const tron: AddressRule = (address) => {
  if (!address.startsWith('T')) return 'A TRON address starts with T';
  try {
    const bytes = tronBase58check.decode(address);
    return bytes.length === 21 && bytes[0] === 0x41 ? null : 'This is not a TRON address';
  } catch {
    return 'The TRON address checksum does not match: a character is probably mistyped';
  }
};

const match =
  (pattern: RegExp, message: string): AddressRule =>
  (address) =>
    pattern.test(address) ? null : message;

const MAX_UINT64 = 2n ** 64n - 1n;
const algorand: AddressRule = (address) =>
  /^[1-9]\d{0,19}$/.test(address) && BigInt(address) <= MAX_UINT64 ? null : 'An Algorand asset is its ASA id, a positive whole number';

export const ADDRESS_RULES: Record<string, AddressRule> = {
  EVM: evm,
  SOL: solana,
  TRON: tron,
  XLM: match(/^G[A-Z2-7]{55}$/, 'A Stellar issuer is an account id: G followed by 55 letters A-Z and digits 2-7'),
  ALGO: algorand,
  // The account id rules of NEAR: 2-64 characters a-z, 0-9 and - _ . between them.
  NEAR: match(
    /^(?=.{2,64}$)(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$/,
    'A NEAR token is a contract account id such as usdt.tether-token.near (a-z, 0-9, - _ .)',
  ),
  SUI: match(/^0x[0-9a-fA-F]{1,64}::[A-Za-z_]\w*::[A-Za-z_]\w*$/, 'A Sui coin type is written 0x<package>::<module>::<TYPE>'),
  TON: match(
    /^(-?\d+:[0-9a-fA-F]{64}|[A-Za-z0-9_+/-]{48})$/,
    'A TON jetton master is an address in raw form (0:<64 hex characters>) or user-friendly form (48 characters)',
  ),
};

/** The problem with `address` in `family`, or null when it looks right (or the family has no rule here). */
export function addressProblem(family: string | null, address: string): string | null {
  const rule = family ? ADDRESS_RULES[family] : undefined;
  return rule ? rule(address) : null;
}

/** A Stellar asset code: 1 to 12 letters and digits. */
export const STELLAR_ASSET_CODE = /^[A-Za-z0-9]{1,12}$/;
