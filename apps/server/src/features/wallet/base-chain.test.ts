import { base } from "viem/chains";
import { describe, expect, it } from "vitest";
import { baseChain } from "./base-chain.ts";

describe("the Base chain definition", () => {
  it("is viem's Base in everything a signature check reads: id, formatters, serializers and contracts", () => {
    expect(baseChain.id).toBe(base.id);
    expect(baseChain.nativeCurrency).toEqual(base.nativeCurrency);
    expect(baseChain.formatters).toBe(base.formatters);
    expect(baseChain.serializers).toBe(base.serializers);
    expect(baseChain.contracts.multicall3).toEqual(base.contracts.multicall3);
    // The OP Stack's L2 contracts (gas price oracle, L1 block, message passer…), the same objects.
    for (const [name, contract] of Object.entries(baseChain.contracts)) {
      expect(base.contracts[name as keyof typeof base.contracts], name).toEqual(contract);
    }
  });
});
