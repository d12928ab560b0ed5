import { AlertTriangle, ArrowLeftRight, Check, CircleCheck, CircleX, Copy, ExternalLink, LoaderCircle, Lock, RefreshCw, Unplug, Wallet } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { shortAddress, WALLET_MESSAGES, WALLET_PROOF, type WalletPurpose } from "@vestin/shared/wallet-core";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { requestWalletChallenge } from "../api/wallet-api";
import { walletCopy } from "../copy";
import { discoverWallets, requestWallets, type AnnouncedWallet } from "../eip6963";
import type { WalletConnection } from "../wallet-client";
import { WalletChooser, WalletIcon } from "./wallet-chooser";

/** What a form sends as `walletProof`, with the address the wallet signed for. */
export type VerifiedWallet = { address: `0x${string}`; message: string; signature: `0x${string}` };

type Step =
  | { kind: "idle" }
  | { kind: "discovering" }
  | { kind: "choosing"; wallets: readonly AnnouncedWallet[] }
  | { kind: "no-wallet" }
  | { kind: "connecting"; wallet: AnnouncedWallet }
  | { kind: "locked"; wallet: AnnouncedWallet }
  | { kind: "connect-rejected"; wallet: AnnouncedWallet }
  | { kind: "wrong-network"; wallet: AnnouncedWallet; connection: WalletConnection; switchRefused?: boolean }
  | { kind: "switching"; wallet: AnnouncedWallet }
  | { kind: "preparing"; wallet: AnnouncedWallet }
  | { kind: "signing"; wallet: AnnouncedWallet }
  | { kind: "rejected"; wallet: AnnouncedWallet; connection: WalletConnection }
  | { kind: "failed"; message: string };

const BUSY = new Set<Step["kind"]>(["discovering", "connecting", "switching", "preparing", "signing"]);

/** The viem part, loaded on the first click (and then kept by the module cache). */
const loadWalletClient = () => import("../wallet-client");

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
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [walletUsed, setWalletUsed] = useState<AnnouncedWallet | null>(null);
  const [copied, setCopied] = useState(false);
  // Each start gets a number; answers of an abandoned attempt (cancelled, unmounted) are ignored.
  const attempt = useRef(0);
  const actionRef = useRef<HTMLButtonElement>(null);
  const verifiedRef = useRef<HTMLDivElement>(null);
  const focusVerified = useRef(false);

  // After signing the action button is gone: the verified box takes the focus, so keyboard users stay in place.
  useEffect(() => {
    if (!verified || !focusVerified.current) return;
    focusVerified.current = false;
    verifiedRef.current?.focus();
  }, [verified]);

  // Discovery is a few plain events: start it on mount, so the wallets are known by the first click.
  useEffect(() => {
    requestWallets();
    return () => {
      attempt.current++;
    };
  }, []);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  const busy = BUSY.has(step.kind);

  const begin = () => ++attempt.current;
  const current = (run: number) => run === attempt.current;

  const start = async () => {
    if (busy) return;
    if (canStart && !canStart()) return;
    const run = begin();
    setStep({ kind: "discovering" });
    // Warm viem up while the wallets answer: the click is the person's start.
    void loadWalletClient();
    const wallets = await discoverWallets();
    if (!current(run)) return;
    const [only] = wallets;
    if (!only) setStep({ kind: "no-wallet" });
    else if (wallets.length === 1) await connect(only, run);
    else setStep({ kind: "choosing", wallets });
  };

  const connect = async (wallet: AnnouncedWallet, run = begin()) => {
    setWalletUsed(wallet);
    setStep({ kind: "connecting", wallet });
    try {
      const lib = await loadWalletClient();
      const { client, address } = await lib.connectWallet(wallet.provider);
      if (!current(run)) return;
      if (!address) {
        setStep({ kind: "locked", wallet });
        return;
      }
      const connection = { client, address };
      const chainId = await lib.walletChainId(client);
      if (!current(run)) return;
      if (chainId !== WALLET_PROOF.chainId) setStep({ kind: "wrong-network", wallet, connection });
      else await sign(wallet, connection, run);
    } catch (error) {
      if (!current(run)) return;
      const code = (await loadWalletClient()).walletErrorCode(error);
      if (code === 4001) setStep({ kind: "connect-rejected", wallet });
      else if (code === -32002) setStep({ kind: "locked", wallet });
      else setStep({ kind: "failed", message: WALLET_MESSAGES.walletError });
    }
  };

  const switchNetwork = async (wallet: AnnouncedWallet, connection: WalletConnection) => {
    const run = begin();
    setStep({ kind: "switching", wallet });
    const lib = await loadWalletClient();
    try {
      await lib.switchToBase(connection.client);
    } catch {
      // Refused or not possible: the person can still sign on the network the wallet is on.
      if (current(run)) setStep({ kind: "wrong-network", wallet, connection, switchRefused: true });
      return;
    }
    if (current(run)) await sign(wallet, connection, run);
  };

  const sign = async (wallet: AnnouncedWallet, connection: WalletConnection, run = begin()) => {
    setStep({ kind: "preparing", wallet });
    const answer = await requestWalletChallenge({ address: connection.address, purpose, ...(zealyUsername ? { zealyUsername: zealyUsername.trim() } : {}) });
    if (!current(run)) return;
    if (!answer.ok) {
      if (answer.errors) onFieldErrors?.(answer.errors);
      setStep({ kind: "failed", message: answer.message });
      return;
    }
    setStep({ kind: "signing", wallet });
    const lib = await loadWalletClient();
    try {
      const signature = await lib.signWithWallet(connection, answer.challenge.message);
      if (!current(run)) return;
      setStep({ kind: "idle" });
      onVerified({ address: connection.address, message: answer.challenge.message, signature });
      focusVerified.current = true;
    } catch (error) {
      if (!current(run)) return;
      setStep(lib.walletErrorCode(error) === 4001 ? { kind: "rejected", wallet, connection } : { kind: "failed", message: WALLET_MESSAGES.walletError });
    }
  };

  const cancel = () => {
    begin();
    setStep({ kind: "idle" });
    requestAnimationFrame(() => actionRef.current?.focus());
  };

  const chooseAnother = () => {
    begin();
    setStep({ kind: "idle" });
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

  const announcement = verified ? (copied ? WALLET_MESSAGES.copied : `${WALLET_MESSAGES.verified}: ${verified.address}`) : statusText(step);

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
            onClick={() => void start()}
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
          <StepPanel
            id={`${id}-wallet-panel`}
            step={step}
            onRetry={() => void start()}
            onConnect={(w) => void connect(w)}
            onSwitch={(w, c) => void switchNetwork(w, c)}
            onSign={(w, c) => void sign(w, c)}
            onCancel={cancel}
          />
        </>
      )}

      <WalletChooser
        open={step.kind === "choosing"}
        wallets={step.kind === "choosing" ? step.wallets : []}
        onChoose={(wallet) => void connect(wallet)}
        onCancel={cancel}
      />
    </div>
  );
}

/** The one-sentence state a screen reader hears when it changes. */
function statusText(step: Step): string {
  switch (step.kind) {
    case "idle":
    case "choosing":
      return "";
    case "discovering":
    case "connecting":
    case "switching":
      return WALLET_MESSAGES.connecting;
    case "preparing":
    case "signing":
      return WALLET_MESSAGES.signing;
    case "no-wallet":
      return WALLET_MESSAGES.noWallet;
    case "locked":
      return WALLET_MESSAGES.locked;
    case "connect-rejected":
      return WALLET_MESSAGES.connectRejected;
    case "wrong-network":
      return WALLET_MESSAGES.wrongNetwork;
    case "rejected":
      return WALLET_MESSAGES.rejected;
    case "failed":
      return step.message;
  }
}

type PanelProps = {
  id: string;
  step: Step;
  onRetry: () => void;
  onConnect: (wallet: AnnouncedWallet) => void;
  onSwitch: (wallet: AnnouncedWallet, connection: WalletConnection) => void;
  onSign: (wallet: AnnouncedWallet, connection: WalletConnection) => void;
  onCancel: () => void;
};

function StepPanel({ id, step, onRetry, onConnect, onSwitch, onSign, onCancel }: PanelProps) {
  switch (step.kind) {
    case "idle":
    case "choosing":
      return null;
    case "discovering":
    case "connecting":
    case "switching":
    case "preparing":
    case "signing":
      return (
        <Panel
          id={id}
          tone="info"
          icon={<LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin text-brand-violet motion-reduce:animate-none" />}
          actions={
            <Button variant="ghost" size="sm" onClick={onCancel}>
              {walletCopy.cancel}
            </Button>
          }
        >
          {step.kind === "signing" || step.kind === "preparing" ? WALLET_MESSAGES.signing : WALLET_MESSAGES.connecting}
        </Panel>
      );
    case "no-wallet":
      return (
        <Panel id={id} tone="notice" icon={<Unplug aria-hidden="true" className="size-5 shrink-0" />} heading={walletCopy.noWalletHeading}>
          <p>{WALLET_MESSAGES.noWallet}</p>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{walletCopy.installLead}</span>
            {walletCopy.installLinks.map((link) => (
              <a
                key={link.href}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-semibold underline underline-offset-2 hover:no-underline"
              >
                {link.name}
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only"> {walletCopy.opensInNewTab}</span>
              </a>
            ))}
          </p>
          <div className="mt-3">
            <Button variant="outline" size="sm" onClick={onRetry}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {walletCopy.retry}
            </Button>
          </div>
        </Panel>
      );
    case "locked":
      return (
        <Panel
          id={id}
          tone="notice"
          icon={<Lock aria-hidden="true" className="size-5 shrink-0" />}
          heading={walletCopy.lockedHeading}
          actions={<RetryButton onClick={() => onConnect(step.wallet)} />}
        >
          {WALLET_MESSAGES.locked}
        </Panel>
      );
    case "connect-rejected":
      return (
        <Panel
          id={id}
          tone="danger"
          icon={<CircleX aria-hidden="true" className="size-5 shrink-0" />}
          actions={<RetryButton onClick={() => onConnect(step.wallet)} />}
        >
          {WALLET_MESSAGES.connectRejected}
        </Panel>
      );
    case "wrong-network":
      return (
        <Panel
          id={id}
          tone="notice"
          icon={<ArrowLeftRight aria-hidden="true" className="size-5 shrink-0" />}
          heading={walletCopy.wrongNetworkHeading}
          actions={
            <>
              <Button variant="secondary" size="sm" onClick={() => onSwitch(step.wallet, step.connection)}>
                {WALLET_MESSAGES.switchNetwork}
              </Button>
              <Button variant="outline" size="sm" onClick={() => onSign(step.wallet, step.connection)}>
                {WALLET_MESSAGES.continueAnyway}
              </Button>
            </>
          }
        >
          {WALLET_MESSAGES.wrongNetwork}
          {step.switchRefused && <span className="mt-1 block font-medium">{walletCopy.switchRefused}</span>}
        </Panel>
      );
    case "rejected":
      return (
        <Panel
          id={id}
          tone="danger"
          icon={<CircleX aria-hidden="true" className="size-5 shrink-0" />}
          actions={<RetryButton onClick={() => onSign(step.wallet, step.connection)} />}
        >
          {WALLET_MESSAGES.rejected}
        </Panel>
      );
    case "failed":
      return (
        <Panel id={id} tone="danger" icon={<AlertTriangle aria-hidden="true" className="size-5 shrink-0" />} actions={<RetryButton onClick={onRetry} />}>
          {step.message}
        </Panel>
      );
  }
}

function RetryButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick}>
      <RefreshCw aria-hidden="true" className="size-4" />
      {walletCopy.retry}
    </Button>
  );
}

const PANEL_TONES = {
  info: "border-line bg-surface text-ink",
  notice: "border-amber-300 bg-notice-bg text-notice",
  danger: "border-red-200 bg-danger-bg text-danger",
} as const;

/** A state's box: like Notice, but not itself a live region (the status line above announces). */
function Panel({
  id,
  tone,
  icon,
  heading,
  children,
  actions,
}: {
  id: string;
  tone: keyof typeof PANEL_TONES;
  icon: ReactNode;
  heading?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div id={id} className={cn("rounded-xl border px-4 py-3 text-sm", PANEL_TONES[tone])}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5">{icon}</span>
        <div className="min-w-0 flex-1 leading-relaxed">
          {heading && <p className="font-semibold">{heading}</p>}
          <div>{children}</div>
          {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
        </div>
      </div>
    </div>
  );
}
