import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import { confirmBodySchema, confirmResultSchema, CONFIRMATION, CONFIRM_MESSAGES } from "@vestin/shared/form-guard";
import {
  contactSchema,
  leadCreatedSchema,
  partnerSchema,
  airdropClaimSchema,
  airdropClaimSearchSchema,
  airdropClaimRecordSchema,
  presaleCreatedSchema,
  presaleSchema,
  queueSchema,
  waitlistCreatedSchema,
  waitlistSchema,
  LEAD_MESSAGES,
} from "@vestin/shared/leads";
import { REFERRAL_PLACES, referralParamsSchema, referralStatusSchema } from "@vestin/shared/referrals";
import { eligibilityQuerySchema, WALLET_MESSAGES } from "@vestin/shared/wallet";
import { eligibilityResponse } from "./airdrop-claims.ts";
import { CONFIRM_RESEND_LIMIT } from "./limits.ts";

const failures = { 400: errorEnvelopeSchema, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema, 429: errorEnvelopeSchema, 503: errorEnvelopeSchema };
const created = successEnvelope(leadCreatedSchema);
const messageOnly = z.object({ success: z.literal(true), message: z.string() });
const RATE = "30 per hour per address for this form (429 with Retry-After after that).";
const STORED = "The submission is committed to the database before the 201 is sent.";
const GUARD =
  "Bot checks (unless FORM_GUARD=off): formToken from GET /form-token (400 when sent sooner than 3 s or later than 24 h after it was issued, or a second time), " +
  "the hidden website field must stay empty (400), and challengeToken when a challenge provider is configured (400; 503 when the provider does not answer). Nothing is stored on a refusal.";
const DISPOSABLE = "Addresses at disposable e-mail domains are refused (400 on email).";
const CONFIRMS = `E-mails a single-use confirmation link (/confirm?token=…, valid ${CONFIRMATION.linkValidDays} days; at most one e-mail per address per hour); the lead stays unverified until it is opened.`;

/** Lead capture (contract "Lead capture"): public forms and the two lookups by e-mail. */
export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { leads, publicCache } = app;

  app.post(
    "/contacts",
    {
      schema: {
        tags: ["leads"],
        summary: "Send a contact enquiry",
        description:
          `Required: firstName, lastName, email, confirmEmail (must match email, case-insensitively), and businessTypeOther when businessType is other. ` +
          `country is an ISO 3166-1 alpha-2 code; businessType, interestedIn and plannedAssets take the listed values; comments at most 500 characters. ` +
          `Fields the form would not show for the chosen answers are dropped. ${STORED} ${RATE} ${GUARD}`,
        body: contactSchema,
        response: { 201: created, ...failures },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ success: true, data: await leads.submitContact(request.body, request.ip), message: LEAD_MESSAGES.contactSuccess }),
  );

  app.post(
    "/partners",
    {
      schema: {
        tags: ["leads"],
        summary: "Apply to the partnership program",
        description:
          `partnershipTypes carries the display labels (Strategic Partner, Technology Partner, Marketing Partner, Other); otherPartnershipType is required with Other. ` +
          `firstName and lastName are derived from primaryContactName (first word, then the rest). websiteUrl and socialProfile are http(s) URLs; ` +
          `emailOrTelegram is an e-mail or a Telegram handle (@ and 5-32 letters, digits, underscores). ${STORED} ${RATE} ${GUARD}`,
        body: partnerSchema,
        response: { 201: created, ...failures },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ success: true, data: await leads.submitPartner(request.body, request.ip), message: LEAD_MESSAGES.partnershipSuccess }),
  );

  app.post(
    "/presale",
    {
      schema: {
        tags: ["leads"],
        summary: "Join the presale whitelist",
        description:
          `Answers with the queue position (1-based: order of registration, each confirmed referral moving its referrer ${REFERRAL_PLACES} places up, ` +
          `never above anyone who registered earlier with at least as many), totalAhead (the size of the whole queue) and the person's own referral link. ` +
          `attribution.ref may carry another registration's referral code; an unknown code, or one's own, is ignored. ` +
          `A mixed-case walletAddress must pass its EIP-55 checksum; addresses are stored lower-cased and compared case-insensitively, as are e-mails. ` +
          `${CONFIRMS} ${STORED} ${RATE} ${GUARD} ${DISPOSABLE}`,
        body: presaleSchema,
        response: { 201: successEnvelope(presaleCreatedSchema), 409: errorEnvelopeSchema, ...failures },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ success: true, data: await leads.registerPresale(request.body, request.ip), message: LEAD_MESSAGES.presaleSuccessBanner }),
  );

  app.get(
    "/presale/:email",
    {
      schema: {
        tags: ["leads"],
        summary: "Queue position of a registered e-mail (no personal data)",
        description: "120 lookups per hour per address.",
        params: z.object({ email: airdropClaimSearchSchema.shape.search }),
        response: { 200: successEnvelope(queueSchema), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return { success: true as const, data: await leads.presaleQueue(request.params.email, request.ip) };
    },
  );

  app.get(
    "/referrals/:list/:code",
    {
      schema: {
        tags: ["leads"],
        summary: "Where the holder of a referral code stands: queue place and referrals (no personal data)",
        description:
          `For the success pages of the presale whitelist and the testnet waitlist. Each referral that joined through the link and confirmed its e-mail ` +
          `moves the holder ${REFERRAL_PLACES} places up; pendingReferrals have not confirmed yet. 120 lookups per hour per address.`,
        params: referralParamsSchema,
        response: { 200: successEnvelope(referralStatusSchema), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return { success: true as const, data: await leads.referralStanding(request.params.list, request.params.code, request.ip) };
    },
  );

  app.post(
    "/testnet-signup",
    {
      schema: {
        tags: ["leads"],
        summary: "Join the testnet waitlist",
        description: `Handles are optional; when present their whole text, @ included, is 1-50 letters, digits, _, @, . or -. Answers the person's own referral link (attribution.ref: another sign-up's code; see POST /presale). ${CONFIRMS} ${STORED} ${RATE} ${GUARD} ${DISPOSABLE}`,
        body: waitlistSchema,
        response: { 201: successEnvelope(waitlistCreatedSchema), 409: errorEnvelopeSchema, ...failures },
      },
    },
    async (request, reply) => reply.status(201).send({ success: true, data: await leads.joinWaitlist(request.body, request.ip) }),
  );

  app.post(
    "/pioneer-users",
    {
      schema: {
        tags: ["leads"],
        summary: "Claim the community sprint airdrop, signed by the wallet",
        description:
          "walletProof is required: { message, signature }, the wallet's signature of a message from POST /wallet/challenge (purpose airdrop-claim, this username, this wallet); " +
          `400 "${WALLET_MESSAGES.proofRequired}" without it, and 400 on walletAddress for a signature that is invalid, expired, already used, made for another site, chain, purpose, username or wallet. ` +
          "The Zealy username must be on the active sprint's imported leaderboard (404 otherwise). When the leaderboard lists a wallet for the username, only that wallet can claim " +
          `(403 "${WALLET_MESSAGES.notLinkedWallet}") and the claim is granted; when it lists none, the signed claim is stored with claimStatus pending_review for the team to approve or reject. ` +
          "A username or wallet holds one live claim per sprint (409, naming the claiming wallet masked); a rejected claim frees both. 409 while the sprint's allow-list is frozen. " +
          "The form token, the signature's nonce and the claim are stored in one transaction: a refused claim spends neither. " +
          "xpEarned comes from the leaderboard; poolShare = xpEarned / the sprint's combined XP, shown in whole hundredths of a percent (rounded down); " +
          "vstnRewardUnits is the reward in base units (18 decimals, a decimal string): the pool × xpEarned / combined XP exactly, rounded down, with the base units " +
          "that rounding leaves handed out one each by largest remainder (equal remainders: more XP first, then the lower-cased username in code-point order), " +
          "so the rewards of a leaderboard add up to its pool exactly; vstnRewards is the same amount in tokens as a number, for display. " +
          "verificationDate = now; distributionDate = +720 hours. " +
          `Reward fields sent by the client are ignored. ${CONFIRMS} ${STORED} ${RATE} ${GUARD} ${DISPOSABLE}`,
        body: airdropClaimSchema,
        response: { 201: successEnvelope(airdropClaimRecordSchema), 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { user, message } = await leads.claimAirdrop(request.body, request.ip);
      return reply.status(201).send({ success: true, data: user, message });
    },
  );

  app.get(
    "/pioneer-users",
    {
      schema: {
        tags: ["leads"],
        summary: "Airdrop claims made with an e-mail (exact match), wallet and Telegram account masked",
        description: "An empty list when there are none. 120 lookups per hour per address.",
        querystring: airdropClaimSearchSchema,
        response: { 200: successEnvelope(z.array(airdropClaimRecordSchema)), 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return { success: true as const, data: await leads.findAirdropClaims(request.query.search, request.ip) };
    },
  );

  app.get(
    "/airdrop/eligibility",
    {
      schema: {
        tags: ["leads"],
        summary: "Is a Zealy username or a wallet on the active sprint's leaderboard, and has it claimed?",
        description:
          "Give username or wallet (one of them). Answers eligible, the sprint, rank, XP, reward and share, whether the leaderboard links a wallet to the account " +
          "(a claim must then be signed by it), and the claim state (unclaimed, claimed, pending_review). No e-mail, Telegram account or wallet is answered. " +
          "Not on the leaderboard is eligible: false (200). Answers are cached for 10 s like other public answers; 120 lookups per hour per address.",
        querystring: eligibilityQuerySchema,
        response: { 200: eligibilityResponse, 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => publicCache.send(request, reply, await leads.eligibility(request.query, request.ip), { early: false }),
  );

  app.post(
    "/confirm",
    {
      schema: {
        tags: ["leads"],
        summary: "Open an e-mailed confirmation link: the address's unverified presale, waitlist and claim leads become verified",
        description:
          `The token of /confirm?token=…; it works once. confirmed lists the kinds of lead this made verified (empty when there were none left). ` +
          `400 "${CONFIRM_MESSAGES.invalid}" or "${CONFIRM_MESSAGES.expired}"; 409 "${CONFIRM_MESSAGES.used}". A refused link changes nothing. 60 per hour per address.`,
        body: confirmBodySchema,
        response: { 200: successEnvelope(confirmResultSchema), 400: errorEnvelopeSchema, 409: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return { success: true as const, data: await leads.confirmEmail(request.body.token, request.ip), message: CONFIRM_MESSAGES.confirmed };
    },
  );

  app.post(
    "/confirm/resend",
    {
      schema: {
        tags: ["leads"],
        summary: "E-mail a new confirmation link in place of an expired one",
        description:
          `The token of an expired /confirm?token=… link. When that link is expired and unused and its address still has unverified presale, waitlist or claim leads, ` +
          `a new link is e-mailed to the address (valid ${CONFIRMATION.linkValidDays} days; at most one confirmation e-mail per address per hour, shared with the forms). ` +
          `The answer is the same 200 "${CONFIRM_MESSAGES.resent}" whether or not an e-mail went out, including for an unknown, used or still valid token; ` +
          `a missing, empty or over-long token is a 400. ${CONFIRM_RESEND_LIMIT.max} per hour per address.`,
        body: confirmBodySchema,
        response: { 200: messageOnly, 400: errorEnvelopeSchema, 429: errorEnvelopeSchema, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      await leads.resendConfirmation(request.body.token, request.ip);
      return { success: true as const, message: CONFIRM_MESSAGES.resent };
    },
  );
};
