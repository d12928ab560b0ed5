import { beforeAll } from "vitest";
import { it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, createCourse, newUser, signedInUser } from "../../../test/helpers.ts";
import { assertHostileRequestsAreHarmless, type RouteUnderTest } from "../../../test/hostile-requests.ts";

/*
 * Hostile input against the learner's own space: names, passwords, preferences,
 * sessions, visits and account deletion never answer 5xx, and a refusal changes nothing.
 */

describeEachDatabase(
  "/me routes under hostile input",
  (t) => {
    let token = "";
    let otherSession = "";
    let lessonId = "";
    beforeAll(async () => {
      const { app, database } = t();
      const admin = (await signedInUser(app, database.db, { admin: true })).token;
      const user = newUser();
      token = (await api(app, "POST", "/api/v1/auth/register", user)).body.data.token as string;
      await api(app, "POST", "/api/v1/auth/login", { email: user.email, password: user.password });
      otherSession =
        ((await api(app, "GET", "/api/v1/me/sessions", undefined, token)).body.data as Array<{ id: string; current: boolean }>).find((s) => !s.current)?.id ??
        "";
      const course = await createCourse(app, admin, 1);
      lessonId = course.lessons[0] ?? "";
      await api(app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, token);
    });

    const routes: Array<[string, () => RouteUnderTest]> = [
      ["PATCH /api/v1/me/account", () => ({ method: "PATCH", path: "/api/v1/me/account", token, body: { firstName: "Grace", lastName: "Hopper" } })],
      [
        "POST /api/v1/me/password",
        () => ({ method: "POST", path: "/api/v1/me/password", token, body: { currentPassword: "not the password", newPassword: "a new password" } }),
      ],
      ["PUT /api/v1/me/preferences", () => ({ method: "PUT", path: "/api/v1/me/preferences", token, body: { newsletter: true } })],
      ["DELETE /api/v1/me/sessions/{id}", () => ({ method: "DELETE", path: "/api/v1/me/sessions/{id}", token, params: { id: otherSession } })],
      ["POST /api/v1/me/sessions/sign-out-others", () => ({ method: "POST", path: "/api/v1/me/sessions/sign-out-others", token })],
      ["POST /api/v1/me/lessons/{id}/visit", () => ({ method: "POST", path: "/api/v1/me/lessons/{id}/visit", token, params: { id: lessonId } })],
      [
        "POST /api/v1/me/delete",
        () => ({ method: "POST", path: "/api/v1/me/delete", token, body: { email: "not-the-owner@example.com", password: "not the password" } }),
      ],
    ];
    for (const [name, route] of routes) {
      it(`${name}: never a 5xx, a refusal stores nothing`, async () => {
        await assertHostileRequestsAreHarmless(t().app, t().database.db, route(), { numRuns: 40 });
      });
    }
  },
  { env: { RATE_LIMITS: "off", FORM_GUARD: "off" } },
);
