import { CircleCheck, Lock } from "lucide-react";
import { useState } from "react";
import { LEARN_EARN_MESSAGES } from "@vestin/shared/learn-earn-core";
import { shortAddress } from "@vestin/shared/wallet-core";
import { Notice } from "~/components/ui/notice";
import { WalletVerify } from "~/features/wallet";
import { LEARN_EARN_COPY as copy } from "../copy";

type Linking = { kind: "idle" } | { kind: "linking" } | { kind: "failed"; message: string };

/**
 * The account's wallet for quest XP: the linked address, or the way to link one (connect, sign the
 * server's "link" message, POST /me/wallet). The server's refusals (the wallet belongs to another
 * account, the account already has one) are shown as it words them.
 */
export function WalletLink({ wallet, onLinked }: { wallet: string | null; onLinked: (address: string) => void }) {
  const [linking, setLinking] = useState<Linking>({ kind: "idle" });

  const link = async (proof: { message: string; signature: string }) => {
    setLinking({ kind: "linking" });
    const api = await import("../api/learner-api");
    const result = await api.linkWallet(proof);
    if (!result.ok) {
      setLinking({ kind: "failed", message: result.message });
      return;
    }
    setLinking({ kind: "idle" });
    onLinked(result.data.address);
  };

  return (
    <section
      id="link-wallet"
      tabIndex={-1}
      aria-labelledby="link-wallet-heading"
      className="rounded-xl border border-line bg-surface/70 p-4 focus:outline-none sm:p-5"
      data-testid="wallet-link"
    >
      <h3 id="link-wallet-heading" className="font-bold tracking-tight">
        {copy.walletHeading}
      </h3>
      {wallet ? (
        <div className="mt-3" data-testid="linked-wallet">
          <p className="flex items-center gap-2 text-sm font-semibold text-success">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0" /> {LEARN_EARN_MESSAGES.walletLinked}
          </p>
          <p className="mt-2 break-all font-mono text-sm font-semibold text-ink" title={wallet}>
            <span aria-hidden="true" className="sm:hidden">
              {shortAddress(wallet)}
            </span>
            <span className="max-sm:sr-only">{wallet}</span>
          </p>
          <p className="mt-2 flex items-start gap-1.5 text-xs leading-relaxed text-muted">
            <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" /> {copy.walletLocked}
          </p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm leading-relaxed text-muted">{copy.walletIntro}</p>
          <WalletVerify
            id="learn-earn-wallet"
            className="mt-4"
            purpose="link"
            actionLabel={linking.kind === "linking" ? copy.walletLinking : copy.walletLinkAction}
            verified={null}
            onVerified={(proof) => void link(proof)}
            onReset={() => setLinking({ kind: "idle" })}
          />
          <div aria-live="polite" className="empty:hidden">
            {linking.kind === "linking" && <p className="mt-3 text-sm text-muted">{copy.walletLinking}</p>}
          </div>
          {linking.kind === "failed" && (
            <Notice tone="danger" className="mt-3">
              <span data-testid="wallet-link-error">{linking.message}</span>
            </Notice>
          )}
        </>
      )}
    </section>
  );
}
