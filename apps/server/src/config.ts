import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { LEAD_EVENT_TYPES, type LeadEventType } from "@vestin/shared/events";
import { CHALLENGE_PROVIDERS, type ChallengeProvider } from "@vestin/shared/form-guard";

/** The repository root, so `data/` and the web build are found whatever the working directory. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The providers' server-side verification endpoints (CHALLENGE_VERIFY_URL points tests at a stand-in). */
export const CHALLENGE_VERIFY_URLS: Record<ChallengeProvider, string> = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  hcaptcha: "https://api.hcaptcha.com/siteverify",
};

const onOff = z.enum(["on", "off"], { error: 'must be "on" or "off"' });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1, "must not be empty").default("127.0.0.1"),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .refine(
      (v) => !v || /^postgres(ql)?:\/\/.+/.test(v) || /^sqlite:.+/.test(v),
      'must start with "postgres://", "postgresql://" or "sqlite:" (or be unset for data/app.db)',
    ),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 100")
    .max(100, "must be between 1 and 100")
    .default(10),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://vestin.io" }).optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().default("Vestin <no-reply@vestin.io>"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url({ error: "must be a URL" }).default("https://accounts.google.com"),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// URL" }).optional(),
  RATE_LIMITS: onOff.default("on"),
  FORM_GUARD: onOff.default("on"),
  CHALLENGE_PROVIDER: z.enum(["off", ...CHALLENGE_PROVIDERS], { error: 'must be "turnstile", "hcaptcha" or "off"' }).default("off"),
  CHALLENGE_SITE_KEY: z.string().trim().max(200, "is too long").optional(),
  CHALLENGE_SECRET: z.string().trim().max(500, "is too long").optional(),
  CHALLENGE_VERIFY_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  RPC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL of a Base JSON-RPC node" }).optional(),
  NOTIFY_EMAILS: z.string().trim().max(4000, "is too long").optional(),
  NOTIFY_DIGEST_SECONDS: z.coerce.number({ error: "must be a number of seconds" }).int("must be a whole number").min(1, "must be 1 or more").default(3600),
  WEBHOOK_ALLOW_PRIVATE: z.enum(["0", "1"], { error: 'must be "1" (allow) or "0"' }).default("0"),
  REFERRAL_DAILY_BOOSTS: z.coerce
    .number({ error: "must be a number of referrals" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(1000, "must be 1000 or fewer")
    .default(5),
  NEWSLETTER_RATE: z.coerce
    .number({ error: "must be a number of messages per minute" })
    .int("must be a whole number")
    .min(1, "must be 1 or more")
    .max(100_000, "must be at most 100000")
    .default(120),
  COMPANY_POSTAL_ADDRESS: z
    .string()
    .trim()
    .min(10, "must be a full postal address")
    .max(300, "is too long")
    .default("Vestin Technologies Ltd, 1 Harbour Exchange Square, London E14 9GE, United Kingdom"),
  DRAIN_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 300")
    .max(300, "must be between 0 and 300")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().optional(),
  // A bearer token is one word: a token with a space could never be sent in the Authorization header.
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .max(512, "must be at most 512 characters")
    .regex(/^\S+$/, "must not contain spaces")
    .optional(),
  BACKUP_INTERVAL_MINUTES: z.coerce
    .number({ error: "must be a number of minutes" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 10080 (a week)")
    .max(10_080, "must be between 1 and 10080 (a week)")
    .optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: "must be a number of backups" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 1000")
    .max(1000, "must be between 1 and 1000")
    .default(7),
  BACKUP_DIR: z.string().optional(),
});

export type DatabaseTarget = { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string; poolSize?: number };

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseTarget;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string | undefined; issuer: string } | undefined;
  redisUrl: string | undefined;
  rateLimits: boolean;
  formGuard: boolean;
  /** The optional challenge on the public forms (off unless CHALLENGE_PROVIDER is set). */
  challenge: { provider: ChallengeProvider; siteKey: string; secret: string; verifyUrl: string } | undefined;
  logLevel: string;
  /** A Base JSON-RPC node: smart-contract wallets (ERC-1271, ERC-6492) are verified through it; unset, only key-held accounts. */
  rpcUrl: string | undefined;
  /** Who in the team hears of each kind of new lead (NOTIFY_EMAILS); empty lists send nothing. */
  notifyEmails: NotifyEmails;
  /** The shortest time between two digests of one list (an hour; tests shorten it). */
  notifyDigestSeconds: number;
  /** Webhooks may reach private and loopback addresses (tests, an intranet CRM): WEBHOOK_ALLOW_PRIVATE=1. */
  webhookAllowPrivate: boolean;
  /** Referrals that move one referrer up the queue in any 24 hours (REFERRAL_DAILY_BOOSTS, default 5 = 50 places); later ones still count, without moving. */
  referralDailyBoosts: number;
  /** Newsletter messages sent per minute (NEWSLETTER_RATE), across a campaign. */
  newsletterRate: number;
  /** The company's postal address, printed in every newsletter (COMPANY_POSTAL_ADDRESS). */
  postalAddress: string;
  /**
   * Seconds a server keeps serving after SIGTERM while answering not-ready, so a load balancer
   * takes it out before it stops listening (DRAIN_SECONDS; default 5 in production, 0 elsewhere).
   */
  drainSeconds: number;
  /** The bearer token a Prometheus scrape of GET /metrics must send (METRICS_TOKEN); unset, /metrics does not exist. */
  metricsToken: string | undefined;
  /**
   * Database backups: taken every `intervalMinutes` by a job when BACKUP_INTERVAL_MINUTES is set
   * (off otherwise), the newest `keep` scheduled ones kept (BACKUP_KEEP, default 7), in `dir`
   * (BACKUP_DIR, default DATA_DIR/backups; `npm run db:backup` writes there too).
   */
  backups: { intervalMinutes: number | undefined; keep: number; dir: string };
};

/** The forms NOTIFY_EMAILS names, and the lead event of each. */
export const NOTIFY_FORMS = {
  contact: "contact.submitted",
  partnership: "partnership.submitted",
  presale: "presale.registered",
  waitlist: "waitlist.joined",
  claim: "airdrop.claimed",
} as const satisfies Record<string, LeadEventType>;
export type NotifyEmails = Record<LeadEventType, string[]>;

const EMAIL = /^[^\s@,;=]+@[^\s@,;=]+\.[^\s@,;=]+$/;

/**
 * NOTIFY_EMAILS: `team@vestin.io` (every form), or per form, separated by `;`:
 * `contact=sales@vestin.io,ops@vestin.io; partnership=bd@vestin.io; presale=ops@vestin.io`.
 * Forms: contact, partnership, presale, waitlist, claim. Answers the lists, or what is wrong.
 */
export function parseNotifyEmails(raw: string | undefined): NotifyEmails | string {
  const lists = Object.fromEntries(LEAD_EVENT_TYPES.map((type) => [type, [] as string[]])) as NotifyEmails;
  for (const part of (raw ?? "")
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf("=");
    const form = eq === -1 ? undefined : part.slice(0, eq).trim().toLowerCase();
    const addresses = (eq === -1 ? part : part.slice(eq + 1))
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean);
    if (form !== undefined && !(form in NOTIFY_FORMS)) return `"${form}" is not a form (use ${Object.keys(NOTIFY_FORMS).join(", ")})`;
    const wrong = addresses.find((a) => !EMAIL.test(a));
    if (wrong) return `"${wrong}" is not an e-mail address`;
    if (addresses.length === 0) return `"${part}" names no address`;
    const types = form === undefined ? LEAD_EVENT_TYPES : [NOTIFY_FORMS[form as keyof typeof NOTIFY_FORMS]];
    for (const type of types) for (const a of addresses) if (!lists[type].includes(a.toLowerCase())) lists[type].push(a.toLowerCase());
  }
  return lists;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Record<string, string | undefined>;

/** Reads and validates every environment variable once; a wrong value names the variable. */
export function loadConfig(env: Env = process.env): Config {
  // Empty strings count as unset, as a shell's `FOO= npm start` means.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(ROOT_DIR, e.DATA_DIR ?? "data");

  let database: DatabaseTarget;
  if (!e.DATABASE_URL) database = { dialect: "sqlite", file: path.join(dataDir, "app.db") };
  else if (e.DATABASE_URL.startsWith("sqlite:")) {
    const file = e.DATABASE_URL.slice("sqlite:".length);
    database = { dialect: "sqlite", file: file === ":memory:" ? file : path.resolve(ROOT_DIR, file) };
  } else database = { dialect: "postgres", url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE };

  if (e.NODE_ENV === "production" && !e.JWT_SECRET) {
    throw new ConfigError("Invalid configuration:\n  JWT_SECRET: is required when NODE_ENV=production");
  }

  let google: Config["google"];
  if (e.GOOGLE_CLIENT_ID) {
    google = { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER };
  }

  let challenge: Config["challenge"];
  if (e.CHALLENGE_PROVIDER !== "off") {
    const missing = [!e.CHALLENGE_SITE_KEY && "CHALLENGE_SITE_KEY", !e.CHALLENGE_SECRET && "CHALLENGE_SECRET"].filter(Boolean);
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: is required when CHALLENGE_PROVIDER=${e.CHALLENGE_PROVIDER}`).join("\n")}`,
      );
    }
    challenge = {
      provider: e.CHALLENGE_PROVIDER,
      siteKey: e.CHALLENGE_SITE_KEY ?? "",
      secret: e.CHALLENGE_SECRET ?? "",
      verifyUrl: e.CHALLENGE_VERIFY_URL ?? CHALLENGE_VERIFY_URLS[e.CHALLENGE_PROVIDER],
    };
  }

  if (e.BACKUP_INTERVAL_MINUTES !== undefined && database.dialect === "sqlite" && database.file === ":memory:") {
    throw new ConfigError("Invalid configuration:\n  BACKUP_INTERVAL_MINUTES: an in-memory database (DATABASE_URL=sqlite::memory:) cannot be backed up");
  }

  const notifyEmails = parseNotifyEmails(e.NOTIFY_EMAILS);
  if (typeof notifyEmails === "string") throw new ConfigError(`Invalid configuration:\n  NOTIFY_EMAILS: ${notifyEmails}`);

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    dataDir,
    database,
    jwtSecret: e.JWT_SECRET ?? localSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google,
    redisUrl: e.REDIS_URL,
    rateLimits: e.RATE_LIMITS === "on",
    formGuard: e.FORM_GUARD === "on",
    challenge,
    logLevel: e.LOG_LEVEL,
    rpcUrl: e.RPC_URL,
    notifyEmails,
    notifyDigestSeconds: e.NOTIFY_DIGEST_SECONDS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === "1",
    referralDailyBoosts: e.REFERRAL_DAILY_BOOSTS,
    newsletterRate: e.NEWSLETTER_RATE,
    postalAddress: e.COMPANY_POSTAL_ADDRESS,
    drainSeconds: e.DRAIN_SECONDS ?? (e.NODE_ENV === "production" ? 5 : 0),
    metricsToken: e.METRICS_TOKEN,
    backups: {
      intervalMinutes: e.BACKUP_INTERVAL_MINUTES,
      keep: e.BACKUP_KEEP,
      dir: e.BACKUP_DIR ? path.resolve(ROOT_DIR, e.BACKUP_DIR) : path.join(dataDir, "backups"),
    },
  };
}

/** Outside production the signing secret is generated once and kept in data/, so sessions survive restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  // Written aside, then linked into place: two servers starting together on one data/ folder end
  // up with the same secret (the second link fails and that server reads the first one's).
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, randomBytes(48).toString("base64url"), { mode: 0o600 });
  try {
    linkSync(mine, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    unlinkSync(mine);
  }
  return readFileSync(file, "utf8").trim();
}
