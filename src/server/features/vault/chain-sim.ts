import { createHash } from 'node:crypto';

/**
 * The simulated chains: deterministic addresses and hashes shaped like each protocol's real ones,
 * derived from a seed so the same account, asset and transaction always show the same values.
 */

export const hex = (seed: string, length: number) => createHash('sha256').update(seed).digest('hex').slice(0, length);
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const base58 = (seed: string, length: number) =>
  [...createHash('sha512').update(seed).digest()]
    .slice(0, length)
    .map((b) => BASE58[b % 58])
    .join('');

/** Chains whose transfers carry a destination tag or memo. */
export const usesTag = (protocol: string) => protocol === 'XRP' || protocol === 'XLM';

export function simulatedAddress(protocol: string, seed: string): string {
  switch (protocol) {
    case 'UTXO':
      return `bc1q${base58(seed, 38)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'q')}`;
    case 'SOL':
      return base58(seed, 44);
    case 'XRP':
      return `r${base58(seed, 33)}`;
    case 'XLM':
      return `G${base58(seed, 55).toUpperCase()}`;
    case 'TRON':
      return `T${base58(seed, 33)}`;
    default:
      return `0x${hex(seed, 40)}`;
  }
}

export const simulatedTag = (seed: string) => String(parseInt(hex(seed, 8), 16) % 1_000_000_000);

export function simulatedTxHash(protocol: string, seed: string): string {
  if (protocol === 'SOL') return base58(`${seed}:hash`, 64);
  if (protocol === 'EVM') return `0x${hex(seed, 64)}`;
  return hex(seed, 64);
}

/** A network fee in the chain's native asset, fixed per protocol: enough to show fees moving. */
export function simulatedNetworkFee(protocol: string): string {
  switch (protocol) {
    case 'EVM':
      return '0.00042';
    case 'UTXO':
      return '0.000012';
    case 'SOL':
      return '0.000005';
    default:
      return '0.001';
  }
}
