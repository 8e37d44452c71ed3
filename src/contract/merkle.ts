/**
 * RFC 9162 (Certificate Transparency 2.0) §2.1 Merkle trees over the audit log: the tree hash, the
 * inclusion and consistency proofs, and their verification. Shared by the service, the console and
 * an offline verifier, so it imports nothing: the caller passes SHA-256 (the service Node's, which
 * is native and synchronous; the console @noble/hashes' `sha256`).
 *
 * A tree of size n has leaves 0..n-1. A complete subtree is a block of 2^level leaves starting at a
 * multiple of 2^level, named (level, index): its leaves are index·2^level .. (index+1)·2^level - 1.
 * Every hash a proof holds is the hash of a range of leaves that the RFC's recursion splits off,
 * and each such range is a run of complete subtrees (`rangeBlocks`), so a store that keeps the hash
 * of every complete subtree answers any proof with O(log n) reads and no rehashing of leaves.
 */

export type Hash = (data: Uint8Array) => Uint8Array;

/** A complete subtree: 2^level leaves from index·2^level. */
export interface Block {
  level: number;
  index: number;
}

/** A range of leaves whose hash a proof holds: `size` leaves from `start`. */
export interface LeafRange {
  start: number;
  size: number;
}

/** H(0x00 || data): the hash of a leaf (RFC 9162 §2.1.1), distinct from every node's by its prefix. */
export function leafHash(hash: Hash, data: Uint8Array): Uint8Array {
  const input = new Uint8Array(data.length + 1);
  input.set(data, 1);
  return hash(input);
}

/** H(0x01 || left || right): the hash of an interior node. */
export function nodeHash(hash: Hash, left: Uint8Array, right: Uint8Array): Uint8Array {
  const input = new Uint8Array(1 + left.length + right.length);
  input[0] = 1;
  input.set(left, 1);
  input.set(right, 1 + left.length);
  return hash(input);
}

/** The largest power of two smaller than n (n > 1): where the RFC splits a tree of n leaves. */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * The complete subtrees a range the RFC's recursion makes is built of, largest first: one per set
 * bit of its size. Such a range starts at a multiple of every power of two not above its size, so
 * each block is aligned.
 */
export function rangeBlocks({ start, size }: LeafRange): Block[] {
  const blocks: Block[] = [];
  let at = start;
  for (let level = Math.floor(Math.log2(size)); level >= 0; level--) {
    const width = 2 ** level;
    if (Math.floor(size / width) % 2 === 1) {
      blocks.push({ level, index: at / width });
      at += width;
    }
  }
  return blocks;
}

/** The hash of a range from its blocks' hashes (MTH of those leaves): the right-most blocks join first, as the recursion does. */
export function rangeHash(hash: Hash, range: LeafRange, blockHash: (block: Block) => Uint8Array): Uint8Array {
  const hashes = rangeBlocks(range).map(blockHash);
  let acc = hashes[hashes.length - 1]!;
  for (let i = hashes.length - 2; i >= 0; i--) acc = nodeHash(hash, hashes[i]!, acc);
  return acc;
}

/** The Merkle tree hash of a list of leaf hashes (RFC 9162 §2.1.1 MTH), for small trees and tests. */
export function treeHash(hash: Hash, leaves: readonly Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return hash(new Uint8Array(0));
  if (leaves.length === 1) return leaves[0]!;
  const k = splitPoint(leaves.length);
  return nodeHash(hash, treeHash(hash, leaves.slice(0, k)), treeHash(hash, leaves.slice(k)));
}

/** The ranges whose hashes make leaf m's inclusion proof in a tree of n leaves (§2.1.3.1 PATH), leaf side first. */
export function inclusionRanges(m: number, n: number): LeafRange[] {
  if (!(m >= 0 && m < n)) throw new RangeError(`leaf ${m} is not in a tree of ${n}`);
  const path = (m: number, start: number, n: number): LeafRange[] => {
    if (n === 1) return [];
    const k = splitPoint(n);
    return m < k ? [...path(m, start, k), { start: start + k, size: n - k }] : [...path(m - k, start + k, n - k), { start, size: k }];
  };
  return path(m, 0, n);
}

/** The ranges whose hashes make the consistency proof from a tree of m leaves to one of n (§2.1.4.1 PROOF), 0 < m ≤ n. */
export function consistencyRanges(m: number, n: number): LeafRange[] {
  if (!(m > 0 && m <= n)) throw new RangeError(`no consistency proof from ${m} to ${n}`);
  const subproof = (m: number, start: number, n: number, whole: boolean): LeafRange[] => {
    if (m === n) return whole ? [] : [{ start, size: m }];
    const k = splitPoint(n);
    return m <= k ? [...subproof(m, start, k, whole), { start: start + k, size: n - k }] : [...subproof(m - k, start + k, n - k, false), { start, size: k }];
  };
  return subproof(m, 0, n, true);
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** The root an inclusion proof leads to (RFC 9162 §2.1.3.2), or undefined when the proof cannot be one for this index and size. */
export function rootFromInclusion(hash: Hash, index: number, size: number, leaf: Uint8Array, path: readonly Uint8Array[]): Uint8Array | undefined {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && index >= 0 && index < size)) return undefined;
  // Numbers up to 2^53 are exact, but JavaScript's bit operators work on 32 bits: halve with division.
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return undefined;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(hash, p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn /= 2;
        sn = Math.floor(sn / 2);
      }
    } else {
      r = nodeHash(hash, r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : undefined;
}

/** Whether `path` proves that `leaf` is leaf `index` of the tree of `size` leaves whose root is `root` (§2.1.3.2). */
export function verifyInclusion(hash: Hash, index: number, size: number, leaf: Uint8Array, path: readonly Uint8Array[], root: Uint8Array): boolean {
  const computed = rootFromInclusion(hash, index, size, leaf, path);
  return computed !== undefined && equal(computed, root);
}

/**
 * Whether `path` proves that the tree of `first` leaves with root `firstRoot` is a prefix of the
 * tree of `second` leaves with root `secondRoot` (§2.1.4.2): nothing of the first was changed or
 * removed, only leaves added.
 */
export function verifyConsistency(
  hash: Hash,
  first: number,
  second: number,
  path: readonly Uint8Array[],
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
): boolean {
  if (!(Number.isSafeInteger(first) && Number.isSafeInteger(second) && first >= 0 && first <= second)) return false;
  // An empty tree is a prefix of every tree; a tree is consistent with itself when the roots agree.
  if (first === 0) return path.length === 0;
  if (first === second) return path.length === 0 && equal(firstRoot, secondRoot);
  if (path.length === 0) return false;
  // A first tree of 2^k leaves is itself a complete subtree of the second: the proof leaves its root out.
  const nodes = isPowerOfTwo(first) ? [firstRoot, ...path] : [...path];
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = (fn - 1) / 2;
    sn = Math.floor(sn / 2);
  }
  let fr = nodes[0]!;
  let sr = nodes[0]!;
  for (const c of nodes.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(hash, c, fr);
      sr = nodeHash(hash, c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn /= 2;
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = nodeHash(hash, sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equal(fr, firstRoot) && equal(sr, secondRoot);
}

function isPowerOfTwo(n: number): boolean {
  while (n > 1 && n % 2 === 0) n /= 2;
  return n === 1;
}

/** Lower-case hex, the form the API gives hashes in. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Bytes of a hex string (a hash from the API). */
export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new TypeError('not a hex string');
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}
