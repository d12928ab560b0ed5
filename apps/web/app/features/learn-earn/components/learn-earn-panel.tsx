import { Sparkles, Trophy } from "lucide-react";
import { Link } from "react-router";
import { formatLocalDate } from "@vestin/shared/format-date";
import type { LearnEarnStatus } from "@vestin/shared/learn-earn";
import { LEARN_EARN_MESSAGES } from "@vestin/shared/learn-earn-core";
import { LEARN_EARN_COPY as copy } from "../copy";
import { localZone } from "../logic";
import { QuestItem } from "./quest-item";
import { WalletLink } from "./wallet-link";

const number = (value: number) => value.toLocaleString("en-US");

/** The four figures of the learner's standing in the sprint: learning XP, Zealy XP, their total and the rank. */
export function XpFigures({
  status,
  tone = "dark",
}: {
  status: Pick<LearnEarnStatus, "learningXp" | "zealyXp" | "totalXp" | "rank">;
  tone?: "dark" | "light";
}) {
  const tiles: Array<[string, string, string]> = [
    [copy.learningXp, `${number(status.learningXp)} XP`, "learning-xp"],
    [copy.zealyXp, `${number(status.zealyXp)} XP`, "zealy-xp"],
    [copy.totalXp, `${number(status.totalXp)} XP`, "total-xp"],
    [copy.rank, status.rank === null ? copy.noRank : `#${number(status.rank)}`, "rank"],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
      {tiles.map(([label, value, id]) => (
        <div key={id} className={tone === "dark" ? "min-w-0 rounded-lg bg-white/10 p-3" : "min-w-0 rounded-lg bg-white p-3"}>
          <dt className={tone === "dark" ? "text-xs text-slate-300" : "text-xs text-muted"}>{label}</dt>
          <dd className="mt-0.5 break-words text-lg font-bold tabular-nums tracking-tight" data-testid={id}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The eligibility wording every learn-and-earn screen carries, with the terms it refers to. */
export function XpDisclaimer({ className }: { className?: string }) {
  return (
    <p className={className} data-testid="xp-disclaimer">
      {LEARN_EARN_MESSAGES.disclaimer}{" "}
      <Link to="/terms" className="font-semibold underline underline-offset-2">
        Terms
      </Link>
    </p>
  );
}

/**
 * My learning's "Learn and earn" panel, drawn only while a sprint runs: the sprint, the learner's
 * XP and rank, the wallet their XP counts for, and the quests open to them with their grants.
 */
export function LearnEarnPanel({ status, onWalletLinked }: { status: LearnEarnStatus; onWalletLinked: () => void }) {
  const { sprint } = status;
  if (!sprint) return null;
  const zone = localZone();
  const anyWithheld = status.quests.some((q) => q.grant?.status === "withheld");
  return (
    <section
      aria-labelledby="learn-earn-heading"
      className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-[var(--shadow-card)]"
      data-testid="learn-earn-panel"
    >
      <div className="relative bg-navy-950 p-5 text-white sm:p-6">
        <div aria-hidden="true" className="pointer-events-none absolute -right-24 -top-24 size-64 rounded-full bg-brand-violet/30 blur-3xl" />
        <div className="relative flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
          <div className="min-w-0">
            <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-brand-teal">
              <Sparkles aria-hidden="true" className="size-4" /> {copy.panelEyebrow}
            </p>
            <h2 id="learn-earn-heading" className="mt-1 text-xl font-bold tracking-tight text-balance sm:text-2xl">
              {copy.panelHeading(sprint.name)}
            </h2>
          </div>
          {sprint.endsAt && <p className="text-sm text-slate-300">{copy.endsOn(formatLocalDate(sprint.endsAt, "short"))}</p>}
        </div>
        <div className="relative mt-5">
          <XpFigures status={status} />
        </div>
      </div>

      <div className="grid gap-6 p-5 sm:p-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="min-w-0">
          <h3 className="flex items-center gap-2 font-bold tracking-tight">
            <Trophy aria-hidden="true" className="size-4 text-brand-violet" /> {copy.questsHeading}
          </h3>
          {status.quests.length === 0 ? (
            <p className="mt-3 text-sm text-muted">{copy.noQuests}</p>
          ) : (
            <ul className="mt-3 grid gap-3" data-testid="quests">
              {status.quests.map((quest) => (
                <QuestItem key={quest.id} quest={quest} zone={zone} />
              ))}
            </ul>
          )}
          {anyWithheld && <p className="mt-3 text-xs leading-relaxed text-muted">{copy.withheldNotRetried}</p>}
        </div>
        <WalletLink wallet={status.wallet} onLinked={onWalletLinked} />
      </div>

      <XpDisclaimer className="border-t border-line bg-surface/60 px-5 py-3 text-xs leading-relaxed text-muted sm:px-6" />
    </section>
  );
}
