import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { getAddress } from "viem";
import { describe, expect, it } from "vitest";
import { toBaseUnits } from "./service.ts";
import { ENCODING, leafHash, rootFromProof } from "./testing/merkle.ts";

describe("independent leaf and proof computation", () => {
  it("agrees with the library on a tree of three", () => {
    const values: Array<[string, string]> = [
      [getAddress("0x1111111111111111111111111111111111111111"), toBaseUnits(5)],
      [getAddress("0x2222222222222222222222222222222222222222"), toBaseUnits(7)],
      [getAddress("0x3333333333333333333333333333333333333333"), toBaseUnits(11)],
    ];
    const tree = StandardMerkleTree.of(values, ENCODING);
    for (const [i, [address, amount]] of tree.entries()) {
      expect(tree.leafHash([address, amount])).toBe(leafHash(address, amount));
      expect(rootFromProof(leafHash(address, amount), tree.getProof(i))).toBe(tree.root);
    }
    expect(toBaseUnits(1)).toBe("1000000000000000000");
  });
});
