import { formatLocalDate } from "@vestin/shared/format-date";
import { CheckCircle2, Clock, RefreshCw, ShieldCheck, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { formatTokenUnits } from "@vestin/shared/airdrop-rewards";
import type { AirdropClaim } from "@vestin/shared/leads";
import { LEAD_MESSAGES } from "@vestin/shared/leads-core";
import { TOKEN } from "@vestin/shared/brand";
import { WALLET_MESSAGES, type ClaimStatus } from "@vestin/shared/wallet-core";
import { Button } from "~/components/ui/button";
import { verificationPageCopy as copy } from "~/content/airdrop";
import { fetchClaim } from "../api/leads-api";
import { claimResultCopy } from "../copy";
import { storedLeadEmail } from "../stored-email";
import { Modal } from "./modal";

type Load = { kind: "loading" } | { kind: "loaded"; user: AirdropClaim } | { kind: "error"; message: string };

function ClaimSummary({ user, pending, signed }: { user: AirdropClaim; pending: boolean; signed: boolean }) {
  const f = claimResultCopy.fields;
  const rows: Array<[string, string]> = [
    [f.zealyUsername, user.zealyUsername],
    [f.walletAddress, user.walletAddress],
    [f.tgAccount, user.tgAccount],
    [f.xpEarned, `${user.xpEarned.toLocaleString("en-US")} XP`],
    [f.poolShare, `${(user.poolShare * 100).toFixed(2)}%`],
    [f.vstnRewards, `${formatTokenUnits(user.vstnRewardUnits)} ${TOKEN}`],
    [f.verificationDate, formatLocalDate(user.verificationDate)],
    [f.distributionDate, formatLocalDate(user.distributionDate)],
  ];
  return (
    <div>
      {pending ? (
        <p className="flex items-center gap-3 text-lg font-semibold text-amber-300">
          <Clock aria-hidden="true" className="size-6 shrink-0" />
          {claimResultCopy.pendingHeadline(`${formatTokenUnits(user.vstnRewardUnits)} ${TOKEN}`)}
        </p>
      ) : (
        <p className="flex items-center gap-3 text-lg font-semibold text-brand-teal">
          <CheckCircle2 aria-hidden="true" className="size-6 shrink-0" />
          {formatTokenUnits(user.vstnRewardUnits)} {TOKEN} scheduled for {formatLocalDate(user.distributionDate)}
        </p>
      )}
      {signed && (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-300">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-brand-teal" />
          {claimResultCopy.walletVerified}
        </p>
      )}
      <dl className="mt-6 grid grid-cols-2 gap-3">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0 rounded-xl border border-white/10 bg-white/[0.05] p-3 sm:p-4">
            <dt className="text-sm text-slate-400">{label}</dt>
            <dd className="mt-1 break-words text-base font-semibold sm:text-lg">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

type ClaimResultDialogProps = {
  open: boolean;
  onClose: () => void;
  /** From the claim's answer: a claim waiting for review says so before anything else. */
  claimStatus?: ClaimStatus | undefined;
  serverMessage?: string | undefined;
};

/** The full-screen result of a verification: loads the stored e-mail's claim each time it opens. */
export function ClaimResultDialog({ open, onClose, claimStatus, serverMessage }: ClaimResultDialogProps) {
  const [load, setLoad] = useState<Load>({ kind: "loading" });

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoad({ kind: "loading" });
    void fetchClaim(storedLeadEmail()).then((result) => {
      if (live) setLoad(result.ok ? { kind: "loaded", user: result.data } : { kind: "error", message: result.message });
    });
    return () => {
      live = false;
    };
  }, [open]);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={copy.resultTitle}
      description={copy.resultIntro}
      closeLabel={copy.resultCloseLabel}
      size="fullscreen"
    >
      {claimStatus === "pending_review" && (
        <div role="status" className="mb-8 flex items-start gap-3 rounded-[var(--radius-card)] border border-amber-300/50 bg-amber-400/10 p-5 text-amber-100">
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
          <p className="leading-relaxed">{serverMessage ?? WALLET_MESSAGES.pendingReview}</p>
        </div>
      )}
      {load.kind === "loading" && (
        <p role="status" className="flex items-center gap-3 text-slate-300">
          <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-white/20 border-t-white" />
          {claimResultCopy.loading}
        </p>
      )}
      {load.kind === "error" && (
        <div role="alert" className="rounded-[var(--radius-card)] border border-red-400/40 bg-red-500/10 p-6">
          <h3 className="flex items-center gap-2 text-xl font-bold">
            <TriangleAlert aria-hidden="true" className="size-5 text-red-300" />
            {LEAD_MESSAGES.resultErrorHeading}
          </h3>
          <p className="mt-2 break-words text-slate-200">{load.message}</p>
          <Button variant="light" className="mt-5" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {claimResultCopy.retry}
          </Button>
        </div>
      )}
      {load.kind === "loaded" && (
        <ClaimSummary user={load.user} pending={(claimStatus ?? load.user.claimStatus) === "pending_review"} signed={claimStatus !== undefined} />
      )}
      <div className="mt-10">
        <Button variant="light" size="lg" onClick={onClose}>
          {copy.resultCloseLabel}
        </Button>
      </div>
    </Modal>
  );
}
