/**
 * EIP-6963 wallet discovery: every injected wallet (MetaMask, Coinbase Wallet, Rabby …) announces
 * itself with an `eip6963:announceProvider` event when the page asks with `eip6963:requestProvider`.
 * Plain events and a small list, so discovery costs the page almost nothing; viem is loaded only
 * when the person starts connecting.
 */

/** An EIP-1193 provider: the one method a wallet exposes to pages. */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
};

export type WalletInfo = { uuid: string; name: string; icon: string; rdns: string };
export type AnnouncedWallet = { info: WalletInfo; provider: Eip1193Provider };

type AnnounceEvent = CustomEvent<{ info?: Partial<WalletInfo>; provider?: Eip1193Provider }>;

let wallets: readonly AnnouncedWallet[] = [];
let listening = false;

function isProvider(value: unknown): value is Eip1193Provider {
  return typeof value === "object" && value !== null && typeof (value as { request?: unknown }).request === "function";
}

function onAnnounce(event: Event) {
  const detail = (event as AnnounceEvent).detail;
  const info = detail?.info;
  if (!info || !isProvider(detail.provider) || typeof info.uuid !== "string" || typeof info.name !== "string") return;
  const wallet: AnnouncedWallet = {
    info: {
      uuid: info.uuid,
      name: info.name.trim() || "Browser wallet",
      icon: typeof info.icon === "string" ? info.icon : "",
      rdns: typeof info.rdns === "string" ? info.rdns : "",
    },
    provider: detail.provider,
  };
  // A wallet announces again on every request: keep one entry per uuid (the newest).
  wallets = [...wallets.filter((w) => w.info.uuid !== wallet.info.uuid), wallet];
}

/** Starts listening (once per page) and asks the installed wallets to announce themselves. */
export function requestWallets(): void {
  if (typeof window === "undefined") return;
  if (!listening) {
    window.addEventListener("eip6963:announceProvider", onAnnounce);
    listening = true;
  }
  window.dispatchEvent(new Event("eip6963:requestProvider"));
}

/**
 * The wallets found, waiting briefly for late announcements: a wallet's script can start after
 * the page, so an empty list is asked again before the page says that no wallet is installed.
 */
export async function discoverWallets(waitMs = 300): Promise<readonly AnnouncedWallet[]> {
  requestWallets();
  if (wallets.length) return wallets;
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return wallets.length ? wallets : legacyWallet();
}

/** A wallet that injects `window.ethereum` without EIP-6963 (older versions): offered as one entry. */
function legacyWallet(): readonly AnnouncedWallet[] {
  const injected = (window as unknown as { ethereum?: unknown }).ethereum;
  return isProvider(injected) ? [{ info: { uuid: "injected", name: "Browser wallet", icon: "", rdns: "" }, provider: injected }] : [];
}

/** Only data: images are shown as a wallet's icon (EIP-6963 requires them; the page's CSP allows no other). */
export function safeWalletIcon(icon: string): string | undefined {
  return /^data:image\/(svg\+xml|png|webp|jpeg|gif)[;,]/i.test(icon) ? icon : undefined;
}
