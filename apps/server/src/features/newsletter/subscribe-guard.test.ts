import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { guarded } from "../../../test/form-guard.ts";
import { api } from "../../../test/helpers.ts";

/* The newsletter subscribe form behind the form guard: disposable addresses, the honeypot and one-use form tokens. */

let counter = 0;
const unique = (name: string) => `${name}.${Date.now()}.${++counter}@example.com`;

describeEachDatabase(
  "newsletter subscribe form's guard",
  (t) => {
    const post = (body: Record<string, unknown>) => api(t().app, "POST", "/api/v1/newsletter/subscriptions", body);
    const stored = async (email: string) =>
      (await t().database.db.selectFrom("newsletter_subscribers").select("id").where("email", "=", email).execute()).length;

    it("refuses disposable addresses, a filled honeypot and a missing or reused form token, storing nothing", async () => {
      const disposable = await post(guarded(t().config, { email: "someone@mailinator.com", form: "article", page: "/blog/x" }));
      expect(disposable.status).toBe(400);
      expect(disposable.body.errors?.email).toMatch(/permanent e-mail address/);
      const bot = unique("bot");
      expect((await post({ ...guarded(t().config, { email: bot, form: "footer", page: "/" }), website: "https://spam.example" })).status).toBe(400);
      expect((await post({ email: bot, form: "footer", page: "/" })).status).toBe(400);
      expect(await stored("someone@mailinator.com")).toBe(0);
      expect(await stored(bot)).toBe(0);

      const body = guarded(t().config, { email: unique("person"), form: "articles", page: "/articles" });
      expect((await post(body)).status).toBe(202);
      const reused = await post({ ...body, email: unique("other") });
      expect(reused.status).toBe(400);
      expect(reused.body.errors?.formToken).toBeTruthy();
    });
  },
  { env: { FORM_GUARD: "on" } },
);
