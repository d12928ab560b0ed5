import type { Browser, BrowserContext, Page } from "playwright-core";
import { hexToNumber, numberToHex, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { DESKTOP, waitForHydration } from "./support.ts";

/**
 * A browser wallet for the tests: an EIP-1193 provider injected into every page of a context,
 * announced through EIP-6963 like MetaMask or Rabby, whose requests are answered in the Node test
 * by a viem local account. The page side only forwards `request` calls; the keys never enter it.
 */

export type WalletBehaviour = {
  /** The network the wallet is on (1 = Ethereum mainnet, 8453 = Base). */
  chainId: number;
  /** eth_requestAccounts answers no account, as a locked wallet does. */
  locked: boolean;
  /** Which requests the person refuses (EIP-1193 error 4001). */
  reject: { connect: boolean; sign: boolean; switchChain: boolean };
};

export type InjectedWallet = {
  account: PrivateKeyAccount;
  /** Change it between steps: the next request sees it. */
  behaviour: WalletBehaviour;
  /** Every request the page made, in order. */
  calls: Array<{ wallet: string; method: string; params: unknown }>;
  /** Messages the account signed (as text). */
  signed: string[];
};

export type AnnouncedTestWallet = { uuid: string; name: string; rdns: string; icon: string };

const icon = (fill: string, letter: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${fill}"/><text x="16" y="22" font-family="Arial" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`,
  ).toString("base64")}`;

export const TEST_WALLETS: AnnouncedTestWallet[] = [
  { uuid: "5b4f8a8e-3f0b-4d3b-9a59-7f1a3c2e1a01", name: "Test Wallet", rdns: "com.example.testwallet", icon: icon("#7c3aed", "T") },
  { uuid: "5b4f8a8e-3f0b-4d3b-9a59-7f1a3c2e1a02", name: "Second Wallet", rdns: "com.example.secondwallet", icon: icon("#0f766e", "S") },
];

type Answer = { result: unknown } | { error: { code: number; message: string } };

const refuse = (message: string): Answer => ({ error: { code: 4001, message } });

/**
 * Installs the wallet(s) in a context before any page opens. `wallets: 0` installs nothing and
 * announces nothing (the no-wallet state); 2 announces two wallets backed by the same account.
 */
export async function injectWallet(
  context: BrowserContext,
  { wallets = 1, privateKey = generatePrivateKey(), behaviour = {} }: { wallets?: number; privateKey?: Hex; behaviour?: Partial<WalletBehaviour> } = {},
): Promise<InjectedWallet> {
  const account = privateKeyToAccount(privateKey);
  const wallet: InjectedWallet = {
    account,
    behaviour: { chainId: 8453, locked: false, reject: { connect: false, sign: false, switchChain: false }, ...behaviour },
    calls: [],
    signed: [],
  };
  if (wallets === 0) return wallet;
  let connected = false;

  await context.exposeBinding("__testWalletRequest", async (_source, walletId: string, method: string, params: unknown[]): Promise<Answer> => {
    wallet.calls.push({ wallet: walletId, method, params });
    const b = wallet.behaviour;
    switch (method) {
      case "eth_requestAccounts":
        if (b.reject.connect) return refuse("User rejected the request.");
        if (b.locked) return { result: [] };
        connected = true;
        return { result: [account.address] };
      case "eth_accounts":
        return { result: connected && !b.locked ? [account.address] : [] };
      case "eth_chainId":
        return { result: numberToHex(b.chainId) };
      case "wallet_switchEthereumChain": {
        if (b.reject.switchChain) return refuse("User rejected the request.");
        const [{ chainId }] = params as [{ chainId: Hex }];
        b.chainId = hexToNumber(chainId);
        return { result: null };
      }
      case "personal_sign": {
        if (b.reject.sign) return refuse("User rejected the request.");
        // personal_sign's parameters are [message as hex, address].
        const [data, address] = params as [Hex, string];
        if (address.toLowerCase() !== account.address.toLowerCase())
          return { error: { code: 4100, message: "The requested account has not been authorized." } };
        wallet.signed.push(Buffer.from(data.slice(2), "hex").toString("utf8"));
        return { result: await account.signMessage({ message: { raw: data } }) };
      }
      default:
        return { error: { code: 4200, message: `Unsupported method ${method}` } };
    }
  });

  await context.addInitScript(
    (announced: AnnouncedTestWallet[]) => {
      type Request = (walletId: string, method: string, params: unknown[]) => Promise<{ result?: unknown; error?: { code: number; message: string } }>;
      const forward = (window as unknown as { __testWalletRequest: Request }).__testWalletRequest;
      for (const info of announced) {
        const provider = {
          async request({ method, params }: { method: string; params?: unknown[] }) {
            const answer = await forward(info.uuid, method, params ?? []);
            if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
            return answer.result;
          },
          on() {},
          removeListener() {},
        };
        const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
        const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
        window.addEventListener("eip6963:requestProvider", announce);
        announce();
      }
    },
    TEST_WALLETS.slice(0, wallets),
  );

  return wallet;
}

/** A fresh context with the wallet installed, and a hydrated page at `path` of `baseURL`. */
export async function openWithWallet(
  browser: Browser,
  baseURL: string,
  path: string,
  options: { viewport?: { width: number; height: number }; wallets?: number; privateKey?: Hex; behaviour?: Partial<WalletBehaviour> } = {},
): Promise<{ page: Page; context: BrowserContext; wallet: InjectedWallet }> {
  const context = await browser.newContext({ baseURL, viewport: options.viewport ?? DESKTOP, reducedMotion: "reduce" });
  const wallet = await injectWallet(context, options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  (page as Page & { jsErrors: string[] }).jsErrors = errors;
  await page.goto(path);
  await waitForHydration(page);
  return { page, context, wallet };
}
