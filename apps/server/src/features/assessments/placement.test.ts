import { expect, it } from "vitest";
import { ASSESSMENT_MESSAGES } from "@vestin/shared/assessments";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";

/* The placement quiz: ten seeded questions across the five tracks, a recommendation, and a signed-in learner's saved result. */

describeEachDatabase("placement quiz", (t) => {
  const learner = () => signedInUser(t().app, t().database.db);

  it("hands out ten questions without answers and recommends the weakest track's first course", async () => {
    const quiz = await api(t().app, "GET", "/api/v1/placement");
    const questions = quiz.body.data.questions as Array<{ id: string; track: string; type: string; options: Array<{ id: string }> }>;
    expect(questions).toHaveLength(10);
    expect(JSON.stringify(quiz.body)).not.toContain("explanation");
    const tracks = new Map<string, number>();
    for (const q of questions) tracks.set(q.track, (tracks.get(q.track) ?? 0) + 1);
    expect([...tracks.values()]).toEqual([2, 2, 2, 2, 2]);

    // Read the answers from a submission, then answer every question right except the NFT track's.
    const probe = await api(t().app, "POST", "/api/v1/placement", {
      answers: questions.map((q) => ({ questionId: q.id, answer: q.type === "truefalse" ? true : "0" })),
    });
    expect(probe.status).toBe(200);
    const right = new Map((probe.body.data.questions as Array<{ questionId: string; rightAnswer: unknown }>).map((r) => [r.questionId, r.rightAnswer]));
    const wrongFor = (q: (typeof questions)[number]) => (q.type === "truefalse" ? !right.get(q.id) : q.options.find((o) => o.id !== right.get(q.id))?.id);
    const answers = questions.map((q) => ({ questionId: q.id, answer: q.track === "nfts-and-digital-assets" ? wrongFor(q) : right.get(q.id) }));
    const result = await api(t().app, "POST", "/api/v1/placement", { answers });
    expect(result.body.data.recommendation).toMatchObject({ trackSlug: "nfts-and-digital-assets", courseSlug: "nfts-01-nft-fundamentals" });
    expect(result.body.data.savedAt).toBeNull();
    const perfect = await api(t().app, "POST", "/api/v1/placement", { answers: questions.map((q) => ({ questionId: q.id, answer: right.get(q.id) })) });
    expect(perfect.body.data.recommendation.trackSlug).toBe("advanced-topics");

    expect(await api(t().app, "POST", "/api/v1/placement", { answers: answers.slice(1) })).toMatchObject({
      status: 400,
      body: { message: ASSESSMENT_MESSAGES.placementIncomplete },
    });
  });

  it("saves a signed-in learner's result and gives it back", async () => {
    const user = await learner();
    expect((await api(t().app, "GET", "/api/v1/placement/mine", undefined, user.token)).body.data).toBeNull();
    const questions = (await api(t().app, "GET", "/api/v1/placement")).body.data.questions as Array<{ id: string; type: string }>;
    const saved = await api(
      t().app,
      "POST",
      "/api/v1/placement",
      { answers: questions.map((q) => ({ questionId: q.id, answer: q.type === "truefalse" ? false : "1" })) },
      user.token,
    );
    expect(saved.body.data.savedAt).not.toBeNull();
    const mine = await api(t().app, "GET", "/api/v1/placement/mine", undefined, user.token);
    expect(mine.body.data).toEqual(saved.body.data);
    expect((await api(t().app, "GET", "/api/v1/placement/mine")).status).toBe(401);
  });
});
