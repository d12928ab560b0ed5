import { Check, X } from "lucide-react";
import { formatTokenUnits } from "@vestin/shared/airdrop-rewards";
import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { ClaimStatus, ReviewClaim, ReviewDecision } from "../api/airdrop-review-api";
import { formatDateTime } from "../leads/lead-types";
import { CopyAddressButton } from "./copy-address-button";
import { leaderboardMatch } from "./review-logic";
import { CLAIM_STATUS_LABELS, REVIEW_COPY } from "./review-copy";

const STATUS_TONES: Record<ClaimStatus, BadgeTone> = { pending_review: "notice", granted: "success", rejected: "neutral" };

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return <Badge tone={STATUS_TONES[status] ?? "neutral"}>{CLAIM_STATUS_LABELS[status] ?? status}</Badge>;
}

const dangerBadge =
  "inline-flex items-center gap-1.5 rounded-full bg-danger-bg px-2.5 py-0.5 text-xs font-semibold text-danger ring-1 ring-inset ring-danger/25";

function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-1 text-sm text-ink">{children}</dd>
    </div>
  );
}

/** One claim of the queue: who, which wallet and how it compares with the leaderboard, and the decision. */
export function ClaimCard({ claim, onDecide }: { claim: ReviewClaim; onDecide: (claim: ReviewClaim, decision: ReviewDecision) => void }) {
  const headingId = `claim-${claim._id}`;
  const match = leaderboardMatch(claim);
  const approvalBlocked = !claim.walletVerifiedAt ? REVIEW_COPY.cannotApproveUnsigned : match === "mismatch" ? REVIEW_COPY.cannotApproveMismatch : null;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-line bg-white p-4 shadow-xs sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-base font-semibold text-ink">
            {claim.zealyUsername}
          </h2>
          <p className="mt-0.5 text-xs text-muted">Claimed {formatDateTime(claim.createdAt)}</p>
        </div>
        <ClaimStatusBadge status={claim.claimStatus} />
      </div>

      <div className="mt-4 rounded-lg border border-line bg-surface p-3">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">Wallet</p>
        <div className="mt-1 flex items-start gap-2">
          <code className="min-w-0 flex-1 self-center font-mono text-sm break-all text-ink">{claim.walletAddress}</code>
          <CopyAddressButton address={claim.walletAddress} label={`Copy the wallet address of ${claim.zealyUsername}`} />
        </div>
        <div className="mt-2 flex flex-wrap gap-2">
          {claim.walletVerifiedAt ? <Badge tone="success">Signed by this wallet</Badge> : <Badge tone="neutral">Not signed: claimed before signatures</Badge>}
          {match === "match" && <Badge tone="success">Matches the leaderboard wallet</Badge>}
          {match === "none" && <Badge tone="notice">Leaderboard lists no wallet</Badge>}
          {match === "mismatch" && <span className={dangerBadge}>Differs from the leaderboard wallet</span>}
        </div>
        {match === "mismatch" && claim.leaderboardWallet && (
          <p className="mt-2 text-xs text-muted">
            Leaderboard lists <code className="font-mono break-all text-ink">{claim.leaderboardWallet}</code>
          </p>
        )}
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-[6rem_9rem_minmax(0,1fr)_minmax(0,10rem)]">
        <Fact label="XP">{claim.xpEarned.toLocaleString("en-US")}</Fact>
        <Fact label="Reward">{formatTokenUnits(claim.vstnRewardUnits)} VSTN</Fact>
        <Fact label="E-mail" className="col-span-2 sm:col-span-1">
          <span className="block truncate" title={claim.email}>
            {claim.email}
          </span>
          <span className="mt-1 block">{claim.verifiedAt ? <Badge tone="success">Verified</Badge> : <Badge tone="neutral">Unverified</Badge>}</span>
        </Fact>
        <Fact label="Telegram" className="col-span-2 sm:col-span-1">
          <span className="block truncate">{claim.tgAccount || "—"}</span>
        </Fact>
      </dl>

      {claim.claimStatus === "pending_review" ? (
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-line pt-4">
          <Button
            size="sm"
            variant="secondary"
            disabled={Boolean(approvalBlocked)}
            aria-describedby={approvalBlocked ? `claim-${claim._id}-blocked` : undefined}
            onClick={() => onDecide(claim, "approve")}
            aria-label={`Approve the claim of ${claim.zealyUsername}`}
          >
            <Check aria-hidden="true" className="size-4" /> Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="text-danger"
            onClick={() => onDecide(claim, "reject")}
            aria-label={`Reject the claim of ${claim.zealyUsername}`}
          >
            <X aria-hidden="true" className="size-4" /> Reject
          </Button>
          {approvalBlocked && (
            <p id={`claim-${claim._id}-blocked`} className="w-full text-sm text-danger">
              {approvalBlocked}
            </p>
          )}
        </div>
      ) : (
        <div className="mt-4 border-t border-line pt-3 text-sm text-muted">
          {claim.reviewedAt ? (
            <p>
              {claim.claimStatus === "granted" ? "Approved" : "Rejected"} by {claim.reviewedBy ?? "an administrator"} on {formatDateTime(claim.reviewedAt)}
            </p>
          ) : (
            <p>Granted when claimed: signed by the wallet the leaderboard lists.</p>
          )}
          {claim.reviewNote && <p className="mt-1 break-words text-ink">“{claim.reviewNote}”</p>}
        </div>
      )}
    </article>
  );
}
