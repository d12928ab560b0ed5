import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, newUser } from "../../../test/helpers.ts";
import { startSmtpPeer, type SmtpPeer } from "../../../test/smtp-peer.ts";

let smtp: SmtpPeer | undefined;

beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp?.close();
});

describeEachDatabase(
  "password reset over real SMTP",
  (t) => {
    it("mails a reset link (text and HTML) that sets a new password, after which sign-in works", async () => {
      const user = newUser();
      await api(t().app, "POST", "/api/v1/auth/register", user);
      const res = await api(t().app, "POST", "/api/v1/auth/forgot-password", { email: user.email });
      expect(res.status).toBe(200);
      // The e-mail leaves through the job queue (ADR 11), retried if the SMTP server stumbles.
      await t().app.jobs.idle();

      const mail = smtp?.inbox.find((m) => m.to.includes(user.email));
      expect(mail).toBeDefined();
      expect(mail?.subject).toBe("Reset your Vestin password");
      const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail?.text ?? "")?.[0] ?? "";
      expect(link.startsWith("http://localhost:3000/reset-password?token=")).toBe(true);
      expect(mail?.html).toContain(link.replace(/&/g, "&amp;"));

      const token = new URL(link).searchParams.get("token");
      expect((await api(t().app, "PUT", "/api/v1/auth/reset-password", { token, password: "brand new pass" })).status).toBe(200);
      const signIn = await api(t().app, "POST", "/api/v1/auth/login", { email: user.email, password: "brand new pass" });
      expect(signIn.status).toBe(200);
    });
  },
  { env: () => ({ SMTP_URL: `smtp://127.0.0.1:${smtp?.port ?? 0}` }) },
);
