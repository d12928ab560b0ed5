import { expect, it } from "vitest";
import { MESSAGES } from "@vestin/shared/api";
import { LEAD_MESSAGES, maskTelegram, maskWallet } from "@vestin/shared/leads";
import type { DB } from "../../db/schema.ts";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, outboxMessages } from "../../../test/helpers.ts";
import { claimBody, contactBody, freshWallet, partnerBody, presaleBody, uniqueEmail, waitlistBody } from "../../../test/lead-payloads.ts";
import { injectPost, newAccount, signedClaimBody } from "../../../test/wallet.ts";
import { countRows, replaceLeaderboard } from "./repository.ts";
import { DEMO_SPRINT } from "./seed.ts";

/** The examples published with EIP-55. */
const EIP55 = {
  mixed: [
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
  ],
  upper: ["0x52908400098527886E0F7030069857D2E4169EE7", "0x8617E340B3D01FA5F11F306F4090FD50E238070D"],
  lower: ["0xde709f2102306220921060314715629080e2fb77", "0x27b1fdb04752bbc536007a920d24acb045561c26"],
};

const LEAD_TABLES = ["contacts", "partner_applications", "presale_registrations", "testnet_signups", "pioneer_users"] as const satisfies ReadonlyArray<
  keyof DB
>;

/** Flips the case of the first letter of the hex part. */
const flipOneLetter = (address: string) => {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address.charAt(i);
  return address.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(i + 1);
};

describeEachDatabase(
  "leads",
  (t) => {
    const post = (url: string, body: unknown) => api(t().app, "POST", `/api/v1${url}`, body);
    const get = (url: string) => api(t().app, "GET", `/api/v1${url}`);
    const counts = async () => Object.fromEntries(await Promise.all(LEAD_TABLES.map(async (table) => [table, await countRows(t().database.db, table)])));
    /** A claim signed by a fresh wallet (or `account`), as the claim form sends it. */
    const signedClaim = (overrides: Parameters<typeof signedClaimBody>[1] = {}) => signedClaimBody(injectPost(t().app), overrides);

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

    it("refuses partnership applications with the contract's texts and stores none of them", async () => {
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

    it("registers presale applicants in queue order, stores wallets lower-cased and e-mails a confirmation", async () => {
      const start = await countRows(t().database.db, "presale_registrations");
      const first = presaleBody({ email: uniqueEmail("Presale.First").toUpperCase(), walletAddress: EIP55.mixed[0] });
      const a = await post("/presale", first);
      expect(a.status).toBe(201);
      expect(a.body.data).toEqual({
        _id: expect.any(String),
        queuePosition: start + 1,
        totalAhead: start + 1,
        referral: { code: expect.stringMatching(/^[a-z2-7]{10}$/), link: expect.stringMatching(/^http:\/\/localhost:3000\/presale\?ref=[a-z2-7]{10}$/) },
      });
      const b = await post("/presale", presaleBody());
      expect(b.body.data).toMatchObject({ queuePosition: start + 2, totalAhead: start + 2 });

      const row = await t().database.db.selectFrom("presale_registrations").selectAll().where("id", "=", a.body.data._id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        email: first.email.toLowerCase(),
        wallet_address: EIP55.mixed[0]?.toLowerCase(),
        investment_range: "$1,000 - $5,000",
        crypto_experience: "Intermediate",
        reference: "Discord",
        additional_info: "long-term",
        status: "new",
      });

      // The queue lookup: case-insensitive, no personal data, the same numbers later as the queue grows.
      const queue = await get(`/presale/${encodeURIComponent(first.email)}`);
      expect(queue.status).toBe(200);
      expect(queue.body.data).toEqual({ queuePosition: start + 1, totalAhead: start + 2 });

      await t().app.jobs.idle();
      const mail = outboxMessages(t().config.dataDir).find((m) => m.includes(`To: ${first.email.toLowerCase()}`)) ?? "";
      expect(mail).toContain("presale whitelist");
      expect(mail).toMatch(/Content-Type: text\/plain/);
      expect(mail).toMatch(/Content-Type: text\/html/);
      expect(mail).toContain(`#${(start + 1).toLocaleString("en-US")}`);
    });

    it("ranks presale registrations made in the same instant by id", async () => {
      const at = "2000-01-01T00:00:00.000Z";
      for (const id of ["tie-b", "tie-a"]) {
        await t()
          .database.db.insertInto("presale_registrations")
          .values({
            id,
            full_name: id,
            email: `${id}@example.com`,
            wallet_address: freshWallet(),
            investment_range: "$10,000+",
            crypto_experience: "Expert",
            reference: "Other",
            additional_info: "support",
            status: "new",
            note: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
      expect((await get("/presale/tie-a@example.com")).body.data.queuePosition).toBe(1);
      expect((await get("/presale/tie-b@example.com")).body.data.queuePosition).toBe(2);
    });

    it("answers the queue lookup with 404 for an unknown e-mail and 400 for a malformed one", async () => {
      const unknown = await get("/presale/nobody-here%40example.com");
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(LEAD_MESSAGES.presaleNotFound);
      const bad = await get("/presale/not-an-email");
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(LEAD_MESSAGES.searchEmailInvalid);
    });

    it("gives the wizard's texts for each presale field and checks EIP-55 on mixed-case wallets", async () => {
      const before = await counts();
      const missing = await post("/presale", {});
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({
        email: "Please enter your email address",
        fullName: "Please enter your full name",
        walletAddress: "Please enter your wallet address",
        cryptoExperience: "Please select your crypto experience level",
        investmentRange: "Please select your investment range",
        reference: "Please select how you heard about us",
        additionalInfo: "Please select your investment goals",
      });
      const wrong: Array<[Record<string, unknown>, string, string]> = [
        [{ email: "nope@" }, "email", "Please enter a valid email address"],
        [{ walletAddress: "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" }, "walletAddress", "Wallet address must start with 0x"],
        [{ walletAddress: "0x5aAeb6053F3E94C9" }, "walletAddress", "Wallet address must be 42 characters long (including 0x)"],
        [{ walletAddress: "0xggaeb6053f3e94c9b9a09f33669435e7ef1beaed" }, "walletAddress", "Please enter a valid Ethereum wallet address"],
        [{ investmentRange: "$1 - $2" }, "investmentRange", "Please select your investment range"],
        [{ cryptoExperience: "Beginner (0-1 years)" }, "cryptoExperience", "Please select your crypto experience level"],
        [{ reference: "Radio" }, "reference", "Please select how you heard about us"],
        [{ additionalInfo: "get rich" }, "additionalInfo", "Please select your investment goals"],
      ];
      for (const [overrides, field, message] of wrong) {
        const res = await post("/presale", presaleBody(overrides));
        expect(res.status, JSON.stringify(overrides)).toBe(400);
        expect(res.body).toEqual({ success: false, message, errors: { [field]: message } });
      }
      for (const address of EIP55.mixed) {
        const res = await post("/presale", presaleBody({ walletAddress: flipOneLetter(address) }));
        expect(res.status, flipOneLetter(address)).toBe(400);
        expect(res.body.message).toBe("Please enter a valid Ethereum wallet address");
      }
      expect(await counts()).toEqual(before);

      for (const address of [...EIP55.mixed.slice(1), ...EIP55.upper, ...EIP55.lower]) {
        const res = await post("/presale", presaleBody({ walletAddress: address }));
        expect(res.status, address).toBe(201);
      }
    });

    it("refuses a second presale registration by e-mail or wallet, whatever their case, even when racing", async () => {
      const first = presaleBody({ walletAddress: freshWallet() });
      expect((await post("/presale", first)).status).toBe(201);
      const before = await counts();

      const sameEmail = await post("/presale", presaleBody({ email: first.email.toUpperCase() }));
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body.message).toBe("This email is already on the presale whitelist");

      const sameWallet = await post("/presale", presaleBody({ walletAddress: first.walletAddress.toUpperCase().replace("0X", "0x") }));
      expect(sameWallet.status).toBe(409);
      expect(sameWallet.body.message).toBe("This wallet address is already registered");
      expect(await counts()).toEqual(before);

      const racing = presaleBody();
      const results = await Promise.all(Array.from({ length: 5 }, () => post("/presale", racing)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
      for (const r of results.filter((r) => r.status === 409)) expect(r.body.message).toBe(LEAD_MESSAGES.presaleEmailTaken);
    });

    it("signs up for the waitlist once per e-mail, with the spec's texts, and e-mails a confirmation", async () => {
      const input = waitlistBody({ email: uniqueEmail("Wait.List").toUpperCase(), telegramHandle: "@lena.f-1" });
      const res = await post("/testnet-signup", input);
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({
        _id: expect.any(String),
        referral: { code: expect.stringMatching(/^[a-z2-7]{10}$/), link: expect.stringMatching(/^http:\/\/localhost:3000\/v4\?ref=[a-z2-7]{10}$/) },
      });
      const row = await t().database.db.selectFrom("testnet_signups").selectAll().where("id", "=", res.body.data._id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        username: "Lena Fischer",
        email: input.email.toLowerCase(),
        twitter_handle: "@lena_f",
        telegram_handle: "@lena.f-1",
        status: "new",
      });
      await t().app.jobs.idle();
      expect(outboxMessages(t().config.dataDir).some((m) => m.includes(`To: ${input.email.toLowerCase()}`) && m.includes("testnet waitlist"))).toBe(true);

      const before = await counts();
      const again = await post("/testnet-signup", waitlistBody({ email: input.email.toLowerCase() }));
      expect(again.status).toBe(409);
      expect(again.body.message).toBe("This email is already on the waitlist");

      const missing = await post("/testnet-signup", { username: " ", email: "" });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ username: "Full name is required", email: "Email is required" });
      for (const [overrides, field, message] of [
        [{ email: "kim@example" }, "email", "Enter a valid email address"],
        [{ email: "kim@example.c" }, "email", "Enter a valid email address"],
        [{ twitterHandle: "@has space" }, "twitterHandle", "Invalid handle"],
        [{ telegramHandle: "x".repeat(51) }, "telegramHandle", "Invalid handle"],
        [{ telegramHandle: "<b>hi</b>" }, "telegramHandle", "Invalid handle"],
      ] as const) {
        const bad = await post("/testnet-signup", waitlistBody(overrides));
        expect(bad.status, JSON.stringify(overrides)).toBe(400);
        expect(bad.body.errors?.[field]).toBe(message);
      }
      expect(await counts()).toEqual(before);
    });

    it("computes an airdrop claim from the leaderboard, ignoring reward fields a client sends", async () => {
      const account = newAccount();
      const input = await signedClaim({
        account,
        email: uniqueEmail("Claim").toUpperCase(),
        xpEarned: 999_999,
        vstnRewards: 1e9,
        poolShare: 1,
        verificationDate: "2020-01-01T00:00:00.000Z",
        distributionDate: "2020-01-02T00:00:00.000Z",
      });
      const started = Date.now();
      const res = await post("/pioneer-users", input);
      expect(res.status).toBe(201);
      const user = res.body.data;
      expect(user).toMatchObject({
        _id: expect.any(String),
        zealyUsername: "pioneer-0047",
        // EIP-55 in the answer.
        walletAddress: account.address,
        email: input.email.toLowerCase(),
        tgAccount: "@pioneer47",
        xpEarned: 8247,
        poolShare: 0.0185,
        vstnRewards: 1850,
      });
      const verified = Date.parse(user.verificationDate);
      expect(verified).toBeGreaterThanOrEqual(started - 1000);
      expect(verified).toBeLessThanOrEqual(Date.now() + 1000);
      expect(Date.parse(user.distributionDate) - verified).toBe(720 * 60 * 60 * 1000);

      const found = await get(`/pioneer-users?search=${encodeURIComponent(input.email)}`);
      expect(found.status).toBe(200);
      expect(found.body.data).toEqual([{ ...user, walletAddress: maskWallet(user.walletAddress), tgAccount: "@pi…" }]);
      expect(found.body.data[0].walletAddress).toBe(`${account.address.slice(0, 6)}…${account.address.slice(-4)}`);
      expect(maskTelegram(user.tgAccount)).toBe("@pi…");
    });

    it("computes rewards from the sprint's combined XP and token pool", async () => {
      const { db } = t().database;
      await db.transaction().execute((trx) =>
        replaceLeaderboard(
          trx,
          { id: "test-sprint", name: "Test", period: "Now", tokenPool: 50_000 },
          [
            { zealyUsername: "Alpha", xp: 300 },
            { zealyUsername: "beta", xp: 100 },
            { zealyUsername: "gamma", xp: 600 },
          ],
          new Date().toISOString(),
        ),
      );
      try {
        const alpha = await post("/pioneer-users", await signedClaim({ zealyUsername: "ALPHA" }));
        expect(alpha.status).toBe(201);
        // 300 of 1,000 XP = 30% of 50,000 tokens
        expect(alpha.body.data).toMatchObject({ zealyUsername: "Alpha", xpEarned: 300, poolShare: 0.3, vstnRewards: 15_000 });
        const gone = await post("/pioneer-users", await signedClaim({ zealyUsername: "pioneer-0001" }));
        expect(gone.status).toBe(404);
      } finally {
        // Back to the demo sprint for the other tests.
        await db.updateTable("sprints").set({ is_active: 0 }).execute();
        await db.updateTable("sprints").set({ is_active: 1, updated_at: new Date().toISOString() }).where("id", "=", DEMO_SPRINT.id).execute();
      }
    });

    it("refuses claims: missing fields, unknown usernames, and a second claim by username or wallet", async () => {
      const before = await counts();
      const missing = await post("/pioneer-users", { zealyUsername: "", xpEarned: 5 });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({
        zealyUsername: "This field is required",
        walletAddress: "This field is required",
        email: "This field is required",
        tgAccount: "This field is required",
      });
      const badWallet = await post("/pioneer-users", claimBody({ walletAddress: flipOneLetter(EIP55.mixed[2] ?? "") }));
      expect(badWallet.status).toBe(400);
      expect(badWallet.body.errors?.walletAddress).toBe(LEAD_MESSAGES.walletInvalid);

      const unknown = await post("/pioneer-users", await signedClaim({ zealyUsername: "pioneer-5001" }));
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe("This Zealy username is not among the sprint participants");
      expect(await counts()).toEqual(before);

      const account = newAccount();
      expect((await post("/pioneer-users", await signedClaim({ zealyUsername: "pioneer-0100", account }))).status).toBe(201);
      const after = await counts();
      const sameUser = await post("/pioneer-users", await signedClaim({ zealyUsername: "PIONEER-0100" }));
      expect(sameUser.status).toBe(409);
      // The contract's sentence, naming the claiming wallet (masked).
      expect(sameUser.body.message).toMatch(/^This airdrop has already been claimed/);
      expect(sameUser.body.message).toContain(maskWallet(account.address));
      const sameWallet = await post("/pioneer-users", await signedClaim({ zealyUsername: "pioneer-0101", account }));
      expect(sameWallet.status).toBe(409);
      expect(await counts()).toEqual(after);

      const racing = await Promise.all(Array.from({ length: 4 }, () => signedClaim({ zealyUsername: "pioneer-0102" })));
      const results = await Promise.all(racing.map((body) => post("/pioneer-users", body)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    });

    it("searches claims by exact e-mail only, masking wallet and Telegram account", async () => {
      const input = await signedClaim({ zealyUsername: "pioneer-0200", tgAccount: "abcdef" });
      expect((await post("/pioneer-users", input)).status).toBe(201);
      const found = await get(`/pioneer-users?search=${encodeURIComponent(input.email)}`);
      expect(found.body.data).toHaveLength(1);
      expect(found.body.data[0]).toMatchObject({ walletAddress: `${input.walletAddress.slice(0, 6)}…${input.walletAddress.slice(-4)}`, tgAccount: "@ab…" });
      expect(JSON.stringify(found.body).toLowerCase()).not.toContain(input.walletAddress.toLowerCase());

      const partial = await get(`/pioneer-users?search=${encodeURIComponent(input.email.slice(1))}`);
      expect(partial.status).toBe(200);
      expect(partial.body.data).toEqual([]);
      for (const query of ["", "?search=", "?search=not-an-email"]) {
        const bad = await get(`/pioneer-users${query}`);
        expect(bad.status, query).toBe(400);
        expect(bad.body.message).toBe("A valid email address is required");
      }
    });

    it("refuses a 200 KB body on every form with 413 and stores nothing", async () => {
      const before = await counts();
      for (const url of ["/contacts", "/partners", "/presale", "/testnet-signup", "/pioneer-users"]) {
        const res = await t().app.inject({
          method: "POST",
          url: `/api/v1${url}`,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ ...contactBody(), comments: "x".repeat(200 * 1024) }),
        });
        expect(res.statusCode, url).toBe(413);
        expect(res.json()).toEqual({ success: false, message: MESSAGES.bodyTooLarge });
      }
      const malformed = await t().app.inject({
        method: "POST",
        url: "/api/v1/contacts",
        headers: { "content-type": "application/json" },
        payload: '{"firstName":',
      });
      expect(malformed.statusCode).toBe(400);
      expect(await counts()).toEqual(before);
    });

    it("describes every lead route in the OpenAPI document", async () => {
      const doc = (await t().app.inject({ method: "GET", url: "/api/openapi.json" })).json() as { paths: Record<string, unknown> };
      for (const path of [
        "/api/v1/contacts",
        "/api/v1/partners",
        "/api/v1/presale",
        "/api/v1/presale/{email}",
        "/api/v1/testnet-signup",
        "/api/v1/pioneer-users",
        "/api/v1/airdrop/eligibility",
        "/api/v1/wallet/challenge",
        "/api/v1/confirm",
        "/api/v1/confirm/resend",
      ]) {
        expect(doc.paths[path], path).toBeDefined();
      }
    });
  },
  { env: { RATE_LIMITS: "off" } },
);

describeEachDatabase("lead rate limits", (t) => {
  const post = (url: string, body: unknown, remoteAddress = "203.0.113.7") =>
    t().app.inject({ method: "POST", url: `/api/v1${url}`, remoteAddress, headers: { "content-type": "application/json" }, payload: JSON.stringify(body) });

  it("allows 30 submissions of a form per hour per address, each form with its own budget", async () => {
    for (let i = 0; i < 30; i++) expect((await post("/contacts", contactBody())).statusCode).toBe(201);
    const before = await countRows(t().database.db, "contacts");
    const limited = await post("/contacts", contactBody());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: MESSAGES.tooManyRequests });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await countRows(t().database.db, "contacts")).toBe(before);

    expect((await post("/testnet-signup", waitlistBody())).statusCode).toBe(201);
    expect((await post("/contacts", contactBody(), "203.0.113.8")).statusCode).toBe(201);
  });
});
