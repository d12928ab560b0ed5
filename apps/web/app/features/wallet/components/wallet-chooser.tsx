import { ChevronRight, Wallet, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { WALLET_MESSAGES } from "@vestin/shared/wallet-core";
import { safeWalletIcon, type AnnouncedWallet } from "../eip6963";
import { walletCopy } from "../copy";

export function WalletIcon({ icon, className = "size-8" }: { icon: string; className?: string }) {
  const src = safeWalletIcon(icon);
  if (src) return <img src={src} alt="" className={`${className} shrink-0 rounded-lg object-contain`} />;
  return (
    <span aria-hidden="true" className={`${className} inline-flex shrink-0 items-center justify-center rounded-lg bg-slate-100 text-muted`}>
      <Wallet className="size-1/2" />
    </span>
  );
}

type WalletChooserProps = {
  wallets: readonly AnnouncedWallet[];
  open: boolean;
  onChoose: (wallet: AnnouncedWallet) => void;
  onCancel: () => void;
};

/** Several wallets announced themselves: a Radix dialog (focus trapped, Escape closes) lists each with its icon. */
export function WalletChooser({ wallets, open, onChoose, onCancel }: WalletChooserProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-[var(--radius-card)] bg-white p-6 text-ink shadow-2xl focus:outline-none sm:p-7">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold tracking-tight">{WALLET_MESSAGES.choose}</Dialog.Title>
            <Dialog.Close
              aria-label={walletCopy.chooserClose}
              className="-mr-2 -mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm leading-relaxed text-muted">{walletCopy.chooserDescription}</Dialog.Description>
          <ul className="mt-5 grid gap-2">
            {wallets.map((wallet) => (
              <li key={wallet.info.uuid}>
                <button
                  type="button"
                  onClick={() => onChoose(wallet)}
                  className="flex w-full items-center gap-3 rounded-xl border border-line bg-white px-4 py-3 text-left text-base font-semibold transition-colors hover:border-brand-violet hover:bg-brand-violet/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-violet"
                >
                  <WalletIcon icon={wallet.info.icon} />
                  <span className="min-w-0 flex-1 truncate">{wallet.info.name}</span>
                  <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted" />
                </button>
              </li>
            ))}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
