import { describe, expect, it } from "vitest";
import { emptyQuest, formToBody, questToForm } from "./quest-form";

describe("the quest editor's values", () => {
  it("starts a new quest as an assessment quest with the default bands, for two weeks from the next hour", () => {
    const values = emptyQuest(new Date(2026, 11, 1, 9, 30));
    expect(values.kind).toBe("assessment_pass");
    expect(values.bands).toEqual([
      { minScore: "90", xp: "150" },
      { minScore: "75", xp: "100" },
      { minScore: "0", xp: "50" },
    ]);
    expect(values.startsAt).toBe("2026-12-01T10:00");
    expect(values.endsAt).toBe("2026-12-15T10:00");
  });

  it("sends only the fields of the quest's kind, numbers as numbers and local times as instants", () => {
    const base = { ...emptyQuest(new Date(2026, 11, 1, 9)), title: "  Pass Basics  ", courseId: "c1", cap: "250" };
    const body = formToBody(base);
    expect(body).toMatchObject({ kind: "assessment_pass", title: "Pass Basics", courseId: "c1", cap: 250 });
    expect(body.bands).toEqual([
      { minScore: 90, xp: 150 },
      { minScore: 75, xp: 100 },
      { minScore: 0, xp: 50 },
    ]);
    expect(body).not.toHaveProperty("xp");
    expect(body).not.toHaveProperty("trackId");
    expect(body.startsAt).toBe(new Date(2026, 11, 1, 10).toISOString());

    const streak = formToBody({ ...base, kind: "learning_streak", streakDays: "5", xp: "1,000", cap: "" });
    expect(streak).toMatchObject({ kind: "learning_streak", streakDays: 5, xp: 1000, cap: null });
    expect(streak).not.toHaveProperty("bands");
    expect(streak).not.toHaveProperty("courseId");

    const track = formToBody({ ...base, kind: "track_complete", trackId: "real-estate-tokenization", xp: "300" });
    expect(track).toMatchObject({ trackId: "real-estate-tokenization", xp: 300 });
    expect(formToBody({ ...base, kind: "placement_pass", xp: "40" })).toMatchObject({ kind: "placement_pass", xp: 40 });
  });

  it("leaves text that is not a number for the server to refuse by name, and drops empty band rows", () => {
    const body = formToBody({ ...emptyQuest(), xp: "lots", kind: "placement_pass" });
    expect(body.xp).toBe("lots");
    const bands = formToBody({
      ...emptyQuest(),
      bands: [
        { minScore: "80", xp: "10" },
        { minScore: "", xp: "" },
      ],
    }).bands;
    expect(bands).toEqual([{ minScore: 80, xp: 10 }]);
  });

  it("reads a stored quest back into the editor", () => {
    const values = questToForm({
      kind: "learning_streak",
      title: "Week streak",
      xp: 70,
      bands: null,
      courseId: null,
      trackId: null,
      streakDays: 7,
      startsAt: "2026-12-01T10:00:00.000Z",
      endsAt: "2026-12-15T10:00:00.000Z",
      cap: null,
    });
    expect(values).toMatchObject({ kind: "learning_streak", title: "Week streak", xp: "70", streakDays: "7", cap: "", courseId: "" });
    expect(formToBody(values)).toMatchObject({ startsAt: "2026-12-01T10:00:00.000Z", endsAt: "2026-12-15T10:00:00.000Z" });
  });
});
