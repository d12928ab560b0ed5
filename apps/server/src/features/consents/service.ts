import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import {
  CONSENT_WORDINGS,
  COOKIE_SETTINGS_PAGE,
  LEGAL_VERSIONS,
  type ConsentKind,
  type ConsentRecord,
  type CookieChoice,
  type CookieChoiceAnswer,
} from "@vestin/shared/consents";
import type { User } from "@vestin/shared/accounts";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { nowIso, sha256 } from "../../lib/ids.ts";
import { derivedKey } from "../../lib/derived-key.ts";
import type { Limit, RateLimiter } from "../../lib/rate-limit.ts";
import { consentsRepository, type ConsentEntry } from "./repository.ts";

/** Records are kept by the address's hash, so a withdrawal can outlive an erased address. */
export const consentEmailHash = (email: string): string => sha256(email.trim().toLowerCase());

/** How an account accepted the terms and the privacy policy. */
export type AccountAcceptance =
  /** The sign-up form; `checkbox`: the client sent agreeToTerms: true (the web form always does). */
  | { via: "signup"; checkbox: boolean }
  /** An account created by Google sign-in, under the sentence next to the Google button. */
  | { via: "google" };

const COOKIE_KINDS = {
  analytics: { kind: "cookies-analytics", wording: CONSENT_WORDINGS.cookiesAnalytics },
} as const satisfies Record<keyof CookieChoice, { kind: ConsentKind; wording: { version: string; text: string } }>;

/**
 * The law asks to keep proof that a withdrawn communications consent stays withdrawn (so an old copy of
 * an address is not written to again); the rest of a person's records goes with them on erasure.
 */
const KEPT_AS_WITHDRAWN_ON_ERASURE: readonly ConsentKind[] = ["contact-communications"];

/** Cookie choices per account: a person changes them a few times; each change is a row. */
export const COOKIE_CHOICE_LIMIT: Limit = { name: "consents:cookies", max: 120, windowMs: 60 * 60_000 };

type Deps = { database: Database; jwtSecret: string; limiter: RateLimiter };

/**
 * Consent records: what a person agreed to, when, in which words and on which
 * document version, from which form, with the IP only as a keyed hash. The accounts and leads
 * services write theirs inside their own transactions (no account or contact without its record);
 * cookie choices come from /me. The newsletter keeps its own records (`newsletter_consents`).
 */
export function createConsentsService({ database, jwtSecret, limiter }: Deps) {
  const { db } = database;
  // An HMAC, not a bare hash: nobody holding the table can find an address by hashing all of IPv4.
  const ipKey = derivedKey(jwtSecret, "consent records ip");
  const ipHash = (ip: string | undefined): string | null => (ip ? createHmac("sha256", ipKey).update(ip).digest("hex") : null);

  return {
    /** Sign-up (form or Google): the terms and the privacy policy in force, in the account's transaction. */
    async recordAccountTerms(
      trx: Kysely<DB>,
      account: { userId: string; email: string; ip: string | undefined; at: string },
      acceptance: AccountAcceptance,
    ): Promise<void> {
      const fromForm = acceptance.via === "signup";
      const wording = fromForm ? (acceptance.checkbox ? CONSENT_WORDINGS.signup : null) : CONSENT_WORDINGS.google;
      const base = {
        userId: account.userId,
        emailHash: consentEmailHash(account.email),
        action: "given",
        wording,
        sourceForm: acceptance.via,
        // The form's page when its checkbox was sent; a Google sign-up is finished on /auth/callback, whichever page started it.
        sourcePage: fromForm && acceptance.checkbox ? "/signup" : null,
        ipHash: ipHash(account.ip),
        at: account.at,
      } as const;
      await consentsRepository(trx).insert([
        { ...base, kind: "terms", documentVersion: LEGAL_VERSIONS.terms },
        { ...base, kind: "privacy", documentVersion: LEGAL_VERSIONS.privacy },
      ]);
    },

    /** The contact form's "I agree to receive other communications", when ticked, in the contact's transaction. */
    async recordContactCommunications(trx: Kysely<DB>, contact: { email: string; ip: string | undefined; at: string }): Promise<void> {
      await consentsRepository(trx).insert([
        {
          userId: null,
          emailHash: consentEmailHash(contact.email),
          kind: "contact-communications",
          action: "given",
          documentVersion: null,
          wording: CONSENT_WORDINGS.contactCommunications,
          sourceForm: "contact",
          sourcePage: "/contact",
          ipHash: ipHash(contact.ip),
          at: contact.at,
        },
      ]);
    },

    /**
     * A signed-in person's cookie choice: a record for each optional category whose state changed
     * (given or withdrawn). A category never turned on and left off records nothing.
     */
    async recordCookieChoice(user: User, choice: CookieChoice, ip: string | undefined): Promise<CookieChoiceAnswer> {
      await limiter.consume(COOKIE_CHOICE_LIMIT, user._id);
      const at = nowIso();
      const recorded = await db.transaction().execute(async (trx) => {
        const repo = consentsRepository(trx);
        const latest = await repo.latestActions(user._id, [COOKIE_KINDS.analytics.kind]);
        const entries: ConsentEntry[] = [];
        for (const category of ["analytics"] as const) {
          const { kind, wording } = COOKIE_KINDS[category];
          const action = choice[category] ? "given" : "withdrawn";
          if ((latest.get(kind) ?? "withdrawn") === action) continue;
          entries.push({
            userId: user._id,
            emailHash: consentEmailHash(user.email),
            kind,
            action,
            documentVersion: LEGAL_VERSIONS.cookies,
            wording,
            sourceForm: "cookie-settings",
            sourcePage: COOKIE_SETTINGS_PAGE,
            ipHash: ipHash(ip),
            at,
          });
        }
        await repo.insert(entries);
        return entries.map((e) => e.kind);
      });
      return { functional: true, analytics: choice.analytics, documentVersion: LEGAL_VERSIONS.cookies, recorded, at };
    },

    /** Every record of an address and its account (privacy export), oldest first; the IP hash is not part of it. */
    personalData: (email: string, userId: string | null): Promise<ConsentRecord[]> => consentsRepository(db).recordsOf(consentEmailHash(email), userId),

    /**
     * Erasure: every record of the address and its account goes; where a communications consent was
     * ever given (or an earlier erasure kept its withdrawal), one record stays that it is withdrawn,
     * by the address's hash only (no account, no IP, no wording).
     */
    async erase(email: string, userId: string | null): Promise<{ removed: number; keptWithdrawn: ConsentKind[] }> {
      const emailHash = consentEmailHash(email);
      return db.transaction().execute(async (trx) => {
        const repo = consentsRepository(trx);
        const kept: ConsentKind[] = [];
        for (const kind of KEPT_AS_WITHDRAWN_ON_ERASURE) if (await repo.hasRecord(emailHash, userId, kind)) kept.push(kind);
        const removed = await repo.deleteOf(emailHash, userId);
        const at = nowIso();
        await repo.insert(
          kept.map((kind) => ({
            userId: null,
            emailHash,
            kind,
            action: "withdrawn",
            documentVersion: null,
            wording: null,
            sourceForm: "erasure",
            sourcePage: null,
            ipHash: null,
            at,
          })),
        );
        return { removed, keptWithdrawn: kept };
      });
    },
  };
}

export type ConsentsService = ReturnType<typeof createConsentsService>;
