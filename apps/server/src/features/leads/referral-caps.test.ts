import { beforeAll, expect, it } from "vitest";
import { PUBLIC_MAIL_DOMAINS } from "@vestin/shared/referral-clusters";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, openLatestConfirmation, outboxMessages, signedInUser } from "../../../test/helpers.ts";
import { presaleBody, uniqueEmail, waitlistBody } from "../../../test/lead-payloads.ts";

/*
 * The daily cap on referral boosts (here REFERRAL_DAILY_BOOSTS=2: at most two referrals move one
 * referrer up in any 24 hours; later ones count without moving), the network prefix kept for a
 * referred sign-up (never the address), and the console's referral clusters (admins only).
 */
describeEachDatabase(
  "referral caps and clusters",
  (t) => {
    let admin = "";
    let member = "";
    beforeAll(async () => {
      admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
      member = (await signedInUser(t().app, t().database.db)).token;
    });

    /** A form posted from an address (the server trusts X-Forwarded-For from loopback, as behind its proxy). */
    const postFrom = async (address: string, path: string, body: Record<string, unknown>) => {
      const res = await t().app.inject({
        method: "POST",
        url: `/api/v1${path}`,
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        payload: JSON.stringify(body),
      });
      return { status: res.statusCode, body: res.json() };
    };
    const join = async (email: string, ref?: string, address = "198.51.100.20") => {
      const res = await postFrom(address, "/presale", presaleBody({ email, ...(ref ? { attribution: { ref, source: "friend" } } : {}) }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as { _id: string; queuePosition: number; referral: { code: string } };
    };
    const confirm = async (email: string) => expect(await openLatestConfirmation(t(), email)).toBe(200);
    const standing = async (code: string) => (await api(t().app, "GET", `/api/v1/referrals/presale/${code}`)).body.data;
    const row = (email: string) => t().database.db.selectFrom("presale_registrations").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    const clusters = (query: string, token = admin) => api(t().app, "GET", `/api/v1/admin/referrals/clusters${query}`, undefined, token);

    let referrer: { _id: string; queuePosition: number; referral: { code: string } };
    let referrerEmail = "";
    const farm = `farm-${Date.now()}.example.net`;

    it("moves a referrer up for at most 2 referrals in any 24 hours; later ones count as referrals without moving", async () => {
      // Thirty-one people join first, so the referrer has places to gain.
      for (let i = 0; i < 31; i++) {
        await join(uniqueEmail("queue"));
        if (i % 8 === 7) await t().app.jobs.idle();
      }
      referrerEmail = uniqueEmail("farmer");
      referrer = await join(referrerEmail);
      await t().app.jobs.idle();
      // The confirmation e-mail states the limit next to the rule.
      const welcome = outboxMessages(t().config.dataDir).find((m) => m.includes(`To: ${referrerEmail}`)) ?? "";
      expect(welcome.replace(/=\r?\n/g, "").replace(/\s+/g, " ")).toContain(
        "Up to 2 referrals in any 24 hours move you up; more still count as referrals, without moving you.",
      );
      const friends = Array.from({ length: 4 }, (_, i) => `friend${i}.${Date.now()}@${farm}`);
      for (const [i, email] of friends.entries()) await join(email, referrer.referral.code, `203.0.113.${10 + i}`);
      for (const email of friends) await confirm(email);

      const after = await standing(referrer.referral.code);
      expect(after).toMatchObject({ confirmedReferrals: 4, boostedReferrals: 2, dailyBoosts: 2, pendingReferrals: 0 });
      expect(after.position).toBe(referrer.queuePosition - 20);
      const marks = await Promise.all(friends.map(async (email) => (await row(email)).referral_boosted));
      expect(marks).toEqual([1, 1, 0, 0]);
      expect((await row(referrerEmail)).referral_boost).toBe(2);

      // A day later the window has room again: the next referral moves them; the held-back ones never do.
      const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
      await t().database.db.updateTable("presale_registrations").set({ referral_counted_at: dayAgo }).where("referred_by", "=", referrer._id).execute();
      const late = `friend-late.${Date.now()}@${farm}`;
      await join(late, referrer.referral.code, "203.0.113.99");
      await confirm(late);
      expect(await standing(referrer.referral.code)).toMatchObject({ confirmedReferrals: 5, boostedReferrals: 3, position: referrer.queuePosition - 30 });
    });

    it("keeps the network a referred sign-up came from (IPv4 /24, IPv6 /48), never its address, and nothing for others", async () => {
      const referred = await t()
        .database.db.selectFrom("presale_registrations")
        .selectAll()
        .where("referred_by", "=", referrer._id)
        .orderBy("created_at")
        .executeTakeFirstOrThrow();
      expect(referred.signup_network).toBe("203.0.113.0/24");
      expect(JSON.stringify(referred)).not.toContain("203.0.113.10");
      const v6Email = uniqueEmail("six");
      await join(v6Email, referrer.referral.code, "2001:db8:abcd:12::1");
      expect((await row(v6Email)).signup_network).toBe("2001:db8:abcd::/48");
      // Not referred: no network kept.
      expect((await row(referrerEmail)).signup_network).toBeNull();
    });

    it("shows an admin the referrer's clusters by domain and network, never public mail providers as a domain", async () => {
      // Three friends at gmail.com from three networks: neither a domain nor a network cluster.
      for (let i = 0; i < 3; i++) await join(`pal${i}.${Date.now()}@gmail.com`, referrer.referral.code, `100.${20 + i}.7.1`);
      const res = await clusters("?list=presale&min=3");
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data).toMatchObject({ list: "presale", days: 30, min: 3, dailyBoosts: 2 });
      expect(data.ignoredDomains).toEqual([...PUBLIC_MAIL_DOMAINS]);
      const mine = (data.clusters as Array<Record<string, unknown> & { referrer: { _id: string } }>).filter((c) => c.referrer._id === referrer._id);
      expect(mine).toEqual([
        {
          kind: "network",
          value: "203.0.113.0/24",
          referrer: { _id: referrer._id, email: referrerEmail, name: expect.any(String), referralCode: referrer.referral.code, boostedReferrals: 3 },
          referrals: 5,
          confirmed: 5,
          boosted: 3,
          firstAt: expect.any(String),
          lastAt: expect.any(String),
        },
        expect.objectContaining({ kind: "domain", value: farm, referrals: 5, confirmed: 5, boosted: 3 }),
      ]);
      expect(mine.some((c) => c.value === "gmail.com")).toBe(false);
      // A higher bar leaves them out; a wider one keeps them.
      expect((await clusters("?list=presale&min=6")).body.data.clusters.filter((c: { referrer: { _id: string } }) => c.referrer._id === referrer._id)).toEqual(
        [],
      );
      // The waitlist has its own referrals.
      const waitlist = await clusters("?list=testnet");
      expect(waitlist.status).toBe(200);
      expect(waitlist.body.data.clusters.filter((c: { referrer: { _id: string } }) => c.referrer._id === referrer._id)).toEqual([]);
    });

    it("groups waitlist referrals too", async () => {
      const host = await postFrom("198.51.100.5", "/testnet-signup", waitlistBody());
      expect(host.status).toBe(201);
      const code = host.body.data.referral.code as string;
      for (let i = 0; i < 3; i++) {
        const res = await postFrom(
          `198.51.100.${40 + i}`,
          "/testnet-signup",
          waitlistBody({ email: `w${i}.${Date.now()}@${farm}`, attribution: { ref: code } }),
        );
        expect(res.status).toBe(201);
      }
      const found = (await clusters("?list=testnet")).body.data.clusters as Array<{ kind: string; value: string; referrals: number; confirmed: number }>;
      expect(found).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: "domain", value: farm, referrals: 3, confirmed: 0 }),
          expect.objectContaining({ kind: "network", value: "198.51.100.0/24", referrals: 3 }),
        ]),
      );
    });

    it("answers only admins (401 without a session, 403 for a member) and refuses bad filters with a 400", async () => {
      expect((await clusters("", "")).status).toBe(401);
      const denied = await clusters("", member);
      expect(denied.status).toBe(403);
      expect(JSON.stringify(denied.body)).not.toContain(farm);
      for (const query of ["?list=other", "?days=0", "?days=366", "?days=abc", "?min=1", "?min=101"]) {
        const res = await clusters(query);
        expect(res.status, query).toBe(400);
        expect(res.body.success).toBe(false);
      }
    });
  },
  { env: { RATE_LIMITS: "off", REFERRAL_DAILY_BOOSTS: "2" } },
);
