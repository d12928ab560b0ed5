import { ArrowRight, CircleCheck, Clock, Search, SearchX } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { formatTokenUnits } from "@vestin/shared/airdrop-rewards";
import type { Eligibility } from "@vestin/shared/wallet";
import { Button, ButtonLink } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/field";
import { eligibilityCopy as copy } from "~/content/airdrop-eligibility";
import { cn } from "~/lib/cn";
import { checkEligibility, type EligibilityQuery } from "../api/eligibility-api";

type Check = { kind: "idle" } | { kind: "checking" } | { kind: "answered"; result: Eligibility } | { kind: "failed"; message: string };

const FULL_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A long run of hex after 0x that is not a whole address: a cut-off paste, not a username. */
const PARTIAL_ADDRESS = /^0x[0-9a-fA-F]{20,}$/;

/** What was typed: a wallet when it is a whole address, otherwise a Zealy username. */
function toQuery(text: string): EligibilityQuery | { error: string } {
  const value = text.trim();
  if (!value) return { error: copy.empty };
  if (FULL_ADDRESS.test(value)) return { wallet: value };
  if (PARTIAL_ADDRESS.test(value)) return { error: copy.walletInvalid };
  return { username: value };
}

/**
 * The public eligibility checker: is a Zealy username or a wallet on the sprint's leaderboard, what
 * did it earn, and has it been claimed. The answer holds no personal data (no e-mail, no wallet).
 */
export function EligibilityChecker({ claimHref, className }: { claimHref?: string; className?: string }) {
  const id = useId();
  const [text, setText] = useState("");
  const [inputError, setInputError] = useState<string | null>(null);
  const [check, setCheck] = useState<Check>({ kind: "idle" });
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = `${id}-query`;
  const errorId = `${id}-error`;
  const headingId = `${id}-heading`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (check.kind === "checking") return;
    const query = toQuery(text);
    if ("error" in query) {
      setInputError(query.error);
      inputRef.current?.focus();
      return;
    }
    setInputError(null);
    setCheck({ kind: "checking" });
    const outcome = await checkEligibility(query);
    setCheck(outcome.ok ? { kind: "answered", result: outcome.data } : { kind: "failed", message: outcome.message });
  };

  return (
    <section
      aria-labelledby={headingId}
      className={cn("@container rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-8", className)}
    >
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-violet/10 text-brand-violet">
          <Search className="size-5" />
        </span>
        <h2 id={headingId} className="text-xl font-bold tracking-tight sm:text-2xl">
          {copy.heading}
        </h2>
      </div>
      <p className="mt-3 max-w-2xl text-sm leading-relaxed text-muted">{copy.intro}</p>

      <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 max-w-2xl">
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
          {copy.label}
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            ref={inputRef}
            id={inputId}
            name="eligibility"
            autoComplete="off"
            spellCheck={false}
            placeholder={copy.placeholder}
            value={text}
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? errorId : undefined}
            onChange={(e) => {
              setText(e.target.value);
              if (inputError) setInputError(null);
            }}
            className={cn(inputClasses, "min-w-0 flex-1")}
          />
          <Button type="submit" size="lg" disabled={check.kind === "checking"} className="sm:w-auto">
            {check.kind === "checking" ? copy.checking : copy.submit}
          </Button>
        </div>
        {inputError && (
          <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-danger">
            {inputError}
          </p>
        )}
      </form>

      <div aria-live="polite" className="empty:hidden mt-5">
        {check.kind === "failed" && <p className="rounded-xl border border-red-200 bg-danger-bg px-4 py-3 text-sm text-danger">{check.message}</p>}
        {check.kind === "answered" && <EligibilityResult result={check.result} claimHref={claimHref} />}
      </div>
    </section>
  );
}

function EligibilityResult({ result, claimHref }: { result: Eligibility; claimHref: string | undefined }) {
  const { sprint } = result;
  const split = xpSplit(result);
  if (!result.eligible && split && split.learningXp > 0) {
    // Not on the Zealy leaderboard, but quest XP from learning counts for this wallet.
    return (
      <div className="rounded-xl border border-line bg-surface p-4 sm:p-5">
        {sprint && <p className="text-sm text-muted">{copy.sprintLine(sprint.name, sprint.period)}</p>}
        <XpTiles
          tiles={[...(result.rank !== null ? [[copy.rank, `#${result.rank.toLocaleString("en-US")}`] as [string, string]] : []), ...splitTiles(split)]}
        />
        <p className="mt-3 text-xs leading-relaxed text-muted">{copy.learningNote}</p>
      </div>
    );
  }
  if (!result.eligible) {
    return (
      <div className="rounded-xl border border-line bg-surface p-4">
        <p className="flex items-center gap-2 font-semibold text-ink">
          <SearchX aria-hidden="true" className="size-5 shrink-0 text-muted" />
          {sprint ? copy.notOnLeaderboard : copy.noSprint}
        </p>
        {sprint && <p className="mt-1.5 text-sm leading-relaxed text-muted">{copy.notFoundDetail(`${sprint.name} (${sprint.period})`)}</p>}
      </div>
    );
  }
  const tiles: Array<[string, string]> = [];
  if (result.rank !== null) tiles.push([copy.rank, sprint ? copy.rankValue(result.rank, sprint.participants) : `#${result.rank.toLocaleString("en-US")}`]);
  // With quest XP from learning, Zealy and learning XP apart and their total; else the XP as before.
  if (split && split.learningXp > 0) {
    tiles.push(...splitTiles(split));
  } else if (result.xp !== null) tiles.push([copy.xp, xpText(result.xp)]);
  if (result.vstnRewardUnits !== null) tiles.push([copy.reward, copy.rewardValue(formatTokenUnits(result.vstnRewardUnits))]);
  if (result.poolShare !== null) tiles.push([copy.poolShare, `${(result.poolShare * 100).toFixed(2)}%`]);
  // A wallet with quest XP only has nothing to claim: the frozen allow-list lists it directly.
  const learningOnly = result.xp === null && result.claim === null && Boolean(split && split.learningXp > 0);
  const claim = learningOnly ? null : (result.claim ?? "unclaimed");
  return (
    <div className="rounded-xl border border-green-200 bg-success-bg/60 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p className="flex items-center gap-2 font-semibold text-success">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          {learningOnly ? copy.learningOnly : copy.onLeaderboard}
        </p>
        {claim && <ClaimBadge claim={claim} />}
      </div>
      {sprint && <p className="mt-1 text-sm text-muted">{copy.sprintLine(sprint.name, sprint.period)}</p>}
      <XpTiles tiles={tiles} />
      {split && split.learningXp > 0 && <p className="mt-3 text-xs leading-relaxed text-muted">{copy.learningNote}</p>}
      {learningOnly && <p className="mt-4 text-sm leading-relaxed text-ink">{copy.learningOnlyNote}</p>}
      {claim === "unclaimed" && result.walletLinked !== null && (
        <p className="mt-4 text-sm leading-relaxed text-ink">{result.walletLinked ? copy.walletLinked : copy.walletNotLinked}</p>
      )}
      {claim === "unclaimed" && claimHref && (
        <ButtonLink to={claimHref} size="md" className="mt-4">
          {copy.claimCta}
          <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      )}
    </div>
  );
}

const xpText = (xp: number) => `${xp.toLocaleString("en-US")} XP`;

const splitTiles = (split: { zealyXp: number; learningXp: number; totalXp: number }): Array<[string, string]> => [
  [copy.zealyXp, xpText(split.zealyXp)],
  [copy.learningXp, xpText(split.learningXp)],
  [copy.totalXp, xpText(split.totalXp)],
];

function XpTiles({ tiles }: { tiles: Array<[string, string]> }) {
  return (
    // Rows of three when the tiles come in threes (rank, the XP split, reward, share), else of four.
    <dl className={cn("mt-4 grid grid-cols-2 gap-3", tiles.length % 3 === 0 ? "@3xl:grid-cols-3" : "@3xl:grid-cols-4")} data-testid="eligibility-figures">
      {tiles.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-lg bg-white p-3">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="mt-0.5 break-words text-base font-bold tracking-tight sm:text-lg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The answer's Zealy and learning XP with their total, when the server sends them (the sprint counts both). */
function xpSplit(result: Eligibility): { zealyXp: number; learningXp: number; totalXp: number } | null {
  const { zealyXp, learningXp, totalXp } = result as Eligibility & Partial<Record<"zealyXp" | "learningXp" | "totalXp", unknown>>;
  if (typeof zealyXp !== "number" || typeof learningXp !== "number" || typeof totalXp !== "number") return null;
  return { zealyXp, learningXp, totalXp };
}

function ClaimBadge({ claim }: { claim: "unclaimed" | "claimed" | "pending_review" }) {
  const tone =
    claim === "claimed"
      ? "bg-slate-900 text-white"
      : claim === "pending_review"
        ? "bg-notice-bg text-notice ring-1 ring-amber-300"
        : "bg-white text-brand-teal-dark ring-1 ring-brand-teal/40";
  return (
    <span className={cn("inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-bold tracking-wide", tone)}>
      {claim === "pending_review" && <Clock aria-hidden="true" className="size-3.5" />}
      {copy.claim[claim]}
    </span>
  );
}
