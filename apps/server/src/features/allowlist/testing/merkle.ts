/** Merkle leaves and proofs computed independently of the library, as a claim contract does (the allow-list suites check against both). */
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { concat, encodeAbiParameters, getAddress, hexToBytes, keccak256, type Hex } from "viem";
import { expect } from "vitest";

export const ENCODING = ["address", "uint256"];

/** The leaf as a claim contract computes it: keccak256(bytes.concat(keccak256(abi.encode(address, uint256)))). */
export function leafHash(address: string, amount: string): Hex {
  return keccak256(keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [getAddress(address), BigInt(amount)])));
}

/** OpenZeppelin MerkleProof.processProof: from the leaf up, hash each pair of 32-byte nodes smaller first. */
export function rootFromProof(leaf: Hex, proof: readonly string[]): Hex {
  return proof.reduce<Hex>((node, sibling) => {
    const [a, b] = [node, sibling as Hex].sort((x, y) => Buffer.compare(Buffer.from(hexToBytes(x)), Buffer.from(hexToBytes(y))));
    return keccak256(concat([a as Hex, b as Hex]));
  }, leaf);
}

/** A proof answer, checked both ways against its root. */
export function expectVerifies(proof: { root: string; address: string; amount: string; proof: string[] }) {
  expect(StandardMerkleTree.verify(proof.root, ENCODING, [proof.address, proof.amount], proof.proof)).toBe(true);
  expect(rootFromProof(leafHash(proof.address, proof.amount), proof.proof)).toBe(proof.root);
}
