import { LEAD_MESSAGES, type PresaleQueue, type PresaleRegistration, type WaitlistSignup } from "@vestin/shared/leads";
import { REFERRAL_MESSAGES, type ReferralLink } from "@vestin/shared/referrals";
import { conflict, isUniqueViolation, notFound } from "../../lib/errors.ts";
import { coalesced } from "../../lib/coalesced.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { attributionColumns } from "../attribution/index.ts";
import type { LeadsContext } from "./context.ts";
import { FORM_LIMITS, LOOKUP_LIMIT } from "./limits.ts";
import { presaleConfirmationEmail, waitlistConfirmationEmail } from "./mail.ts";
import { networkPrefix } from "./networks.ts";
import { referralStatus, type ReferralList } from "./referrals.ts";
import { leadsRepository } from "./repository.ts";

/** What a presale registration's confirmation e-mail is written from when it is sent. */
type PresaleMail = { id: string; createdAt: string; fullName: string; referralLink: string };

/** The composer of a presale registration's confirmation e-mail. */
const PRESALE_MAIL = "presale-confirmation";

/** The two queues, the presale whitelist and the testnet waitlist: joining, a place in line, and referrals. */
export function queues({ database, limiter, formGuard, wallet, repo, store, confirmations, referralLink, referralDailyBoosts }: LeadsContext) {
  // A presale registration's e-mail tells the registration's place as it stands when the e-mail is
  // written: read then, so that the registration's transaction reads nothing (and is one statement).
  confirmations.composeLater(PRESALE_MAIL, async (email, data, link) => {
    const { id, createdAt, fullName, referralLink } = data as PresaleMail;
    const queue = await repo.newPresaleQueue({ id, created_at: createdAt });
    return presaleConfirmationEmail(email, fullName, queue, link, referralLink, referralDailyBoosts);
  });

  /** The places of registrations just committed, read together with those of the same moment. */
  const placeOfNew = coalesced((entries: { id: string; created_at: string }[]) => repo.newPresaleQueues(entries, database.dialect));

  async function presaleConflict(email: string, walletAddress: string): Promise<Error | undefined> {
    const holders = await repo.presaleHolders(email, walletAddress);
    if (holders.some((h) => h.email === email)) return conflict(LEAD_MESSAGES.presaleEmailTaken, { email: LEAD_MESSAGES.presaleEmailTaken });
    if (holders.length) return conflict(LEAD_MESSAGES.presaleWalletTaken, { walletAddress: LEAD_MESSAGES.presaleWalletTaken });
    return undefined;
  }

  return {
    async registerPresale(input: PresaleRegistration, clientIp: string): Promise<{ _id: string; referral: ReferralLink } & PresaleQueue> {
      await limiter.consume(FORM_LIMITS.presale, clientIp);
      const ticket = await formGuard.check("presale", input, clientIp, { email: input.email });
      const proof = input.walletProof ? await wallet.verify(input.walletProof, { purpose: "presale", address: input.walletAddress }) : undefined;
      // A taken e-mail or wallet is refused by the table's unique indexes in the insert; the
      // transaction rolls back (the form token and the wallet proof stay unspent) and the catch
      // below answers which of the two was taken.
      const now = nowIso();
      const row = {
        id: newId(),
        full_name: input.fullName,
        email: input.email,
        wallet_address: input.walletAddress,
        investment_range: input.investmentRange,
        crypto_experience: input.cryptoExperience,
        reference: input.reference,
        additional_info: input.additionalInfo,
        ...attributionColumns(input.attribution),
        status: "new" as const,
        note: null,
        verified_at: null,
        wallet_verified_at: proof?.verifiedAt ?? null,
        created_at: now,
        updated_at: now,
      };
      let code: string | undefined;
      try {
        code = await store(
          ticket,
          {
            event: "presale.registered",
            id: row.id,
            at: now,
            queue: { list: "presale", email: input.email, ref: input.attribution?.ref, network: networkPrefix(clientIp) },
          },
          (db, referral) => leadsRepository(db).insertPresale({ ...row, ...referral }),
          proof,
          (trx, stored) => {
            const mail: PresaleMail = { id: row.id, createdAt: row.created_at, fullName: input.fullName, referralLink: referralLink("presale", stored).link };
            return confirmations.requestFor(trx, input.email, { compose: PRESALE_MAIL, data: mail });
          },
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw (await presaleConflict(input.email, input.walletAddress)) ?? conflict(LEAD_MESSAGES.presaleEmailTaken);
        throw err;
      }
      // The place once the registration is committed: read after its transaction, which therefore
      // reads nothing and is committed with the others of its moment, and read with theirs. Entries
      // that joined earlier and committed since are ahead of it, as they will be in the queue.
      const place = await placeOfNew(row);
      const referral = referralLink("presale", code);
      return { _id: row.id, ...place, referral };
    },

    /** Where the entry with this referral code stands, and its referrals (the success pages). */
    async referralStanding(list: ReferralList, code: string, clientIp: string) {
      await limiter.consume(LOOKUP_LIMIT, clientIp);
      const status = await referralStatus(database.db, list, code.trim().toLowerCase(), referralDailyBoosts);
      if (!status) throw notFound(REFERRAL_MESSAGES.notFound);
      return { ...status, link: referralLink(list, status.code).link };
    },

    async presaleQueue(email: string, clientIp: string): Promise<PresaleQueue> {
      await limiter.consume(LOOKUP_LIMIT, clientIp);
      const entry = await repo.presaleByEmail(email);
      if (!entry) throw notFound(LEAD_MESSAGES.presaleNotFound);
      return repo.presaleQueue(entry);
    },

    async joinWaitlist(input: WaitlistSignup, clientIp: string): Promise<{ _id: string; referral: ReferralLink }> {
      await limiter.consume(FORM_LIMITS.waitlist, clientIp);
      const ticket = await formGuard.check("waitlist", input, clientIp, { email: input.email });
      const taken = () => conflict(LEAD_MESSAGES.waitlistEmailTaken, { email: LEAD_MESSAGES.waitlistEmailTaken });
      // An address already on the list is refused by the table's unique index, in the insert
      // (the transaction rolls back, the form token stays unspent): no read before it.
      const now = nowIso();
      const id = newId();
      let code: string | undefined;
      try {
        code = await store(
          ticket,
          {
            event: "waitlist.joined",
            id,
            at: now,
            queue: { list: "testnet", email: input.email, ref: input.attribution?.ref, network: networkPrefix(clientIp) },
          },
          (db, referral) =>
            leadsRepository(db).insertWaitlistSignup({
              ...referral,
              id,
              username: input.username,
              email: input.email,
              twitter_handle: input.twitterHandle ?? null,
              telegram_handle: input.telegramHandle ?? null,
              ...attributionColumns(input.attribution),
              status: "new",
              note: null,
              verified_at: null,
              created_at: now,
              updated_at: now,
            }),
          undefined,
          (trx, stored) =>
            confirmations.requestFor(trx, input.email, (confirm) =>
              waitlistConfirmationEmail(input.email, input.username, confirm, referralLink("testnet", stored).link, referralDailyBoosts),
            ),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw taken();
        throw err;
      }
      const referral = referralLink("testnet", code);
      return { _id: id, referral };
    },
  };
}
