import { ArrowRight, Ban, CircleCheck, CircleDashed, Clock3, MailCheck, Wallet } from "lucide-react";
import type { LearnerQuest } from "@vestin/shared/learn-earn";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/cn";
import { LEARN_EARN_COPY as copy } from "../copy";
import { bandLines, grantLine, questXpLabel, windowLabel } from "../logic";

const TONES = {
  open: { icon: CircleDashed, className: "text-muted" },
  granted: { icon: CircleCheck, className: "text-success" },
  withheld: { icon: Clock3, className: "text-notice" },
  revoked: { icon: Ban, className: "text-danger" },
} as const;

/** One quest: what it asks, the XP it gives (bands for an assessment), its window and places, and the person's grant. */
export function QuestItem({ quest, zone }: { quest: LearnerQuest; zone: string | null }) {
  const line = grantLine(quest.grant);
  const { icon: Icon, className } = TONES[line.tone];
  const bands = bandLines(quest.bands);
  return (
    <li className="rounded-xl border border-line bg-white p-4" data-testid="quest" data-quest-id={quest.id} data-grant={line.tone}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <h4 className="min-w-0 flex-1 font-semibold leading-snug text-ink">
          {quest.subject ? (
            <a href={quest.subject.href} className="hover:text-brand-violet hover:underline">
              {quest.title}
            </a>
          ) : (
            quest.title
          )}
        </h4>
        <Badge tone="violet" className="shrink-0 tabular-nums">
          {questXpLabel(quest)}
        </Badge>
      </div>
      {quest.kind === "learning_streak" && quest.streakDays !== undefined && <p className="mt-1 text-sm text-muted">{copy.streak(quest.streakDays)}</p>}
      {bands.length > 1 && (
        <ul className="mt-2 flex flex-wrap gap-1.5 text-xs text-muted" aria-label="XP by score">
          {bands.map((band) => (
            <li key={band} className="rounded-md bg-surface px-2 py-0.5 tabular-nums">
              {band}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs leading-relaxed text-muted">
        {windowLabel(quest.startsAt, quest.endsAt, zone)}
        {quest.capLeft !== null && !quest.grant && <> · {copy.capLeft(quest.capLeft)}</>}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-line pt-3">
        <p className={cn("flex min-w-0 items-start gap-1.5 text-sm font-medium", className)} data-testid="quest-status">
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0">{line.text}</span>
        </p>
        {line.action === "link-wallet" && (
          <a href="#link-wallet" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-violet hover:underline">
            <Wallet aria-hidden="true" className="size-4" /> {copy.linkWalletAction}
          </a>
        )}
        {line.action === "confirm-email" && (
          <a
            href="/forgot-password"
            title={copy.confirmEmailHint}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-violet hover:underline"
          >
            <MailCheck aria-hidden="true" className="size-4" /> {copy.confirmEmailAction}
          </a>
        )}
        {line.tone === "open" && quest.subject && (
          <a href={quest.subject.href} className="ml-auto inline-flex items-center gap-1 text-sm font-semibold text-brand-violet hover:underline">
            {quest.subject.title} <ArrowRight aria-hidden="true" className="size-4" />
          </a>
        )}
      </div>
    </li>
  );
}
