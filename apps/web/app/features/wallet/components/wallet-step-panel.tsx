import { AlertTriangle, ArrowLeftRight, CircleX, ExternalLink, LoaderCircle, Lock, RefreshCw, Unplug } from "lucide-react";
import type { ReactNode } from "react";
import { WALLET_MESSAGES } from "@vestin/shared/wallet-core";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { walletCopy } from "../copy";
import type { AnnouncedWallet } from "../eip6963";
import type { WalletConnection } from "../wallet-client";
import type { WalletStep } from "../wallet-steps";

type PanelProps = {
  id: string;
  step: WalletStep;
  onRetry: () => void;
  onConnect: (wallet: AnnouncedWallet) => void;
  onSwitch: (wallet: AnnouncedWallet, connection: WalletConnection) => void;
  onSign: (wallet: AnnouncedWallet, connection: WalletConnection) => void;
  onCancel: () => void;
};

/** The states that stopped for the person's sake and offer to try the same step again. */
const RETRY_PANELS = {
  locked: { tone: "notice", icon: Lock, heading: walletCopy.lockedHeading, text: WALLET_MESSAGES.locked },
  "connect-rejected": { tone: "danger", icon: CircleX, heading: undefined, text: WALLET_MESSAGES.connectRejected },
  rejected: { tone: "danger", icon: CircleX, heading: undefined, text: WALLET_MESSAGES.rejected },
} as const;

/** What the person sees under the action button at each step, with the way on from there. */
export function WalletStepPanel({ id, step, onRetry, onConnect, onSwitch, onSign, onCancel }: PanelProps) {
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
      return <NoWalletPanel id={id} onRetry={onRetry} />;
    case "locked":
    case "connect-rejected":
      return <RetryPanel id={id} kind={step.kind} onRetry={() => onConnect(step.wallet)} />;
    case "rejected":
      return <RetryPanel id={id} kind={step.kind} onRetry={() => onSign(step.wallet, step.connection)} />;
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
    case "failed":
      return (
        <Panel id={id} tone="danger" icon={<AlertTriangle aria-hidden="true" className="size-5 shrink-0" />} actions={<RetryButton onClick={onRetry} />}>
          {step.message}
        </Panel>
      );
  }
}

function NoWalletPanel({ id, onRetry }: { id: string; onRetry: () => void }) {
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
        <RetryButton onClick={onRetry} />
      </div>
    </Panel>
  );
}

function RetryPanel({ id, kind, onRetry }: { id: string; kind: keyof typeof RETRY_PANELS; onRetry: () => void }) {
  const { tone, icon: Icon, heading, text } = RETRY_PANELS[kind];
  return (
    <Panel id={id} tone={tone} icon={<Icon aria-hidden="true" className="size-5 shrink-0" />} heading={heading} actions={<RetryButton onClick={onRetry} />}>
      {text}
    </Panel>
  );
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

/** A state's box: like Notice, but not itself a live region (WalletVerify wraps the panel in one). */
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
  heading?: string | undefined;
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
