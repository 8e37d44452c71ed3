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

/**
 * The Certificate Transparency reference vectors: RFC 6962 §2.1's eight leaves, the roots of their
 * first 1..8, every complete subtree's hash, and inclusion and consistency proofs. From
 * transparency-dev/merkle (testonly/constants.go, proof/verify_test.go), Apache-2.0.
 */
const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(fromHex);
const EMPTY_ROOT = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
/** NODES[level][index]: the hash of every complete subtree of the 8-leaf tree. */
const NODES = [
  [
    '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
    '0298d122906dcfc10892cb53a73992fc5b9f493ea4c9badb27b791b4127a7fe7',
    '07506a85fd9dd2f120eb694f86011e5bb4662e5c415a62917033d4a9624487e7',
    'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    '4271a26be0d8a84f0bd54c8c302e7cb3a3b5d1fa6780a40bcce2873477dab658',
    'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
    '46f6ffadd3d06a09ff3c5860d2755c8b9819db7df44251788c7d8e3180de8eb1',
  ],
  [
    'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
    '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
    '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
    'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
  ],
  ['d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7', '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4'],
  ['5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328'],
];
/** [leaf index, tree size, audit path]. */
const INCLUSION: [number, number, string[]][] = [
  [0, 1, []],
  [0, 8, [NODES[0]![1]!, NODES[1]![1]!, NODES[2]![1]!]],
  [5, 8, [NODES[0]![4]!, NODES[1]![3]!, NODES[2]![0]!]],
  [2, 3, [NODES[1]![0]!]],
  [1, 5, [NODES[0]![0]!, NODES[1]![1]!, NODES[0]![4]!]],
];
/** [first size, second size, proof]. */
const CONSISTENCY: [number, number, string[]][] = [
  [1, 1, []],
  [1, 8, [NODES[0]![1]!, NODES[1]![1]!, NODES[2]![1]!]],
  [6, 8, [NODES[1]![2]!, NODES[1]![3]!, NODES[2]![0]!]],
  [2, 5, [NODES[1]![1]!, NODES[0]![4]!]],
  [6, 7, [NODES[1]![2]!, NODES[0]![6]!, NODES[2]![0]!]],
];

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
