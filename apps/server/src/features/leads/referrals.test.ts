import { expect, it } from "vitest";
import { REFERRAL_MESSAGES } from "@vestin/shared/referrals";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, linkIn, openLatestConfirmation, outboxMessages } from "../../../test/helpers.ts";
import { presaleBody, uniqueEmail, waitlistBody } from "../../../test/lead-payloads.ts";

/*
 * Referrals: a person's own link, a referral counting only once the new entry's
 * address is confirmed, 10 places per referral and never above someone who joined earlier with
 * as many referrals, and the refusals (self-referral, one mailbox twice, disposable domains,
 * unknown codes, another list's code).
 */
describeEachDatabase("referrals", (t) => {
  const post = (path: string, body: Record<string, unknown>) => api(t().app, "POST", `/api/v1${path}`, body);
  const standing = async (list: string, code: string) => (await api(t().app, "GET", `/api/v1/referrals/${list}/${code}`)).body.data;
  const join = async (email: string, ref?: string) => {
    const res = await post("/presale", presaleBody({ email, ...(ref ? { attribution: { ref, source: "friend" } } : {}) }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { _id: string; queuePosition: number; referral: { code: string; link: string } };
  };
  /** Opens the confirmation link e-mailed to the address: what the person does. */
  const confirm = async (email: string) => expect(await openLatestConfirmation(t(), email)).toBe(200);
  const referredBy = async (email: string) =>
    (await t().database.db.selectFrom("presale_registrations").select("referred_by").where("email", "=", email).executeTakeFirstOrThrow()).referred_by;

  it("moves the referrer 10 places up once the friend confirms, and puts the link in the confirmation e-mail", async () => {
    const referrerEmail = uniqueEmail("referrer");
    const referrer = await join(referrerEmail);
    await t().app.jobs.idle();
    const welcome = outboxMessages(t().config.dataDir).find((m) => m.includes(`To: ${referrerEmail}`)) ?? "";
    expect(linkIn(welcome, `${t().config.publicUrl}/presale?ref=`)).toBe(referrer.referral.link);
    // Twelve people join after the referrer.
    for (let i = 0; i < 12; i++) await join(uniqueEmail("later"));
    const before = await standing("presale", referrer.referral.code);
    expect(before).toMatchObject({
      list: "presale",
      code: referrer.referral.code,
      link: referrer.referral.link,
      position: referrer.queuePosition,
      confirmedReferrals: 0,
      pendingReferrals: 0,
    });

    const friendEmail = uniqueEmail("friend");
    const friend = await join(friendEmail, referrer.referral.code.toUpperCase());
    expect(await referredBy(friendEmail)).toBe(referrer._id);
    // Joined, not confirmed: pending, no move.
    expect(await standing("presale", referrer.referral.code)).toMatchObject({ position: referrer.queuePosition, confirmedReferrals: 0, pendingReferrals: 1 });
    await confirm(friendEmail);
    const after = await standing("presale", referrer.referral.code);
    expect(after).toMatchObject({ confirmedReferrals: 1, pendingReferrals: 0 });
    const expected = Math.max(1, referrer.queuePosition - 10);
    expect(after.position).toBe(expected);
    // The spec's queue lookup agrees, and the friend (who joined last) is still behind.
    expect((await api(t().app, "GET", `/api/v1/presale/${encodeURIComponent(referrerEmail)}`)).body.data.queuePosition).toBe(expected);
    expect((await standing("presale", friend.referral.code)).position).toBeGreaterThan(after.position);
    // Confirming again (a second link) counts nothing more.
    await post("/presale", presaleBody({ email: friendEmail }));
    expect((await standing("presale", referrer.referral.code)).confirmedReferrals).toBe(1);
  });

  it("never moves a referrer above someone who joined earlier with as many referrals", async () => {
    const early = await join(uniqueEmail("early"));
    const late = await join(uniqueEmail("late"));
    for (const [who, n] of [
      [early, 1],
      [late, 1],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const email = uniqueEmail("pal");
        await join(email, who.referral.code);
        await confirm(email);
      }
    }
    const e = await standing("presale", early.referral.code);
    const l = await standing("presale", late.referral.code);
    expect(e.confirmedReferrals).toBe(1);
    expect(l.confirmedReferrals).toBe(1);
    // Each moved 10 places; the later one stays behind the earlier one with as many referrals.
    expect(l.position).toBeGreaterThan(e.position);
    // One more for the later one: now they pass.
    const extra = uniqueEmail("pal");
    await join(extra, late.referral.code);
    await confirm(extra);
    expect((await standing("presale", late.referral.code)).position).toBeLessThan((await standing("presale", early.referral.code)).position);
  });

  it("refuses self-referral, counts one mailbox once, and ignores disposable addresses and unknown codes", async () => {
    const owner = await join("maya.ito@gmail.com");
    // The owner's own mailbox under another spelling: stored without the referral.
    await join("mayaito+again@gmail.com", owner.referral.code);
    expect(await referredBy("mayaito+again@gmail.com")).toBeNull();
    // One friend's mailbox twice (+tags): counts once.
    await join("sam+one@example.org", owner.referral.code);
    await join("sam+two@example.org", owner.referral.code);
    await confirm("sam+one@example.org");
    await confirm("sam+two@example.org");
    // A disposable domain joins (the form guard is off in this suite) but never counts.
    await join(`temp.${Date.now()}@mailinator.com`, owner.referral.code);
    await confirm(
      (await t().database.db.selectFrom("presale_registrations").select("email").where("email", "like", "%@mailinator.com").executeTakeFirstOrThrow()).email,
    );
    expect(await standing("presale", owner.referral.code)).toMatchObject({ confirmedReferrals: 1, pendingReferrals: 2 });

    // Unknown, malformed and over-long codes: the registration succeeds, with no referrer.
    for (const ref of ["aaaaaaaaaa", "not a code!", "x".repeat(300)]) {
      const email = uniqueEmail("stray");
      await join(email, ref);
      expect(await referredBy(email)).toBeNull();
    }
    // A presale code on the testnet waitlist is not a waitlist code.
    const res = await post("/testnet-signup", waitlistBody({ attribution: { ref: owner.referral.code } }));
    expect(res.status).toBe(201);
    expect(
      (await t().database.db.selectFrom("testnet_signups").select("referred_by").where("id", "=", res.body.data._id).executeTakeFirstOrThrow()).referred_by,
    ).toBeNull();
  });

  it("works on the testnet waitlist too, and answers 404 and 400 for bad lookups", async () => {
    const first = await post("/testnet-signup", waitlistBody());
    const code = first.body.data.referral.code as string;
    expect(first.body.data.referral.link).toBe(`http://localhost:3000/v4?ref=${code}`);
    const friendEmail = uniqueEmail("tester");
    expect((await post("/testnet-signup", waitlistBody({ email: friendEmail, attribution: { ref: code } }))).status).toBe(201);
    await confirm(friendEmail);
    expect(await standing("testnet", code)).toMatchObject({ list: "testnet", confirmedReferrals: 1, pendingReferrals: 0 });

    const unknown = await api(t().app, "GET", "/api/v1/referrals/presale/aaaaaaaaaa");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, requestId: expect.any(String), message: REFERRAL_MESSAGES.notFound });
    expect((await api(t().app, "GET", "/api/v1/referrals/presale/..%2F..")).status).toBe(404);
    expect((await api(t().app, "GET", "/api/v1/referrals/airdrop/aaaaaaaaaa")).status).toBe(400);
    expect((await api(t().app, "GET", `/api/v1/referrals/presale/${"a".repeat(65)}`)).status).toBe(400);
  });
});
