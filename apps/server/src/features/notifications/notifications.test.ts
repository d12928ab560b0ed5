import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api } from "../../../test/helpers.ts";
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from "../../../test/smtp-peer.ts";
import { contactBody, freshClaimUsername, partnerBody, presaleBody, uniqueEmail, waitlistBody } from "../../../test/lead-payloads.ts";
import { injectPost, signedClaimBody } from "../../../test/wallet.ts";

/*
 * Team notifications through a real SMTP server, every message parsed by mailparser:
 * who gets which form's leads (NOTIFY_EMAILS), what the message says and links to, the hourly
 * digest of presale and waitlist sign-ups (the interval shortened to 2 s here), and that a
 * refused submission tells nobody.
 */

let smtp: SmtpPeer | undefined;

beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp?.close();
});

const SALES = "sales@vestin.test";
const BD = "bd@vestin.test";
const OPS = "ops@vestin.test";
const DIGEST_SECONDS = 2;

describeEachDatabase(
  "team notifications",
  (t) => {
    const post = (path: string, body: Record<string, unknown>) => api(t().app, "POST", `/api/v1${path}`, body);
    /** Every message the SMTP peer has received so far (it starts before the app). */
    const received = (): ReceivedMail[] => smtp?.inbox ?? [];
    const to = (address: string) => received().filter((m) => m.to.includes(address));
    const settle = async () => {
      await t().app.jobs.idle(20_000);
      // A digest's e-mails are jobs the digest job stores: wait for those too.
      await t().app.jobs.idle(20_000);
    };
    /** Presale registrations and waitlist sign-ups not yet told of in a digest. */
    const untold = async () => {
      const count = async (table: "presale_registrations" | "testnet_signups") =>
        Number(
          (
            await t()
              .database.db.selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("notified_at", "is", null)
              .executeTakeFirstOrThrow()
          ).n,
        );
      return (await count("presale_registrations")) + (await count("testnet_signups"));
    };
    /** Waits until every stored sign-up has gone out in a digest (the interval is 2 s) and its e-mails are sent. */
    const digestsOut = async () => {
      await expect.poll(untold, { timeout: 20_000, interval: 100 }).toBe(0);
      await settle();
    };

    it("e-mails each contact enquiry to the contact list, with the inbox link and no contact details", async () => {
      const before = { sales: to(SALES).length, bd: to(BD).length };
      const body = {
        ...contactBody({
          firstName: "Marta",
          lastName: "Okafor",
          country: "NG",
          businessType: "asset-manager",
          interestedIn: "tokenization",
          comments: "We hold 40 apartments in Lagos.",
        }),
      };
      const res = await post("/contacts", body);
      expect(res.status).toBe(201);
      await settle();
      const mails = to(SALES).slice(before.sales);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.to).toEqual([SALES]);
      expect(mail.subject).toBe("New contact enquiry: Marta Okafor");
      expect(mail.text).toContain("Country: Nigeria");
      expect(mail.text).toContain("Interested in: Tokenization or Fractionalization of Assets");
      expect(mail.text).toContain("Message: We hold 40 apartments in Lagos.");
      const link = `http://localhost:3000/admin/leads?type=enquiries&lead=${res.body.data._id}`;
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(link.replace(/&/g, "&amp;"));
      expect(mail.html).toContain("Marta Okafor");
      // The person's address stays in the inbox.
      expect(mail.text).not.toContain(body.email);
      expect(mail.html).not.toContain(body.email);
      // Both people on the contact list, and nobody else.
      expect(to(OPS).filter((m) => m.text.includes(link))).toHaveLength(1);
      expect(to(BD).length).toBe(before.bd);
    });

    it("e-mails partnership applications to their own list and airdrop claims to theirs", async () => {
      const beforeBd = to(BD).length;
      const partner = await post("/partners", partnerBody({ organizationName: "Harbour Lane Capital" }));
      expect(partner.status).toBe(201);
      const claim = await injectPost(t().app)(
        "/api/v1/pioneer-users",
        await signedClaimBody(injectPost(t().app), { email: uniqueEmail("claim"), zealyUsername: freshClaimUsername() }),
      );
      expect(claim.status).toBe(201);
      await settle();
      const bd = to(BD).slice(beforeBd);
      expect(bd.map((m) => m.subject)).toEqual(["New partnership application: Harbour Lane Capital"]);
      expect(bd[0]!.text).toContain(`type=partnerships&lead=${partner.body.data._id}`);
      const claimMail = to(OPS).find((m) => m.subject.startsWith("New airdrop claim: pioneer-"));
      expect(claimMail?.text).toContain("Claim: waiting for your review");
      expect(claimMail?.text).toContain("type=airdrop-claims&lead=");
    });

    it("tells nobody of a refused submission", async () => {
      const team = () => received().filter((m) => [SALES, BD, OPS].some((a) => m.to.includes(a))).length;
      await digestsOut();
      const before = team();
      const email = uniqueEmail("dup");
      expect((await post("/testnet-signup", waitlistBody({ email }))).status).toBe(201);
      await digestsOut();
      const afterFirst = team();
      // The stored sign-up made one digest, to the waitlist's list.
      expect(afterFirst - before).toBe(1);
      expect((await post("/testnet-signup", waitlistBody({ email }))).status).toBe(409);
      expect((await post("/contacts", { firstName: "" })).status).toBe(400);
      // Anything a submission causes is a job stored with it: with the queue idle, the refusals caused nothing.
      await settle();
      expect(team()).toBe(afterFirst);
    });

    it("sends presale registrations in digests, at most one per interval, each registration in exactly one", async () => {
      const digests = () => to(OPS).filter((m) => m.subject.startsWith("Presale whitelist:"));
      // Any digest of earlier tests goes out first.
      await digestsOut();
      const before = digests().length;
      const names = ["Ines Duarte", "Tomasz Nowak", "Aiko Tanaka", "Yusuf Demir"];
      const ids: string[] = [];
      const firstPostAt = Date.now();
      for (const fullName of names) {
        const res = await post("/presale", presaleBody({ fullName }));
        expect(res.status).toBe(201);
        ids.push(res.body.data._id);
      }
      // The first registration's digest goes out once due; the rest wait for the interval.
      await digestsOut();
      const sent = digests().slice(before);
      // At most one per interval. The e-mails' times are when the mail job ran, which a loaded
      // machine delays unevenly, so the count is bounded by the intervals the wave spanned: on a
      // quick machine that is one or two digests for the four registrations.
      expect(sent.length).toBeGreaterThanOrEqual(1);
      const spanned = Math.max(0, sent.at(-1)!.at - firstPostAt);
      expect(sent.length).toBeLessThanOrEqual(1 + Math.ceil(spanned / (DIGEST_SECONDS * 1000)));
      // Every registration is named, with its inbox link, in exactly one digest.
      for (const [i, name] of names.entries()) {
        expect(
          sent.filter((m) => m.text.includes(`- ${name}, `)),
          name,
        ).toHaveLength(1);
        expect(sent.some((m) => m.text.includes(`type=presale&lead=${ids[i]}`))).toBe(true);
      }
      const total = Number(
        (
          await t()
            .database.db.selectFrom("presale_registrations")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(sent.at(-1)!.subject).toMatch(new RegExp(`^Presale whitelist: \\d+ new registrations? \\(${total.toLocaleString("en-US")} in all\\)$`));
      expect(sent.at(-1)!.text).toContain("Open the list in the inbox: http://localhost:3000/admin/leads?type=presale");
      // Digests tell of the person by name only.
      expect(sent.map((m) => m.text).join("\n")).not.toMatch(/@example\.com|0x[0-9a-f]{40}/i);
      // Nothing is left untold, and the next digest cannot go out before the interval.
      const untold = await t().database.db.selectFrom("presale_registrations").select("id").where("notified_at", "is", null).execute();
      expect(untold).toEqual([]);
      const last = await t()
        .database.db.selectFrom("notification_digests")
        .selectAll()
        .where("event_type", "=", "presale.registered")
        .executeTakeFirstOrThrow();
      expect(Date.now() - Date.parse(last.last_sent_at)).toBeLessThan(10_000);
    });
  },
  {
    env: () => ({
      SMTP_URL: `smtp://127.0.0.1:${smtp?.port ?? 0}`,
      NOTIFY_EMAILS: `contact=${SALES},${OPS}; partnership=${BD}; claim=${OPS}; presale=${OPS}; waitlist=${OPS}`,
      NOTIFY_DIGEST_SECONDS: String(DIGEST_SECONDS),
    }),
  },
);
