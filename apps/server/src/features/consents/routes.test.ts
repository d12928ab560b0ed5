import { expect, it } from "vitest";
import { CONSENT_MESSAGES, CONSENT_WORDINGS, LEGAL_VERSIONS, type ConsentRecord } from "@vestin/shared/consents";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, newUser, signedInUser } from "../../../test/helpers.ts";
import { contactBody } from "../../../test/lead-payloads.ts";
import { consentEmailHash } from "./service.ts";

/*
 * Consent records: sign-up's terms and privacy, the contact form's communications
 * consent and a signed-in person's cookie choices are recorded with their versions, form, time and
 * a keyed hash of the IP; the person's export shows them; erasure leaves only a withdrawal by hash.
 */

describeEachDatabase(
  "consent records",
  (t) => {
    const rowsOf = (email: string) =>
      t().database.db.selectFrom("consent_records").selectAll().where("email_hash", "=", consentEmailHash(email)).orderBy("kind").execute();

    async function signUp(overrides: Record<string, unknown> = { agreeToTerms: true }) {
      const user = newUser(overrides);
      const res = await api(t().app, "POST", "/api/v1/auth/register", user);
      expect(res.status).toBe(201);
      return { email: user.email, password: user.password, token: res.body.data.token as string, id: res.body.data.user._id as string };
    }

    it("records the terms and the privacy policy at sign-up: current versions, the checkbox's words, source signup, the IP only as a keyed hash", async () => {
      const person = await signUp();
      const rows = await rowsOf(person.email);
      expect(rows.map((r) => [r.kind, r.action, r.document_version])).toEqual([
        ["privacy", "given", LEGAL_VERSIONS.privacy],
        ["terms", "given", LEGAL_VERSIONS.terms],
      ]);
      for (const row of rows) {
        expect(row).toMatchObject({
          user_id: person.id,
          wording_version: CONSENT_WORDINGS.signup.version,
          wording: CONSENT_WORDINGS.signup.text,
          source_form: "signup",
          source_page: "/signup",
        });
        expect(Date.parse(row.at)).toBeGreaterThan(Date.now() - 60_000);
        expect(row.ip_hash).toMatch(/^[0-9a-f]{64}$/);
      }
      // inject() comes from 127.0.0.1: neither the address nor its bare SHA-256 is stored.
      const table = JSON.stringify(await t().database.db.selectFrom("consent_records").selectAll().execute());
      expect(table).not.toContain("127.0.0.1");
      expect(table).not.toContain(consentEmailHash("127.0.0.1"));
      expect(table).not.toContain(person.email);
    });

    it("records a registration without the checkbox field (the spec's clients) without wording, and refuses agreeToTerms: false, creating nothing", async () => {
      const bare = await signUp({});
      const rows = await rowsOf(bare.email);
      expect(rows.map((r) => r.kind)).toEqual(["privacy", "terms"]);
      expect(rows.every((r) => r.wording === null && r.wording_version === null && r.source_form === "signup" && r.source_page === null)).toBe(true);

      const refused = newUser({ agreeToTerms: false });
      const res = await api(t().app, "POST", "/api/v1/auth/register", refused);
      expect(res.status).toBe(400);
      expect(res.body.errors?.agreeToTerms).toBe(CONSENT_MESSAGES.agreeToTermsRequired);
      expect(await t().database.db.selectFrom("users").select("id").where("email", "=", refused.email).execute()).toEqual([]);
      expect(await rowsOf(refused.email)).toEqual([]);
    });

    it("records the contact form's communications consent only when it is given, with its wording version", async () => {
      const given = contactBody({ consent: true });
      expect((await api(t().app, "POST", "/api/v1/contacts", given)).status).toBe(201);
      const rows = await rowsOf(given.email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        user_id: null,
        kind: "contact-communications",
        action: "given",
        document_version: null,
        wording_version: CONSENT_WORDINGS.contactCommunications.version,
        wording: CONSENT_WORDINGS.contactCommunications.text,
        source_form: "contact",
        source_page: "/contact",
      });
      expect(rows[0]?.ip_hash).toMatch(/^[0-9a-f]{64}$/);

      for (const consent of [false, undefined]) {
        const body = contactBody(consent === undefined ? {} : { consent });
        expect((await api(t().app, "POST", "/api/v1/contacts", body)).status).toBe(201);
        expect(await rowsOf(body.email)).toEqual([]);
      }
      // A refused submission records nothing either.
      const refused = contactBody({ consent: true, comments: "x".repeat(501) });
      expect((await api(t().app, "POST", "/api/v1/contacts", refused)).status).toBe(400);
      expect(await rowsOf(refused.email)).toEqual([]);
    });

    it("records a signed-in person's cookie choices as changes per category, and refuses an anonymous one (401)", async () => {
      const anonymous = await api(t().app, "PUT", "/api/v1/me/consents/cookies", { analytics: true });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.success).toBe(false);

      const person = await signUp();
      const put = (choice: { analytics: boolean }) => api(t().app, "PUT", "/api/v1/me/consents/cookies", choice, person.token);

      const first = await put({ analytics: true });
      expect(first.status).toBe(200);
      expect(first.headers["cache-control"]).toBe("private, no-store");
      expect(first.body).toMatchObject({ success: true, message: CONSENT_MESSAGES.cookieChoiceSaved });
      expect(first.body.data).toMatchObject({
        functional: true,
        analytics: true,
        documentVersion: LEGAL_VERSIONS.cookies,
        recorded: ["cookies-analytics"],
      });
      expect((await put({ analytics: true })).body.data.recorded).toEqual([]);
      expect((await put({ analytics: false })).body.data.recorded).toEqual(["cookies-analytics"]);

      const cookies = (await rowsOf(person.email)).filter((r) => r.kind.startsWith("cookies-"));
      const seen = cookies.map((r) => `${r.kind} ${r.action}`).sort();
      expect(seen).toEqual(["cookies-analytics given", "cookies-analytics withdrawn"]);
      for (const row of cookies) {
        expect(row).toMatchObject({ user_id: person.id, document_version: LEGAL_VERSIONS.cookies, source_form: "cookie-settings", source_page: "/cookies" });
        expect(row.wording).toBe(CONSENT_WORDINGS.cookiesAnalytics.text);
        expect(row.ip_hash).toMatch(/^[0-9a-f]{64}$/);
      }

      // The removed marketing category is not a choice any more: a body with only it is refused.
      for (const body of [{ analytics: "yes" }, { marketing: true }, {}]) {
        const bad = await api(t().app, "PUT", "/api/v1/me/consents/cookies", body, person.token);
        expect(bad.status).toBe(400);
        expect(bad.body.success).toBe(false);
      }
      expect((await rowsOf(person.email)).filter((r) => r.kind.startsWith("cookies-"))).toHaveLength(2);
    });

    it("shows every record in the person's own export and in the admin export, without the IP hash", async () => {
      const admin = await signedInUser(t().app, t().database.db, { admin: true });
      const person = await signUp();
      expect((await api(t().app, "POST", "/api/v1/contacts", contactBody({ email: person.email, confirmEmail: person.email, consent: true }))).status).toBe(
        201,
      );
      expect((await api(t().app, "PUT", "/api/v1/me/consents/cookies", { analytics: true }, person.token)).status).toBe(200);

      const own = await t().app.inject({ method: "GET", url: "/api/v1/me/export", headers: { authorization: `Bearer ${person.token}` } });
      expect(own.statusCode).toBe(200);
      const byAdmin = await api(t().app, "POST", "/api/v1/admin/privacy/export", { email: person.email }, admin.token);
      expect(byAdmin.status).toBe(200);
      for (const exported of [own.json().consents, byAdmin.body.data.consents] as ConsentRecord[][]) {
        expect(exported.map((c) => `${c.kind} ${c.action} ${c.sourceForm}`).sort()).toEqual([
          "contact-communications given contact",
          "cookies-analytics given cookie-settings",
          "privacy given signup",
          "terms given signup",
        ]);
        expect(exported.find((c) => c.kind === "terms")).toMatchObject({
          documentVersion: LEGAL_VERSIONS.terms,
          wordingVersion: CONSENT_WORDINGS.signup.version,
          wording: CONSENT_WORDINGS.signup.text,
          sourcePage: "/signup",
        });
        expect(exported.find((c) => c.kind === "contact-communications")).toMatchObject({
          wordingVersion: CONSENT_WORDINGS.contactCommunications.version,
          wording: CONSENT_WORDINGS.contactCommunications.text,
        });
        expect(JSON.stringify(exported)).not.toMatch(/ip_?hash/i);
      }
      // Someone else's records are not part of it.
      const other = await signUp();
      expect(
        JSON.stringify((await api(t().app, "POST", "/api/v1/admin/privacy/export", { email: other.email }, admin.token)).body.data.consents),
      ).not.toContain("contact-communications");
    });

    it("erasure keeps only a withdrawal of the communications consent, by the address's hash; without one nothing stays", async () => {
      const admin = await signedInUser(t().app, t().database.db, { admin: true });
      const person = await signUp();
      await api(t().app, "POST", "/api/v1/contacts", contactBody({ email: person.email, confirmEmail: person.email, consent: true }));
      await api(t().app, "PUT", "/api/v1/me/consents/cookies", { analytics: true }, person.token);
      const keeper = await signUp();
      expect((await rowsOf(person.email)).length).toBe(4);

      const erased = await api(t().app, "POST", "/api/v1/admin/privacy/erase", { email: person.email, confirm: true }, admin.token);
      expect(erased.status).toBe(200);
      const left = await rowsOf(person.email);
      expect(left).toHaveLength(1);
      expect(left[0]).toMatchObject({
        user_id: null,
        email_hash: consentEmailHash(person.email),
        kind: "contact-communications",
        action: "withdrawn",
        document_version: null,
        wording_version: null,
        wording: null,
        source_form: "erasure",
        source_page: null,
        ip_hash: null,
      });
      expect(await t().database.db.selectFrom("consent_records").select("id").where("user_id", "=", person.id).execute()).toEqual([]);
      expect((await api(t().app, "POST", "/api/v1/admin/privacy/export", { email: person.email }, admin.token)).body.data.consents).toMatchObject([
        { kind: "contact-communications", action: "withdrawn", sourceForm: "erasure" },
      ]);
      // A second erasure keeps the withdrawal (it does not vanish with the records it replaced).
      await api(t().app, "POST", "/api/v1/admin/privacy/erase", { email: person.email, confirm: true }, admin.token);
      expect((await rowsOf(person.email)).map((r) => `${r.kind} ${r.action}`)).toEqual(["contact-communications withdrawn"]);
      // Another person's records are untouched.
      expect((await rowsOf(keeper.email)).map((r) => r.kind)).toEqual(["privacy", "terms"]);

      // The holder deleting their own account: no communications consent given, so nothing stays.
      const holder = await signUp();
      await api(t().app, "PUT", "/api/v1/me/consents/cookies", { analytics: true }, holder.token);
      const deleted = await api(t().app, "POST", "/api/v1/me/delete", { email: holder.email, password: holder.password }, holder.token);
      expect(deleted.status).toBe(200);
      expect(await rowsOf(holder.email)).toEqual([]);
    });
  },
  { env: { RATE_LIMITS: "off" } },
);
