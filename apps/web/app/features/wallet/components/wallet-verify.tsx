import { Check, CircleCheck, Copy, LoaderCircle, RefreshCw, Wallet } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { shortAddress, WALLET_MESSAGES, type WalletPurpose } from "@vestin/shared/wallet-core";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { walletCopy } from "../copy";
import { useWalletProof } from "../use-wallet-proof";
import { WalletChooser, WalletIcon } from "./wallet-chooser";
import { WalletStepPanel } from "./wallet-step-panel";

/** What a form sends as `walletProof`, with the address the wallet signed for. */
export type VerifiedWallet = { address: `0x${string}`; message: string; signature: `0x${string}` };

export type WalletVerifyProps = {
  purpose: WalletPurpose;
  /** For a claim: the Zealy username the signature is bound to. */
  zealyUsername?: string;
  /** The action's label: WALLET_MESSAGES.verifyClaim or verifyPresale. */
  actionLabel: string;
  /** The form's current proof; the verified view shows while there is one. */
  verified: VerifiedWallet | null;
  onVerified: (wallet: VerifiedWallet) => void;
  /** "Use another wallet": the form drops the proof (and the address it filled in). */
  onReset: () => void;
  /** Checked first: false when the form must be completed before signing (the form says why). */
  canStart?: () => boolean;
  /** Field errors the server gave for the challenge (e.g. the username), for the form to show. */
  onFieldErrors?: (errors: Record<string, string>) => void;
  /** The id of the element this block describes (the address field), for its own ids. */
  id: string;
  className?: string;
};

/**
 * Connect a wallet and sign the server's message (EIP-4361) to prove the address is the person's:
 * EIP-6963 discovery, a chooser when several wallets are installed, and every state a person must
 * see (no wallet, locked, wrong network, cancelled, signing, verified), announced politely to
 * screen readers.
 */
export function WalletVerify({
  purpose,
  zealyUsername,
  actionLabel,
  verified,
  onVerified,
  onReset,
  canStart,
  onFieldErrors,
  id,
  className,
}: WalletVerifyProps) {
  const actionRef = useRef<HTMLButtonElement>(null);
  const verifiedRef = useRef<HTMLDivElement>(null);
  const focusVerified = useRef(false);
  const proof = useWalletProof({
    purpose,
    zealyUsername,
    canStart,
    onFieldErrors,
    onSigned: (wallet) => {
      onVerified(wallet);
      focusVerified.current = true;
    },
  });
  const { step, busy, walletUsed } = proof;
  const [copied, setCopied] = useState(false);

  // After signing the action button is gone: the verified box takes the focus, so keyboard users stay in place.
  useEffect(() => {
    if (!verified || !focusVerified.current) return;
    focusVerified.current = false;
    verifiedRef.current?.focus();
  }, [verified]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  const cancel = () => {
    proof.stop();
    requestAnimationFrame(() => actionRef.current?.focus());
  };

  const chooseAnother = () => {
    proof.stop();
    setCopied(false);
    onReset();
    requestAnimationFrame(() => actionRef.current?.focus());
  };

  const copyAddress = async (address: string) => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch {
      // No clipboard permission: the full address stays selectable in the title and the field.
      setCopied(false);
    }
  };

  // The verified state's line; every other state speaks through its panel, which sits in a live region.
  const announcement = verified ? (copied ? WALLET_MESSAGES.copied : `${WALLET_MESSAGES.verified}: ${verified.address}`) : "";

  return (
    <div className={cn("grid gap-3", className)} data-wallet-state={verified ? "verified" : step.kind}>
      <p id={`${id}-wallet-status`} role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {verified ? (
        <div
          ref={verifiedRef}
          tabIndex={-1}
          className="rounded-xl border border-green-200 bg-success-bg p-4 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-violet"
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
            <p className="text-sm font-semibold text-success">{WALLET_MESSAGES.verified}</p>
            {walletUsed && (
              <span className="ml-auto inline-flex items-center gap-1.5 text-xs font-medium text-muted">
                <WalletIcon icon={walletUsed.info.icon} className="size-5" />
                {walletUsed.info.name}
              </span>
            )}
          </div>
          <p className="mt-2 font-mono text-base font-semibold text-ink" title={verified.address}>
            <span aria-hidden="true">{shortAddress(verified.address)}</span>
            <span className="sr-only">{walletCopy.verifiedFor(verified.address)}</span>
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => void copyAddress(verified.address)}
              aria-label={copied ? WALLET_MESSAGES.copied : WALLET_MESSAGES.copy}
            >
              {copied ? <Check aria-hidden="true" className="size-4 text-success" /> : <Copy aria-hidden="true" className="size-4" />}
              {copied ? WALLET_MESSAGES.copied : WALLET_MESSAGES.copy}
            </Button>
            <Button variant="ghost" size="sm" onClick={chooseAnother}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {WALLET_MESSAGES.disconnect}
            </Button>
          </div>
        </div>
      ) : (
        <>
          {/* aria-disabled, not disabled: the button keeps the focus while the wallet answers. */}
          <Button
            ref={actionRef}
            variant="secondary"
            onClick={() => void proof.start()}
            aria-disabled={busy || undefined}
            aria-describedby={step.kind === "idle" ? undefined : `${id}-wallet-panel`}
            className="w-full aria-disabled:cursor-wait aria-disabled:opacity-70 sm:w-auto sm:self-start"
          >
            {busy ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            ) : (
              <Wallet aria-hidden="true" className="size-4" />
            )}
            {actionLabel}
          </Button>
          {/* The panel's words are written once: seen in the panel, heard through this live region. */}
          <div role="status" aria-live="polite" className="empty:hidden">
            <WalletStepPanel
              id={`${id}-wallet-panel`}
              step={step}
              onRetry={() => void proof.start()}
              onConnect={(w) => void proof.connect(w)}
              onSwitch={(w, c) => void proof.switchNetwork(w, c)}
              onSign={(w, c) => void proof.sign(w, c)}
              onCancel={cancel}
            />
          </div>
        </>
      )}

      <WalletChooser
        open={step.kind === "choosing"}
        wallets={step.kind === "choosing" ? step.wallets : []}
        onChoose={(wallet) => void proof.connect(wallet)}
        onCancel={cancel}
      />
    </div>
  );
}
