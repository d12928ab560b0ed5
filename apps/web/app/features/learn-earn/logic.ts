import { formatLocalDate, formatLocalDateTime } from "@vestin/shared/format-date";
import { LEARN_EARN_MESSAGES, type WithheldReason } from "@vestin/shared/learn-earn-core";
import { LEARN_EARN_COPY as copy } from "./copy";

/*
 * The pure rules of the learn-and-earn screens (no React, no fetch): what a quest offers, what its
 * grant says and which action fixes a withheld one, what a course card offers, and when the XP of
 * a passed assessment has arrived.
 */

type Band = { minScore: number; xp: number };
type GrantView = { xp: number; status: "granted" | "withheld" | "revoked"; reason: string | null; reasonCode?: WithheldReason | null; at: string };
type QuestView = {
  id: string;
  kind: "assessment_pass" | "track_complete" | "placement_pass" | "learning_streak";
  xp: number;
  bands?: Band[] | undefined;
  subject: { id: string; title: string; href: string } | null;
  startsAt: string;
  endsAt: string;
  capLeft: number | null;
  grant: GrantView | null;
};

/** "Up to 150 XP" for a quest with bands, "200 XP" for one with a single amount. */
export function questXpLabel(quest: Pick<QuestView, "xp" | "bands">): string {
  return quest.bands && quest.bands.length > 1 ? copy.upTo(quest.xp) : copy.flatXp(quest.xp);
}

/** A quest's bands, highest first, in words: "90 % or more: 150 XP" … "Any pass: 50 XP". */
export function bandLines(bands: readonly Band[] | undefined): string[] {
  return [...(bands ?? [])].sort((a, b) => b.minScore - a.minScore).map((b) => copy.band(b.minScore, b.xp));
}

/** The withheld sentence's key, read back from the sentence the server stores and shows. */
export function withheldReasonOf(reason: string | null): WithheldReason | null {
  if (!reason) return null;
  const entries = Object.entries(LEARN_EARN_MESSAGES.withheld) as Array<[WithheldReason, string]>;
  return entries.find(([, sentence]) => sentence === reason)?.[0] ?? null;
}

/** What fixes a withheld grant for next time: linking a wallet, confirming the e-mail, or nothing the person can do now. */
export type GrantAction = "link-wallet" | "confirm-email" | null;

/** One grant as the quest list shows it: its tone, its sentence and the action that fixes it. */
export type GrantLine = { tone: "granted" | "withheld" | "revoked" | "open"; text: string; action: GrantAction };

export function grantLine(grant: GrantView | null, formatDay: (iso: string) => string = (iso) => formatLocalDate(iso, "short")): GrantLine {
  if (!grant) return { tone: "open", text: copy.open, action: null };
  if (grant.status === "granted") return { tone: "granted", text: copy.earned(grant.xp, formatDay(grant.at)), action: null };
  if (grant.status === "revoked") return { tone: "revoked", text: copy.revoked(grant.reason ?? "—"), action: null };
  const key = grant.reasonCode ?? withheldReasonOf(grant.reason);
  const action: GrantAction = key === "no_wallet" ? "link-wallet" : key === "email_unconfirmed" ? "confirm-email" : null;
  return { tone: "withheld", text: copy.withheld(grant.reason ?? "not eligible"), action };
}

/** "Open Dec 1, 2026, 9:00 AM – Dec 14, 2026, 11:59 PM (Europe/Berlin)": the window in the reader's own zone, the zone named. */
export function windowLabel(startsAt: string, endsAt: string, zone: string | null = localZone()): string {
  const text = copy.window(formatLocalDateTime(startsAt), formatLocalDateTime(endsAt));
  return zone ? `${text} (${zone})` : text;
}

/** The reader's time zone name (IANA), or null where the browser does not tell. */
export function localZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** What the public offers answer holds, as the web reads it. */
export type Offers = {
  sprint: { id: string; name: string; endsAt: string | null } | null;
  courses: Record<string, number>;
  placementXp: number | null;
  tracks: Record<string, number>;
};

/** "Earns up to 150 XP in Sprint 4" for a course with an open assessment quest; null with no sprint or no quest. */
export function courseOffer(offers: Offers | null, courseId: string): string | null {
  if (!offers?.sprint) return null;
  const xp = offers.courses[courseId];
  return xp && xp > 0 ? copy.offer(xp, offers.sprint.name) : null;
}

/** The same line for the placement quiz, and for a track (by its slug). */
export function placementOffer(offers: Offers | null): string | null {
  return offers?.sprint && offers.placementXp ? copy.offer(offers.placementXp, offers.sprint.name) : null;
}
export function trackOffer(offers: Offers | null, trackSlug: string): string | null {
  if (!offers?.sprint) return null;
  const xp = offers.tracks[trackSlug];
  return xp && xp > 0 ? copy.offer(xp, offers.sprint.name) : null;
}

/**
 * After a passed assessment: the grant of the course's assessment quest, once the grant job has
 * written it (granted or withheld). "none": no open quest asks for this course, nothing to wait for.
 */
export type PassOutcome =
  | { kind: "none" }
  | { kind: "waiting" }
  | { kind: "granted"; xp: number }
  | { kind: "withheld"; reason: string }
  | { kind: "revoked"; reason: string };

export function passOutcome(quests: readonly QuestView[], courseId: string, courseSlug?: string, now = Date.now()): PassOutcome {
  const quest = quests.find((q) => q.kind === "assessment_pass" && (q.subject?.id === courseId || (courseSlug !== undefined && q.subject?.id === courseSlug)));
  if (!quest) return { kind: "none" };
  const grant = quest.grant;
  if (!grant) {
    // A grant comes only inside the quest's window and while places are left: otherwise nothing is awaited.
    const open = Date.parse(quest.startsAt) <= now && now <= Date.parse(quest.endsAt) && quest.capLeft !== 0;
    return open ? { kind: "waiting" } : { kind: "none" };
  }
  if (grant.status === "granted") return { kind: "granted", xp: grant.xp };
  if (grant.status === "withheld") return { kind: "withheld", reason: grant.reason ?? "" };
  return { kind: "revoked", reason: grant.reason ?? "" };
}

/** The polls after a pass: the grant job runs within seconds; past this the page says the XP is on its way. */
export const PASS_POLL = { intervalMs: 1_000, attempts: 12 } as const;
