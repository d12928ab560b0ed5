import { Gift } from "lucide-react";
import { REFERRAL_RULE, referralCapNote, type ReferralList } from "@vestin/shared/referrals";
import { cn } from "~/lib/cn";
import { ReferralLinkField } from "./referral-link-field";
import { useReferralStanding } from "./use-referral-standing";

const number = (n: number) => n.toLocaleString("en-US");
const LIST_NAME: Record<ReferralList, string> = { presale: "whitelist", testnet: "waitlist" };

/**
 * "Move up the queue": the person's referral link, how many joined through it (confirmed and
 * waiting for their e-mail confirmation) and their place with the referrals counted. Shown on the
 * success pages once they have joined; nothing when this browser holds no code.
 */
export function ReferralCard({ list, tone = "light", className }: { list: ReferralList; tone?: "light" | "dark"; className?: string }) {
  const state = useReferralStanding(list);
  if (state.kind === "none" || state.kind === "unknown") return null;
  const dark = tone === "dark";
  const muted = dark ? "text-slate-300" : "text-muted";
  return (
    <section
      aria-labelledby={`referral-heading-${list}`}
      aria-busy={state.kind === "loading"}
      className={cn(
        "rounded-[var(--radius-card)] border p-6 text-left sm:p-8",
        dark ? "border-white/10 bg-white/[0.06] text-white backdrop-blur" : "border-line bg-white text-ink shadow-sm",
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <span
          className={cn(
            "inline-flex size-10 shrink-0 items-center justify-center rounded-xl",
            dark ? "bg-white/10 text-brand-teal" : "bg-brand-violet/10 text-brand-violet",
          )}
        >
          <Gift aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id={`referral-heading-${list}`} className="text-xl font-bold tracking-tight">
            Move up the {LIST_NAME[list]}
          </h2>
          <p className={cn("mt-1 text-sm leading-relaxed", muted)}>{REFERRAL_RULE}</p>
        </div>
      </div>
      {state.kind === "loading" && (
        <div role="status" className="mt-6">
          <span className="sr-only">Loading your referrals…</span>
          <div aria-hidden="true" className={cn("h-11 animate-pulse rounded-xl", dark ? "bg-white/10" : "bg-slate-100")} />
        </div>
      )}
      {state.kind === "failed" && (
        <p className={cn("mt-6 text-sm", muted)}>Your referral link could not be loaded just now. It is also in your confirmation e-mail.</p>
      )}
      {state.kind === "loaded" && (
        <div className="mt-6 grid gap-5">
          <ReferralLinkField link={state.standing.link} tone={tone} />
          <dl className={cn("grid grid-cols-3 gap-3 border-t pt-5 text-center", dark ? "border-white/10" : "border-line")}>
            <div>
              <dt className={cn("text-xs font-medium uppercase tracking-wider", muted)}>Your place</dt>
              <dd className="mt-1 text-2xl font-bold" data-referral-position={state.standing.position}>
                #{number(state.standing.position)}
              </dd>
              <dd className={cn("text-xs", muted)}>of {number(state.standing.total)}</dd>
            </div>
            <div>
              <dt className={cn("text-xs font-medium uppercase tracking-wider", muted)}>Referrals</dt>
              <dd className="mt-1 text-2xl font-bold" data-referrals-confirmed={state.standing.confirmedReferrals}>
                {number(state.standing.confirmedReferrals)}
              </dd>
              <dd className={cn("text-xs", muted)}>confirmed</dd>
            </div>
            <div>
              <dt className={cn("text-xs font-medium uppercase tracking-wider", muted)}>Waiting</dt>
              <dd className="mt-1 text-2xl font-bold">{number(state.standing.pendingReferrals)}</dd>
              <dd className={cn("text-xs", muted)}>to confirm e-mail</dd>
            </div>
          </dl>
          <p className={cn("text-xs leading-relaxed", muted)} data-referral-cap>
            {referralCapNote(state.standing.dailyBoosts)}
            {state.standing.confirmedReferrals > state.standing.boostedReferrals &&
              ` ${number(state.standing.confirmedReferrals - state.standing.boostedReferrals)} of your confirmed referrals came past that limit and did not move you.`}
          </p>
        </div>
      )}
    </section>
  );
}
