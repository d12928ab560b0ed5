import { expect, it } from "vitest";
import { LEAD_MESSAGES, type PresaleRegistration } from "@vestin/shared/leads";
import { describeEachDatabase } from "../../../test/harness.ts";
import { countRows, outboxMessages } from "../../../test/helpers.ts";
import { freshWallet, presaleBody, uniqueEmail, waitlistBody } from "../../../test/lead-payloads.ts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { presaleLength } from "../../db/migrations/0036-presale-length.ts";
import { guarded } from "../../../test/form-guard.ts";
import type { Mailer, MailMessage } from "../../lib/mailer.ts";
import { leadsRepository } from "./repository.ts";
import { createLeadsService } from "./service.ts";
import { confirmationJobs } from "./testing/confirmation-jobs.ts";
import { EIP55, flipOneLetter, leadRoutes } from "./testing/lead-routes.ts";

/** Inserts a presale entry with this joining time, as its registration would (without form, referral or e-mail). */
function addPresaleEntry(db: Kysely<DB>, id: string, createdAt: string) {
  return db
    .insertInto("presale_registrations")
    .values({
      id,
      full_name: id,
      email: `${id}@example.com`,
      wallet_address: freshWallet(),
      investment_range: "$1,000 - $5,000",
      crypto_experience: "Beginner",
      reference: "Other",
      additional_info: "",
      status: "new",
      note: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
}

/** The list's length as the database keeps it: the sum of its length slots. */
async function lengthOfList(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("presale_length_slots")
    .select((eb) => eb.fn.sum<string | number>("entries").as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new entry's place as its registration answers it, beside the whole list's length and the place the full ranking gives it. */
async function placeOfNewEntry(db: Kysely<DB>, id: string, createdAt: string) {
  const entry = { id, created_at: createdAt };
  const told = await db.transaction().execute(async (trx) => {
    await addPresaleEntry(trx, id, createdAt);
    return leadsRepository(trx).newPresaleQueue(entry);
  });
  return { told, total: await countRows(db, "presale_registrations"), ranked: await leadsRepository(db).presaleQueue({ id }) };
}

/** The presale whitelist and the testnet waitlist (POST /presale, GET /presale/{email}, POST /testnet-signup). */
describeEachDatabase(
  "lead queues: presale and waitlist",
  (t) => {
    const { post, get, counts } = leadRoutes(t);

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

    it("answers a new registration the place the full ranking gives it, with boosted entries ahead", async () => {
      // Entries moved up by referrals stay ahead of a newcomer: its place is counted, not ranked.
      const boosted = await post("/presale", presaleBody());
      await t().database.db.updateTable("presale_registrations").set({ referral_boost: 3 }).where("id", "=", boosted.body.data._id).execute();
      const fresh = presaleBody();
      const answer = await post("/presale", fresh);
      expect(answer.status).toBe(201);
      const total = await countRows(t().database.db, "presale_registrations");
      expect(answer.body.data).toMatchObject({ queuePosition: total, totalAhead: total });
      const lookup = await get(`/presale/${encodeURIComponent(fresh.email)}`);
      expect(lookup.body.data).toEqual({ queuePosition: answer.body.data.queuePosition, totalAhead: answer.body.data.totalAhead });
      await t().database.db.updateTable("presale_registrations").set({ referral_boost: 0 }).where("id", "=", boosted.body.data._id).execute();
    });

    it("writes a presale registration's e-mail when it sends it, with the place as it stands then", async () => {
      // The leads service with a queue whose confirmation jobs this test runs itself.
      const { jobs, stored, run } = confirmationJobs();
      const sent: MailMessage[] = [];
      const mailer: Mailer = { mode: "smtp", send: async (message) => void sent.push(message) };
      const app = t().app;
      const leads = createLeadsService({
        database: t().database,
        events: app.events,
        mailer,
        directMailer: mailer,
        jobs,
        limiter: app.limiter,
        log: app.log,
        formGuard: app.formGuard,
        publicUrl: t().config.publicUrl,
        wallet: app.wallet,
        cache: app.publicCache,
        consents: app.consents,
        referralDailyBoosts: 3,
      });
      const input = guarded(t().config, presaleBody()) as PresaleRegistration;
      const answer = await leads.registerPresale(input, "203.0.113.77");
      // Two registrations that joined before it, stored after its answer (another server's, committed late).
      const stamp = Date.now();
      for (const n of [1, 2]) await addPresaleEntry(t().database.db, `early-${n}-${stamp}`, "2001-01-01T00:00:00.000Z");
      await run(stored[0], 1);
      expect(sent.map((m) => m.to)).toEqual([input.email]);
      const number = (n: number) => n.toLocaleString("en-US");
      expect(sent[0]?.text).toContain(
        `Your place in the queue is #${number(answer.queuePosition + 2)} of ${number(answer.totalAhead + 2)} registrations so far.`,
      );
      expect(sent[0]?.text).toContain(`${t().config.publicUrl}/presale?ref=${answer.referral.code}`);
      expect(sent[0]?.text).toMatch(/\/confirm\?token=[\w-]{43}/);
    });

    it("ranks presale registrations made in the same instant by id", async () => {
      const at = "2000-01-01T00:00:00.000Z";
      for (const id of ["tie-b", "tie-a"]) await addPresaleEntry(t().database.db, id, at);
      expect((await get("/presale/tie-a@example.com")).body.data.queuePosition).toBe(1);
      expect((await get("/presale/tie-b@example.com")).body.data.queuePosition).toBe(2);
    });

    it("keeps the list's length as entries are stored and erased, so a new entry's place is the full ranking's", async () => {
      const db = t().database.db;
      const stamp = Date.now();
      const now = () => new Date().toISOString();
      const first = await placeOfNewEntry(db, `len-a-${stamp}`, now());
      expect(first.told).toEqual({ queuePosition: first.total, totalAhead: first.total });
      expect(first.ranked).toEqual(first.told);
      expect(await lengthOfList(db)).toBe(first.total);
      // An entry that appears with a joining time long past (an import) is counted like any other.
      await addPresaleEntry(db, `len-old-${stamp}`, new Date(stamp - 3_600_000).toISOString());
      const second = await placeOfNewEntry(db, `len-b-${stamp}`, now());
      expect(second.told).toEqual({ queuePosition: first.total + 2, totalAhead: first.total + 2 });
      expect(second.ranked).toEqual(second.told);
      // Erased entries leave the length at once, one at a time or several in one statement.
      await db.deleteFrom("presale_registrations").where("id", "=", `len-old-${stamp}`).execute();
      await db
        .deleteFrom("presale_registrations")
        .where("id", "in", [`len-a-${stamp}`, `len-b-${stamp}`])
        .execute();
      expect(await lengthOfList(db)).toBe(first.total - 1);
      const third = await placeOfNewEntry(db, `len-c-${stamp}`, now());
      expect(third.told).toEqual({ queuePosition: first.total, totalAhead: first.total });
      expect(third.ranked).toEqual(third.told);
    });

    it("tells a new entry the entries that joined after it, in the same instant or later, as behind it", async () => {
      const db = t().database.db;
      // Joined a second from now: committed before the new entry takes its place (another server's clock, say).
      const at = new Date(Date.now() + 1_000).toISOString();
      await addPresaleEntry(db, `behind-z-${at}`, new Date(Date.parse(at) + 500).toISOString());
      await addPresaleEntry(db, `behind-b-${at}`, at);
      const told = await placeOfNewEntry(db, `behind-a-${at}`, at);
      expect(told.told).toEqual({ queuePosition: told.total - 2, totalAhead: told.total });
      expect(told.ranked).toEqual(told.told);
    });

    it("reads the places of registrations of one moment together, each as it would be read alone", async () => {
      const db = t().database.db;
      const at = new Date(Date.now() + 2_000).toISOString();
      const later = new Date(Date.parse(at) + 300).toISOString();
      // Two in the same instant (ties by id), one later, one long before.
      const entries = [
        { id: `moment-b-${at}`, created_at: at },
        { id: `moment-a-${at}`, created_at: at },
        { id: `moment-c-${at}`, created_at: later },
        { id: `moment-0-${at}`, created_at: new Date(Date.parse(at) - 3_600_000).toISOString() },
      ];
      for (const entry of entries) await addPresaleEntry(db, entry.id, entry.created_at);
      const repo = leadsRepository(db);
      const together = await repo.newPresaleQueues(entries, t().database.dialect);
      const alone = [];
      for (const entry of entries) alone.push(await repo.newPresaleQueue(entry));
      expect(together).toEqual(alone);
      const total = await countRows(db, "presale_registrations");
      expect(together.slice(0, 3).map((place) => place.queuePosition)).toEqual([total - 1, total - 2, total]);
      expect(new Set(together.map((place) => place.totalAhead))).toEqual(new Set([total]));
      for (const [i, entry] of entries.entries()) expect((await repo.presaleQueue({ id: entry.id })).queuePosition).toBe(together[i]?.queuePosition);
    });

    it("keeps the length exact through a burst of registrations and a refused one", async () => {
      const db = t().database.db;
      const before = await countRows(db, "presale_registrations");
      const bodies = Array.from({ length: 12 }, () => presaleBody());
      const answers = await Promise.all([...bodies, bodies[0]].map((body) => post("/presale", body)));
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(12).fill(201), 409]);
      // Every registration counts itself and every one committed before it: no place beyond the list.
      for (const a of answers.filter((a) => a.status === 201)) {
        expect(a.body.data.totalAhead).toBeGreaterThan(before);
        expect(a.body.data.totalAhead).toBeLessThanOrEqual(before + 12);
      }
      expect(await countRows(db, "presale_registrations")).toBe(before + 12);
      expect(await lengthOfList(db)).toBe(before + 12);
      // The full ranking gives the twelve, who joined together, twelve places in a row, each its own.
      const places = await Promise.all(bodies.map(async (b) => (await get(`/presale/${encodeURIComponent(b.email)}`)).body.data.queuePosition as number));
      const first = Math.min(...places);
      expect(places.sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => first + i));
    });

    it("counts the entries already stored when the length is first kept", async () => {
      const db = t().database.db as unknown as Kysely<unknown>;
      const migration = presaleLength({ dialect: t().database.dialect });
      await migration.down(db);
      await addPresaleEntry(t().database.db, `kept-${Date.now()}`, new Date().toISOString());
      await migration.up(db);
      expect(await lengthOfList(t().database.db)).toBe(await countRows(t().database.db, "presale_registrations"));
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
        expect(res.body).toEqual({ success: false, requestId: expect.any(String), message, errors: { [field]: message } });
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
  },
  { env: { RATE_LIMITS: "off" } },
);
