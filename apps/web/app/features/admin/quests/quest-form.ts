import { DEFAULT_ASSESSMENT_BANDS, type QuestKind } from "@vestin/shared/learn-earn-core";
import { fromLocalInput, toLocalInput } from "../content/field-errors";

/*
 * The quest editor's values (strings, as the inputs hold them) and the API body they become. The
 * server checks every rule again (schemas in packages/shared/src/learn-earn.ts); this only keeps
 * the fields of the chosen kind and turns text into numbers and local times into instants.
 */

export type BandValues = { minScore: string; xp: string };
export type QuestFormValues = {
  kind: QuestKind;
  title: string;
  courseId: string;
  trackId: string;
  streakDays: string;
  xp: string;
  bands: BandValues[];
  /** datetime-local values, in the administrator's own time zone. */
  startsAt: string;
  endsAt: string;
  /** Empty: unlimited. */
  cap: string;
};

/** The quest as the admin API answers it (the fields the editor reads). */
export type QuestRecord = {
  kind: QuestKind;
  title: string;
  xp: number;
  bands: Array<{ minScore: number; xp: number }> | null;
  courseId: string | null;
  trackId: string | null;
  streakDays: number | null;
  startsAt: string;
  endsAt: string;
  cap: number | null;
};

export const KIND_LABELS: Record<QuestKind, string> = {
  assessment_pass: "Pass a course's assessment",
  track_complete: "Complete a track",
  placement_pass: "Pass the placement quiz",
  learning_streak: "Keep a learning streak",
};

const text = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

/** A new quest: an assessment quest with the default bands, open from the next hour for two weeks. */
export function emptyQuest(now = new Date()): QuestFormValues {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  const end = new Date(start.getTime() + 14 * 86_400_000);
  return {
    kind: "assessment_pass",
    title: "",
    courseId: "",
    trackId: "",
    streakDays: "7",
    xp: "100",
    bands: DEFAULT_ASSESSMENT_BANDS.map((b) => ({ minScore: String(b.minScore), xp: String(b.xp) })),
    startsAt: toLocalInput(start.toISOString()),
    endsAt: toLocalInput(end.toISOString()),
    cap: "",
  };
}

export function questToForm(quest: QuestRecord): QuestFormValues {
  const blank = emptyQuest();
  return {
    kind: quest.kind,
    title: quest.title,
    courseId: quest.courseId ?? "",
    trackId: quest.trackId ?? "",
    streakDays: text(quest.streakDays) || blank.streakDays,
    xp: quest.bands ? blank.xp : text(quest.xp),
    bands: quest.bands ? quest.bands.map((b) => ({ minScore: String(b.minScore), xp: String(b.xp) })) : blank.bands,
    startsAt: toLocalInput(quest.startsAt),
    endsAt: toLocalInput(quest.endsAt),
    cap: text(quest.cap),
  };
}

/** A number as typed, or the text itself when it is not one (the server then names the field). */
const num = (value: string): number | string => {
  const trimmed = value.trim();
  if (trimmed === "") return trimmed;
  const n = Number(trimmed.replace(/[,_\s]/g, ""));
  return Number.isFinite(n) ? n : trimmed;
};

/** The body of POST /admin/sprints/{id}/quests, or of PATCH /admin/quests/{id} (the kind is fixed there but says which fields apply). */
export function formToBody(values: QuestFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    kind: values.kind,
    title: values.title.trim(),
    startsAt: fromLocalInput(values.startsAt) ?? values.startsAt,
    endsAt: fromLocalInput(values.endsAt) ?? values.endsAt,
    cap: values.cap.trim() === "" ? null : num(values.cap),
  };
  if (values.kind === "assessment_pass") {
    body.courseId = values.courseId;
    body.bands = values.bands.filter((b) => b.minScore.trim() !== "" || b.xp.trim() !== "").map((b) => ({ minScore: num(b.minScore), xp: num(b.xp) }));
  } else {
    body.xp = num(values.xp);
    if (values.kind === "track_complete") body.trackId = values.trackId;
    if (values.kind === "learning_streak") body.streakDays = num(values.streakDays);
  }
  return body;
}

/** The server's field errors keyed for the editor: "bands.1.xp" stays; "bands" (the whole list) goes to the bands block. */
export function bandError(errors: Record<string, string> | undefined, index: number, field: "minScore" | "xp"): string | undefined {
  return errors?.[`bands.${index}.${field}`];
}
