import { AlertTriangle } from "lucide-react";
import type { GrantFlag, GrantStatus } from "@vestin/shared/learn-earn-core";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { flagLabel, GRANT_STATUS_LABELS } from "./quest-labels";

const STATUS_TONES: Record<GrantStatus, BadgeTone> = { granted: "success", withheld: "notice", revoked: "neutral" };

export function GrantStatusBadge({ status }: { status: GrantStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{GRANT_STATUS_LABELS[status]}</Badge>;
}

/** The sybil review's flags on a grant, in words; nothing when it has none. */
export function GrantFlags({ flags }: { flags: readonly GrantFlag[] }) {
  if (flags.length === 0) return <span className="text-muted">—</span>;
  return (
    <ul className="grid gap-1">
      {flags.map((flag) => (
        <li key={flag} className="inline-flex items-start gap-1.5 text-xs font-medium text-notice">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" /> {flagLabel(flag)}
        </li>
      ))}
    </ul>
  );
}

/** A wallet in full (it wraps), or a dash for a grant withheld for want of one. */
export function WalletCell({ wallet }: { wallet: string | null }) {
  return wallet ? <span className="break-all font-mono text-xs text-ink">{wallet}</span> : <span className="text-muted">No wallet</span>;
}
