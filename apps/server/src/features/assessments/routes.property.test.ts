import { beforeAll, expect, it } from "vitest";
import type { AuthoredQuestion } from "@vestin/shared/assessments";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, createCourse, signedInUser } from "../../../test/helpers.ts";
import { assertHostileRequestsAreHarmless, type RouteUnderTest } from "../../../test/hostile-requests.ts";

/*
 * Hostile input against assessments: starting and submitting attempts, the placement
 * quiz and the authors' writes never answer 5xx, and a refusal changes nothing.
 */

const QUESTIONS: AuthoredQuestion[] = [
  { id: "one", type: "single", prompt: "Pick one", options: ["a", "b", "c"], answer: 0, explanation: "a." },
  { id: "two", type: "multiple", prompt: "Pick some", options: ["a", "b", "c", "d"], answers: [1, 2], explanation: "b and c." },
  { id: "three", type: "truefalse", prompt: "True?", answer: true, explanation: "Yes." },
  { id: "four", type: "numeric", prompt: "How many?", answer: 12.5, tolerance: 0.5, explanation: "12.5." },
  { id: "five", type: "single", prompt: "Pick again", options: ["x", "y"], answer: 1, explanation: "y." },
];

describeEachDatabase(
  "assessment routes under hostile input",
  (t) => {
    let admin = "";
    let learner = "";
    let courseId = "";
    let attemptId = "";
    beforeAll(async () => {
      const { app, database } = t();
      admin = (await signedInUser(app, database.db, { admin: true })).token;
      learner = (await signedInUser(app, database.db)).token;
      const course = await createCourse(app, admin, 1);
      courseId = course.id;
      expect(
        (await api(app, "PUT", `/api/v1/admin/courses/${courseId}/assessment`, { maxAttempts: 20, questionsPerAttempt: 5, questions: QUESTIONS }, admin))
          .status,
      ).toBe(200);
      await api(app, "POST", `/api/v1/courses/${courseId}/enroll`, undefined, learner);
      await api(app, "POST", `/api/v1/lessons/${course.lessons[0]}/complete`, undefined, learner);
      attemptId = (await api(app, "POST", `/api/v1/courses/${courseId}/assessment/attempts`, undefined, learner)).body.data.id as string;
    });

    const answers = [
      { questionId: "one", answer: "0" },
      { questionId: "two", answer: ["1", "2"] },
      { questionId: "three", answer: true },
      { questionId: "four", answer: 12.5 },
    ];
    const routes: Array<[string, () => RouteUnderTest]> = [
      [
        "POST /api/v1/courses/{id}/assessment/attempts",
        () => ({ method: "POST", path: "/api/v1/courses/{id}/assessment/attempts", token: learner, params: { id: courseId } }),
      ],
      [
        "POST /api/v1/assessment-attempts/{id}/submit",
        () => ({ method: "POST", path: "/api/v1/assessment-attempts/{id}/submit", token: learner, params: { id: attemptId }, body: { answers } }),
      ],
      [
        "POST /api/v1/placement",
        () => ({ method: "POST", path: "/api/v1/placement", body: { answers: [{ questionId: "property-token-meaning", answer: "1" }] } }),
      ],
      [
        "PUT /api/v1/admin/courses/{id}/assessment",
        () => ({
          method: "PUT",
          path: "/api/v1/admin/courses/{id}/assessment",
          token: admin,
          params: { id: courseId },
          body: { passMark: 70, maxAttempts: 20, timeLimitMinutes: null, questionsPerAttempt: 5, reviewPolicy: "after-pass-only", questions: QUESTIONS },
        }),
      ],
      [
        "DELETE /api/v1/admin/courses/{id}/assessment",
        () => ({ method: "DELETE", path: "/api/v1/admin/courses/{id}/assessment", token: admin, params: { id: "no-such-course" } }),
      ],
    ];

    for (const [name, route] of routes) {
      it(`${name}: never a 5xx, a refusal stores nothing`, async () => {
        await assertHostileRequestsAreHarmless(t().app, t().database.db, route(), { numRuns: 50 });
      });
    }
  },
  { env: { RATE_LIMITS: "off", FORM_GUARD: "off" } },
);
