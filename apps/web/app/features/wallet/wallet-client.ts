/**
 * The viem side of connecting a wallet. Loaded only with `import("./wallet-client")` when the
 * person starts verifying, so no page's first JavaScript carries viem.
 */
import { createWalletClient, custom, type WalletClient } from "viem";
import { base } from "viem/chains";
import type { Eip1193Provider } from "./eip6963";

export type WalletConnection = { client: WalletClient; address: `0x${string}` };

/** EIP-1193 and JSON-RPC codes the flow tells apart. */
export const WALLET_ERROR = {
  userRejected: 4001,
  requestPending: -32002,
  unknownChain: 4902,
} as const;

/** The numeric code of a wallet error, looked up through viem's wrappers (`cause` chain). */
export function walletErrorCode(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "number" && code !== 0) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Asks the wallet for its accounts (the wallet shows its connect window). An empty answer means a
 * locked wallet: callers treat `address: undefined` as that.
 */
export async function connectWallet(provider: Eip1193Provider): Promise<{ client: WalletClient; address: `0x${string}` | undefined }> {
  // No retries: every request opens a window in the wallet, and a refusal is the person's answer.
  const client = createWalletClient({ transport: custom(provider, { retryCount: 0 }) });
  const [address] = await client.requestAddresses();
  return { client, address };
}

export function walletChainId(client: WalletClient): Promise<number> {
  return client.getChainId();
}

/** Switches the wallet to Base, adding the network first when the wallet does not know it. */
export async function switchToBase(client: WalletClient): Promise<void> {
  try {
    await client.switchChain({ id: base.id });
  } catch (error) {
    if (walletErrorCode(error) !== WALLET_ERROR.unknownChain) throw error;
    await client.addChain({ chain: base });
    await client.switchChain({ id: base.id });
  }
}

/** personal_sign of the server's message, unchanged. */
export function signWithWallet({ client, address }: WalletConnection, message: string): Promise<`0x${string}`> {
  return client.signMessage({ account: address, message });
}
