import { defineChain } from "viem";
import { chainConfig } from "viem/op-stack";

/**
 * Base mainnet, the chain smart-contract wallets are verified on: the same definition as viem's
 * `base` (the OP Stack's formatters and contracts, Base's id and Multicall3), written out here
 * because `viem/chains` loads every chain viem knows (over six hundred modules): 8.7 MB of heap
 * and 0.4 s of each server's start for the one this server asks.
 */
export const baseChain = defineChain({
  ...chainConfig,
  id: 8453,
  name: "Base",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["https://mainnet.base.org"] } },
  contracts: {
    ...chainConfig.contracts,
    multicall3: { address: "0xca11bde05977b3631167028862be2a173976ca11", blockCreated: 5022 },
  },
});
