import { expect, it } from "vitest";
import { LEAD_MESSAGES } from "@vestin/shared/leads";
import { describeEachDatabase } from "../../../test/harness.ts";
import { contactBody, partnerBody } from "../../../test/lead-payloads.ts";
import { leadRoutes } from "./testing/lead-routes.ts";

/** The contact and partnership forms (POST /contacts, /partners). */
describeEachDatabase(
  "lead enquiries: contacts and partnerships",
  (t) => {
    const { post, counts } = leadRoutes(t);

    it("stores a contact enquiry before answering 201 { _id }, trimmed, with its e-mail lower-cased", async () => {
      const input = contactBody({
        firstName: "  Ada ",
        email: "  Ada.Lovelace@Example.COM ",
        confirmEmail: "ada.lovelace@example.com",
        country: "gb",
        businessType: "asset-manager",
        interestedIn: "tokenization",
        plannedAssets: ["real-estate", "energy"],
        comments: "We manage 40 rental flats in Leeds.",
        consent: true,
        unknownField: "ignored",
      });
      const res = await post("/contacts", input);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ success: true, data: { _id: expect.any(String) } });
      const row = await t().database.db.selectFrom("contacts").selectAll().where("id", "=", res.body.data._id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada.lovelace@example.com",
        country: "GB",
        business_type: "asset-manager",
        business_type_other: null,
        interested_in: "tokenization",
        comments: "We manage 40 rental flats in Leeds.",
        consent: 1,
        status: "new",
        note: null,
      });
      expect(JSON.parse(row.planned_assets)).toEqual(["real-estate", "energy"]);

      const minimal = await post("/contacts", {
        firstName: "Bo",
        lastName: "Chen",
        email: "bo@example.org",
        confirmEmail: "BO@example.org",
        country: "",
        businessType: "",
      });
      expect(minimal.status).toBe(201);
    });

    it("refuses contact enquiries with the spec's texts and stores none of them", async () => {
      const before = await counts();
      const missing = await post("/contacts", {});
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toMatchObject({
        firstName: LEAD_MESSAGES.firstNameRequired,
        lastName: LEAD_MESSAGES.lastNameRequired,
        email: LEAD_MESSAGES.emailRequired,
        confirmEmail: LEAD_MESSAGES.confirmEmailRequired,
      });

      const mismatch = await post("/contacts", contactBody({ confirmEmail: "someone.else@example.com" }));
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toEqual({
        success: false,
        requestId: expect.any(String),
        message: "Email addresses do not match",
        errors: { confirmEmail: "Email addresses do not match" },
      });

      const other = await post("/contacts", contactBody({ businessType: "other", businessTypeOther: "  " }));
      expect(other.status).toBe(400);
      expect(other.body.errors).toEqual({ businessTypeOther: LEAD_MESSAGES.businessTypeOtherRequired });

      const long = await post("/contacts", contactBody({ comments: "x".repeat(501) }));
      expect(long.status).toBe(400);
      expect(long.body.message).toBe("Comments must be 500 characters or fewer");

      for (const [field, value, message] of [
        ["country", "XX", LEAD_MESSAGES.countryInvalid],
        ["country", "Germany", LEAD_MESSAGES.countryInvalid],
        ["businessType", "bank", LEAD_MESSAGES.businessTypeInvalid],
        ["interestedIn", "everything", LEAD_MESSAGES.interestedInInvalid],
        ["plannedAssets", ["gold"], LEAD_MESSAGES.plannedAssetsInvalid],
        ["plannedAssets", "energy", LEAD_MESSAGES.plannedAssetsInvalid],
        ["email", "not-an-email", LEAD_MESSAGES.emailInvalid],
        ["consent", "yes", "consent must be true or false"],
        ["firstName", 42, LEAD_MESSAGES.firstNameRequired],
        ["lastName", "x".repeat(101), LEAD_MESSAGES.tooLong(100)],
      ] as const) {
        const res = await post("/contacts", contactBody({ [field]: value, ...(field === "email" ? { confirmEmail: value } : {}) }));
        expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(res.body.errors?.[field], field).toBe(message);
      }
      expect(await counts()).toEqual(before);

      expect((await post("/contacts", contactBody({ comments: "y".repeat(500) }))).status).toBe(201);
    });

    it("keeps HTML in text fields as text", async () => {
      const html = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
      const res = await post("/contacts", contactBody({ firstName: html, comments: `${html} & more` }));
      expect(res.status).toBe(201);
      const row = await t().database.db.selectFrom("contacts").selectAll().where("id", "=", res.body.data._id).executeTakeFirstOrThrow();
      expect(row.first_name).toBe(html);
      expect(row.comments).toBe(`${html} & more`);
    });

    it("stores a partnership application with the name split and the display labels", async () => {
      const res = await post(
        "/partners",
        partnerBody({
          primaryContactName: "  Ana   Maria Silva ",
          firstName: "Forged",
          socialProfile: "https://www.linkedin.com/company/solaris",
          comments: "Solar parks in Portugal.",
        }),
      );
      expect(res.status).toBe(201);
      const row = await t().database.db.selectFrom("partner_applications").selectAll().where("id", "=", res.body.data._id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        organization_name: "Solaris Energy",
        primary_contact_name: "Ana   Maria Silva",
        first_name: "Ana",
        last_name: "Maria Silva",
        country: "PT",
        website_url: "https://solaris.example",
        social_profile: "https://www.linkedin.com/company/solaris",
        other_partnership_type: null,
        status: "new",
      });
      expect(JSON.parse(row.partnership_types)).toEqual(["Strategic Partner", "Marketing Partner"]);
      const telegram = await post("/partners", partnerBody({ emailOrTelegram: "@solaris_team", partnershipTypes: ["Other"], otherPartnershipType: "Custody" }));
      expect(telegram.status).toBe(201);
    });

    it("refuses partnership applications with each field's error message and stores none of them", async () => {
      const before = await counts();
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ primaryContactName: "Ana" }, "primaryContactName", "Please enter both first and last name"],
        [{ primaryContactName: "   " }, "primaryContactName", "Please enter your full name"],
        [{ partnershipTypes: ["Other"], otherPartnershipType: "" }, "otherPartnershipType", 'Please specify the partnership type when selecting "Other"'],
        [{ partnershipTypes: [] }, "partnershipTypes", LEAD_MESSAGES.partnershipTypeRequired],
        [{ partnershipTypes: undefined }, "partnershipTypes", LEAD_MESSAGES.partnershipTypeRequired],
        [{ partnershipTypes: ["strategic"] }, "partnershipTypes", LEAD_MESSAGES.partnershipTypeInvalid],
        [{ websiteUrl: "javascript:alert(1)" }, "websiteUrl", LEAD_MESSAGES.urlInvalid],
        [{ websiteUrl: "ftp://solaris.example" }, "websiteUrl", LEAD_MESSAGES.urlInvalid],
        [{ websiteUrl: "" }, "websiteUrl", LEAD_MESSAGES.websiteRequired],
        [{ socialProfile: "linkedin.com/solaris" }, "socialProfile", LEAD_MESSAGES.urlInvalid],
        [{ emailOrTelegram: "@abc" }, "emailOrTelegram", LEAD_MESSAGES.emailOrTelegramInvalid],
        [{ emailOrTelegram: "solaris" }, "emailOrTelegram", LEAD_MESSAGES.emailOrTelegramInvalid],
        [{ country: "" }, "country", LEAD_MESSAGES.countryRequired],
        [{ country: "ZZ" }, "country", LEAD_MESSAGES.countryInvalid],
        [{ organizationName: "" }, "organizationName", LEAD_MESSAGES.organizationRequired],
        [{ comments: "c".repeat(501) }, "comments", LEAD_MESSAGES.commentsTooLong],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await post("/partners", partnerBody(overrides));
        expect(res.status, JSON.stringify(overrides)).toBe(400);
        expect(res.body.errors?.[field], JSON.stringify(overrides)).toBe(message);
      }
      const single = await post("/partners", partnerBody({ primaryContactName: "Ana" }));
      expect(single.body.message).toBe("Please enter both first and last name");
      expect(await counts()).toEqual(before);
    });
  },
  { env: { RATE_LIMITS: "off" } },
);
