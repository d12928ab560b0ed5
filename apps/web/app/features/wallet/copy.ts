/** Texts of the wallet flow that WALLET_MESSAGES (packages/shared, said by both sides) does not hold. */
export const walletCopy = {
  chooserDescription: "These wallets are installed in this browser. Pick the one that holds the address you want to use.",
  chooserClose: "Close",
  retry: "Try again",
  cancel: "Cancel",
  networkError: "The server could not be reached. Check your connection and try again.",
  challengeFailed: (status: number) =>
    status === 429
      ? "Too many signature requests. Please wait a few minutes and try again."
      : `The signature request could not be prepared (${status}). Please try again.`,
  noWalletHeading: "No wallet found",
  wrongNetworkHeading: "Another network",
  lockedHeading: "Wallet locked",
  cancelledHeading: "Cancelled",
  errorHeading: "Not verified",
  verifiedFor: (address: string) => `Verified wallet ${address}`,
  switchRefused: "The network was not switched. You can still sign on this network.",
  installLinks: [
    { name: "MetaMask", href: "https://metamask.io/download/" },
    { name: "Coinbase Wallet", href: "https://www.coinbase.com/wallet/downloads" },
    { name: "Rabby", href: "https://rabby.io/" },
  ],
  installLead: "Get a wallet:",
  opensInNewTab: "(opens in a new tab)",
} as const;
