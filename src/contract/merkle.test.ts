import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import {
  type Block,
  consistencyRanges,
  fromHex,
  inclusionRanges,
  type LeafRange,
  leafHash,
  rangeHash,
  toHex,
  treeHash,
  verifyConsistency,
  verifyInclusion,
} from './merkle';
import { CONSISTENCY, EMPTY_ROOT, INCLUSION, LEAVES as LEAVE_DATA, NODES, ROOTS } from './merkle-vectors';

const LEAVES = LEAVE_DATA.map(fromHex);
const leaves = LEAVES.map((data) => leafHash(sha256, data));

/** Every complete subtree's hash of a list of leaf hashes, as the service's store keeps them (each computed once). */
function blocksOf(hashes: Uint8Array[]): (block: Block) => Uint8Array {
  const known = new Map<string, Uint8Array>();
  return ({ level, index }) => {
    const key = `${level}/${index}`;
    let found = known.get(key);
    if (!found) known.set(key, (found = treeHash(sha256, hashes.slice(index * 2 ** level, (index + 1) * 2 ** level))));
    return found;
  };
}
const proofOf = (ranges: LeafRange[], hashes: Uint8Array[] | ((block: Block) => Uint8Array)) =>
  ranges.map((range) => rangeHash(sha256, range, typeof hashes === 'function' ? hashes : blocksOf(hashes)));

describe('RFC 9162 Merkle trees: the Certificate Transparency reference vectors', () => {
  it('computes the empty root, the root of every prefix, and every complete subtree', () => {
    expect(toHex(treeHash(sha256, []))).toBe(EMPTY_ROOT);
    ROOTS.forEach((root, i) => expect(toHex(treeHash(sha256, leaves.slice(0, i + 1))), `size ${i + 1}`).toBe(root));
    NODES.forEach((row, level) => row.forEach((node, index) => expect(toHex(blocksOf(leaves)({ level, index }))).toBe(node)));
    // A root from the stored blocks alone equals the tree hash.
    ROOTS.forEach((root, i) => expect(toHex(rangeHash(sha256, { start: 0, size: i + 1 }, blocksOf(leaves)))).toBe(root));
  });

  it.each(INCLUSION)('makes and verifies the inclusion proof of leaf %i in a tree of %i', (index, size, path) => {
    expect(proofOf(inclusionRanges(index, size), leaves.slice(0, size)).map(toHex)).toEqual(path);
    expect(verifyInclusion(sha256, index, size, leaves[index]!, path.map(fromHex), fromHex(ROOTS[size - 1]!))).toBe(true);
  });

  it.each(CONSISTENCY)('makes and verifies the consistency proof from %i to %i leaves', (first, second, path) => {
    expect(proofOf(consistencyRanges(first, second), leaves.slice(0, second)).map(toHex)).toEqual(path);
    expect(verifyConsistency(sha256, first, second, path.map(fromHex), fromHex(ROOTS[first - 1]!), fromHex(ROOTS[second - 1]!))).toBe(true);
  });

  it('refuses the degenerate cases the reference refuses', () => {
    const [root1, root2] = [fromHex(ROOTS[0]!), fromHex(ROOTS[1]!)];
    expect(verifyInclusion(sha256, 0, 0, leaves[0]!, [], fromHex(EMPTY_ROOT))).toBe(false);
    expect(verifyInclusion(sha256, 1, 1, leaves[0]!, [], root1)).toBe(false);
    expect(verifyConsistency(sha256, 1, 1, [], root1, root2)).toBe(false); // same size, different roots
    expect(verifyConsistency(sha256, 2, 1, [], root2, root1)).toBe(false); // back in time
    expect(verifyConsistency(sha256, 1, 2, [], root1, root2)).toBe(false); // an empty proof
    expect(verifyConsistency(sha256, 0, 1, [], fromHex(EMPTY_ROOT), root1)).toBe(true);
    expect(verifyConsistency(sha256, 1, 1, [root1], root1, root1)).toBe(false); // same tree, proof not empty
    expect(() => inclusionRanges(3, 3)).toThrow(RangeError);
    expect(() => consistencyRanges(0, 3)).toThrow(RangeError);
  });
});

describe('Merkle proofs of every size from 1 to 64', () => {
  const all = Array.from({ length: 64 }, (_, i) => leafHash(sha256, new TextEncoder().encode(`event ${i}`)));
  const roots = Array.from({ length: 65 }, (_, n) => treeHash(sha256, all.slice(0, n)));
  const blocks = blocksOf(all);
  /**
   * Copies of `proof` with one byte of one of its hashes flipped: each hash in turn, at a byte that
   * moves with `seed` and the hash's place, so that over all proofs every byte position is flipped.
   */
  const flipped = (proof: Uint8Array[], seed: number) =>
    proof.map((_, i) => proof.map((p, j) => (j === i ? p.map((b, k) => (k === (seed + 7 * i) % p.length ? b ^ 0x80 : b)) : p)));

  it('verifies every inclusion proof, and none with a flipped byte, another index, leaf or root', () => {
    for (let n = 1; n <= 64; n++) {
      for (let m = 0; m < n; m++) {
        const proof = proofOf(inclusionRanges(m, n), blocks);
        expect(verifyInclusion(sha256, m, n, all[m]!, proof, roots[n]!), `${m} of ${n}`).toBe(true);
        for (const bad of flipped(proof, m + n)) expect(verifyInclusion(sha256, m, n, all[m]!, bad, roots[n]!)).toBe(false);
        expect(
          verifyInclusion(
            sha256,
            m,
            n,
            all[m]!.map((b, k) => (k === 0 ? b ^ 1 : b)),
            proof,
            roots[n]!,
          ),
        ).toBe(false);
        if (n > 1) expect(verifyInclusion(sha256, (m + 1) % n, n, all[m]!, proof, roots[n]!)).toBe(false);
        expect(verifyInclusion(sha256, m, n, all[m]!, proof, roots[n - 1]!)).toBe(false);
        expect(verifyInclusion(sha256, m, n, all[m]!, [...proof, roots[n]!], roots[n]!)).toBe(false);
      }
    }
  });

  it('verifies every consistency proof, and none with a flipped byte, other sizes or swapped roots', () => {
    for (let n = 1; n <= 64; n++) {
      for (let m = 1; m <= n; m++) {
        const proof = proofOf(consistencyRanges(m, n), blocks);
        expect(verifyConsistency(sha256, m, n, proof, roots[m]!, roots[n]!), `${m} to ${n}`).toBe(true);
        if (m === n) continue;
        for (const bad of flipped(proof, m + n)) expect(verifyConsistency(sha256, m, n, bad, roots[m]!, roots[n]!)).toBe(false);
        expect(verifyConsistency(sha256, m, n, proof, roots[n]!, roots[m]!)).toBe(false);
        expect(verifyConsistency(sha256, m - 1, n, proof, roots[m - 1]!, roots[n]!)).toBe(false);
        if (n < 64) expect(verifyConsistency(sha256, m, n + 1, proof, roots[m]!, roots[n + 1]!)).toBe(false);
        expect(verifyConsistency(sha256, m, n, proof.slice(0, -1), roots[m]!, roots[n]!)).toBe(false);
      }
    }
  });
});
