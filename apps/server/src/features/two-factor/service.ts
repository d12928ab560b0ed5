import { createHmac, randomBytes } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import {
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
  type RecoveryCodes,
  type TwoFactorChallenge,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "@vestin/shared/two-factor";
import type { Database } from "../../db/database.ts";
import { AppError, badRequest, conflict, forbidden } from "../../lib/errors.ts";
import { isoIn, newId, nowIso, randomToken, sha256 } from "../../lib/ids.ts";
import type { Limit, RateLimiter } from "../../lib/rate-limit.ts";
import { derivedKey } from "../../lib/derived-key.ts";
import { sealedBox } from "../../lib/sealed-box.ts";
import { twoFactorRepository } from "./repository.ts";

/** Wrong codes per person, across challenges (a stolen password cannot buy unlimited guesses). */
export const CODE_FAILURES: Limit = { name: "2fa-failed", max: 10, windowMs: 15 * 60_000 };
/** Codes are accepted from the step before to the step after now (30 s of clock drift each way). */
const TOLERANCE_SECONDS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Recovery codes: 10 characters of base32 (50 bits), shown as XXXXX-XXXXX. */
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

type Deps = { database: Database; jwtSecret: string; limiter: RateLimiter };

/** TOTP secrets are sealed under their own key (lib/sealed-box.ts). */
export const totpSecretBox = (jwtSecret: string) =>
  sealedBox(jwtSecret, "totp secrets", "a stored two-factor secret cannot be decrypted (was JWT_SECRET changed?); reset it with npm run admin -- reset-2fa");
type Person = { _id: string; email: string; role: "user" | "admin" };

/** What the second step proved, and the remembered-device token when one was asked for. */
export type SecondStep = { userId: string; deviceToken: string | null };

/**
 * TOTP (RFC 6238) through otplib, recovery codes and remembered devices (ADR 14). Sign-in asks
 * `needsSecondStep`; when it does, `challenge` replaces the session and `verifyChallenge` turns a
 * right code into the user id the session is opened for.
 */
export function createTwoFactorService({ database, jwtSecret, limiter }: Deps) {
  const repo = twoFactorRepository(database.db);
  const box = totpSecretBox(jwtSecret);
  const codeKey = derivedKey(jwtSecret, "recovery codes");
  const hashCode = (code: string) => createHmac("sha256", codeKey).update(code).digest("hex");

  function newRecoveryCodes(): { shown: string[]; hashes: string[] } {
    const shown: string[] = [];
    for (let i = 0; i < TWO_FACTOR.recoveryCodes; i++) {
      const raw = [...randomBytes(10)].map((b) => BASE32[b % 32]).join("");
      shown.push(`${raw.slice(0, 5)}-${raw.slice(5)}`);
    }
    return { shown, hashes: shown.map((c) => hashCode(c.replace("-", ""))) };
  }

  /** The time step a code belongs to, or null; `after` refuses that step and earlier ones (replay). */
  async function matchStep(sealed: string, code: string, after: number | null): Promise<number | null> {
    const result = await verify({
      secret: box.open(sealed),
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(after !== null ? { afterTimeStep: after } : {}),
    });
    return result.valid && "timeStep" in result && typeof result.timeStep === "number" ? result.timeStep : null;
  }

  /** A current code or an unused recovery code of an enrolled person; throws the right message otherwise. */
  async function checkSecondFactor(userId: string, proof: { code?: string | undefined; recoveryCode?: string | undefined }): Promise<void> {
    await limiter.check(CODE_FAILURES, userId);
    const row = await repo.user(userId);
    if (!row?.totp_secret) throw badRequest(TWO_FACTOR_MESSAGES.notEnabled);
    if (proof.code !== undefined) {
      const last = row.totp_last_step === null ? null : Number(row.totp_last_step);
      const step = await matchStep(row.totp_secret, proof.code, last);
      if (step !== null && (await repo.takeStep(userId, step))) return;
      await limiter.record(CODE_FAILURES, userId);
      throw badRequest(TWO_FACTOR_MESSAGES.invalidCode, { code: TWO_FACTOR_MESSAGES.invalidCode });
    }
    if (proof.recoveryCode !== undefined && (await repo.useRecoveryCode(userId, hashCode(proof.recoveryCode)))) return;
    await limiter.record(CODE_FAILURES, userId);
    throw badRequest(TWO_FACTOR_MESSAGES.invalidRecoveryCode, { recoveryCode: TWO_FACTOR_MESSAGES.invalidRecoveryCode });
  }

  return {
    /** True when this person signs in with a second step, unless `deviceToken` is a remembered device of theirs. */
    async needsSecondStep(userId: string, deviceToken: string | undefined): Promise<boolean> {
      const row = await repo.user(userId);
      if (!row?.totp_enabled_at) return false;
      return !(deviceToken && (await repo.trustedDevice(userId, sha256(deviceToken))));
    },

    isEnabled: async (userId: string) => Boolean((await repo.user(userId))?.totp_enabled_at),

    /** The step between a right password (or Google) and the session. */
    async challenge(userId: string, userAgent: string | undefined): Promise<TwoFactorChallenge> {
      const token = randomToken(32);
      const now = nowIso();
      await repo.deleteOldChallenges(now);
      await repo.insertChallenge({
        id: sha256(token),
        user_id: userId,
        user_agent: userAgent?.slice(0, 400) ?? null,
        created_at: now,
        expires_at: isoIn(TWO_FACTOR.challengeMinutes * 60_000),
      });
      return { twoFactorRequired: true, challenge: token };
    },

    /** The second step: a right code (once) for a live challenge. Five tries per challenge, ten per person per 15 minutes. */
    async verifyChallenge(
      input: { challenge: string; code?: string | undefined; recoveryCode?: string | undefined; rememberDevice: boolean },
      userAgent: string | undefined,
    ): Promise<SecondStep> {
      const id = sha256(input.challenge);
      const found = await repo.challenge(id);
      if (!found || found.used_at || found.expires_at <= nowIso()) throw new AppError(401, TWO_FACTOR_MESSAGES.challengeExpired);
      const attempts = await repo.countAttempt(id);
      if (attempts === null) throw new AppError(401, TWO_FACTOR_MESSAGES.challengeExpired);
      if (attempts > TWO_FACTOR.attemptsPerChallenge) throw new AppError(401, TWO_FACTOR_MESSAGES.tooManyAttempts);
      await checkSecondFactor(found.user_id, input);
      if (!(await repo.useChallenge(id))) throw new AppError(401, TWO_FACTOR_MESSAGES.challengeExpired);
      let deviceToken: string | null = null;
      if (input.rememberDevice) {
        deviceToken = randomToken(32);
        await repo.insertDevice({
          id: newId(),
          user_id: found.user_id,
          token_hash: sha256(deviceToken),
          user_agent: userAgent?.slice(0, 400) ?? null,
          created_at: nowIso(),
          expires_at: isoIn(TWO_FACTOR.rememberDays * DAY_MS),
        });
      }
      return { userId: found.user_id, deviceToken };
    },

    async status(person: Person): Promise<TwoFactorStatus> {
      const row = await repo.user(person._id);
      const enabled = Boolean(row?.totp_enabled_at);
      return {
        enabled,
        enabledAt: row?.totp_enabled_at ?? null,
        recoveryCodesLeft: enabled ? await repo.codesLeft(person._id) : 0,
        rememberedDevices: enabled ? await repo.devicesLeft(person._id) : 0,
        required: person.role === "admin",
      };
    },

    /** A new secret to scan; it takes effect only when `enable` gets a code made from it. */
    async setup(person: Person): Promise<TwoFactorSetup> {
      const row = await repo.user(person._id);
      if (row?.totp_enabled_at) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
      const secret = generateSecret();
      await repo.setPending(person._id, box.seal(secret));
      const otpauthUrl = generateURI({ issuer: TWO_FACTOR.issuer, label: person.email, secret });
      // Loaded on first use: most servers never draw a QR code.
      const { default: QRCode } = await import("qrcode");
      const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
      return { secret, otpauthUrl, qrSvg };
    },

    /** The first code proves the app holds the secret: two-factor is on, and ten recovery codes are made (shown once). */
    async enable(person: Person, code: string): Promise<RecoveryCodes> {
      await limiter.check(CODE_FAILURES, person._id);
      const row = await repo.user(person._id);
      if (row?.totp_enabled_at) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
      if (!row?.totp_pending_secret) throw badRequest(TWO_FACTOR_MESSAGES.notEnrolling);
      const step = await matchStep(row.totp_pending_secret, code, null);
      if (step === null) {
        await limiter.record(CODE_FAILURES, person._id);
        throw badRequest(TWO_FACTOR_MESSAGES.invalidCode, { code: TWO_FACTOR_MESSAGES.invalidCode });
      }
      const codes = newRecoveryCodes();
      const pending = row.totp_pending_secret;
      await database.db.transaction().execute((trx) => twoFactorRepository(trx).enable(trx, person._id, pending, step, codes.hashes));
      return { recoveryCodes: codes.shown };
    },

    /** New recovery codes (the old ones stop working), after a current code. */
    async regenerateCodes(person: Person, proof: { code?: string | undefined; recoveryCode?: string | undefined }): Promise<RecoveryCodes> {
      await checkSecondFactor(person._id, proof);
      const codes = newRecoveryCodes();
      await database.db.transaction().execute((trx) => twoFactorRepository(trx).replaceCodes(trx, person._id, codes.hashes));
      return { recoveryCodes: codes.shown };
    },

    /** Members may turn it off with a current code; administrators may not. */
    async disable(person: Person, proof: { code?: string | undefined; recoveryCode?: string | undefined }): Promise<void> {
      if (person.role === "admin") throw forbidden(TWO_FACTOR_MESSAGES.adminCannotDisable);
      await checkSecondFactor(person._id, proof);
      await database.db.transaction().execute((trx) => twoFactorRepository(trx).disable(trx, person._id));
    },

    /** A lost device (npm run admin -- reset-2fa): everything two-factor held for the person goes. */
    reset: (userId: string) => database.db.transaction().execute((trx) => twoFactorRepository(trx).disable(trx, userId)),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
