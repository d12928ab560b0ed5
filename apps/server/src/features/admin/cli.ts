import { parseArgs, type ParseArgsConfig } from "node:util";
import { loadConfig } from "../../config.ts";
import { migrateToLatest, openDatabase } from "../../db/database.ts";
import { createRateLimiter } from "../../lib/rate-limit.ts";
import { CONFIRMATION } from "@vestin/shared/form-guard";
import { formatTokenUnits } from "@vestin/shared/airdrop-rewards";
import type { AllowlistService } from "../allowlist/index.ts";
import { recordAudit } from "../audit/index.ts";
// The services are imported by the commands that use them (below): each command starts faster.

const USAGE = `Usage:
  npm run admin -- create-user --email <address> --name "<First Last>"
      creates an administrator and prints a one-time link to set the password (also e-mailed)
  npm run admin -- promote --email <address>    gives an existing account the admin role (and signs it out everywhere;
      a password weaker than the administrators' rule then opens no session and e-mails a link to choose another)
  npm run admin -- demote --email <address>     takes it back (and signs that account out everywhere)
  npm run admin -- reset-2fa --email <address>  turns off two-factor sign-in for a lost device (audited);
      an administrator must set it up again at the next sign-in
  npm run admin -- purge-unverified [--dry-run] [--days ${CONFIRMATION.purgeAfterDays}]
      deletes presale, waitlist and airdrop leads whose e-mail was never confirmed and that are older
      than --days (${CONFIRMATION.purgeAfterDays}); --dry-run only counts them
  npm run admin -- allowlist freeze --sprint <id> --admin <email>
      freezes the sprint's granted airdrop claims into a Merkle allow-list (root in the database
      and the audit log; tree dump and CSV in data/allowlists/<list>/); its claims then cannot change.
      A sprint with learning XP splits its pool over Zealy plus learning XP (learning-only wallets too)
  npm run admin -- allowlist freeze --presale --amount <tokens per wallet> --admin <email>
      the same for the presale wallets verified by signature, each with that allocation
  npm run admin -- allowlist unfreeze --id <list> --admin <email> --reason "<why>"
      reopens a frozen list (audited); its proofs are no longer served
  npm run admin -- allowlist show        lists the allow-lists
  npm run admin -- allowlist export --id <list>   writes a list's files again`;

const { positionals, values } = parseArguments({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    email: { type: "string" },
    name: { type: "string" },
    "dry-run": { type: "boolean" },
    days: { type: "string" },
    sprint: { type: "string" },
    presale: { type: "boolean" },
    amount: { type: "string" },
    admin: { type: "string" },
    id: { type: "string" },
    reason: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
const command = positionals[0];

/** parseArgs, with a wrong option (unknown, or a value missing) told as a sentence and the usage, not a stack trace. */
function parseArguments<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}

const needsEmail = command !== "purge-unverified" && command !== "allowlist";
if (
  values.help ||
  !command ||
  !["create-user", "promote", "demote", "reset-2fa", "purge-unverified", "allowlist"].includes(command) ||
  (needsEmail && !values.email)
) {
  console.log(USAGE);
  process.exit(command && !values.help ? 2 : 0);
}

const config = loadConfig();
const database = await openDatabase(config.database);
const log = { info: (details: object, message: string) => console.log(`${message}: ${JSON.stringify(details)}`), error: console.error };
try {
  await migrateToLatest(database);
  if (command === "allowlist") {
    const [{ createAllowlistService }, { allowlistSources }, { combinedXp }] = await Promise.all([
      import("../allowlist/index.ts"),
      import("../leads/index.ts"),
      import("../learn-earn/index.ts"),
    ]);
    // As the server builds it: a sprint with learning XP freezes over its combined XP.
    await allowlistCommand(createAllowlistService({ database, dataDir: config.dataDir, leads: allowlistSources, combinedXp }), positionals[1]);
  } else {
    await leadsAndAccountsCommand();
  }
} catch (err) {
  console.error(`\n${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}

/** `create-user`, `promote`, `demote` and `purge-unverified`. */
async function leadsAndAccountsCommand(): Promise<void> {
  const [{ createMailer }, { createAccountsService }, { createFormGuard }, { createConsentsService }, { createTwoFactorService }] = await Promise.all([
    import("../../lib/mailer.ts"),
    import("../accounts/index.ts"),
    import("../form-guard/index.ts"),
    import("../consents/index.ts"),
    import("../two-factor/index.ts"),
  ]);
  const limiter = createRateLimiter({ enabled: false });
  const mailer = createMailer(config, log);
  const formGuard = createFormGuard({ config, database, log: log as never });
  const consents = createConsentsService({ database, jwtSecret: config.jwtSecret, limiter });
  const twoFactor = createTwoFactorService({ database, jwtSecret: config.jwtSecret, limiter });
  const accounts = createAccountsService({ database, config, mailer, limiter, log: log as never, formGuard, consents, twoFactor });
  const email = String(values.email ?? "")
    .trim()
    .toLowerCase();
  if (command === "purge-unverified") {
    const [{ createLeadsService }, { createWalletService }, { PublicCache }, { createEvents }, { createJobQueue }] = await Promise.all([
      import("../leads/index.ts"),
      import("../wallet/index.ts"),
      import("../../lib/public-cache.ts"),
      import("../../lib/events.ts"),
      import("../../lib/jobs/index.ts"),
    ]);
    const days = Number(values.days ?? CONFIRMATION.purgeAfterDays);
    if (!Number.isInteger(days) || days < 1) throw new Error("--days must be a whole number of days, 1 or more.");
    const cutoff = new Date(Date.now() - days * 86_400_000).toISOString();
    const dryRun = Boolean(values["dry-run"]);
    const wallet = createWalletService({ database, config, limiter, log: log as never });
    const leads = createLeadsService({
      database,
      events: createEvents(),
      mailer,
      directMailer: mailer,
      // The purge sends nothing: the queue is never started.
      jobs: createJobQueue(config, database, log as never),
      limiter,
      log: log as never,
      formGuard,
      publicUrl: config.publicUrl,
      wallet,
      cache: new PublicCache(),
      consents,
      referralDailyBoosts: config.referralDailyBoosts,
    });
    const counts = await leads.purgeUnverified(cutoff, dryRun);
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    const detail = `presale ${counts.presale}, waitlist ${counts.waitlist}, airdrop claims ${counts["airdrop-claims"]}`;
    if (dryRun) {
      console.log(`Dry run: ${total} unverified lead(s) older than ${days} days would be deleted (${detail}). Nothing was changed.`);
    } else {
      const tokens = await formGuard.deleteExpired();
      await recordAudit(database.db, {
        actorId: null,
        actorEmail: "command line",
        action: "CLI purge-unverified",
        targetType: "leads",
        targetId: null,
        details: { days, ...counts },
      });
      console.log(`Deleted ${total} unverified lead(s) older than ${days} days (${detail}) and ${tokens} expired form token(s).`);
    }
  } else if (command === "create-user") {
    const [firstName = "", ...rest] = String(values.name ?? "")
      .trim()
      .split(/\s+/);
    if (!firstName) throw new Error('Give the administrator\'s name with --name "First Last".');
    const { user, link } = await accounts.createAdmin({ email, firstName, lastName: rest.join(" ") });
    await recordAudit(database.db, { actorId: null, actorEmail: "command line", action: "CLI create-user", targetType: "users", targetId: user._id });
    console.log(`\nAdministrator ${user.email} created. One-time link to set the password (valid 24 hours):\n\n  ${link}\n`);
  } else if (command === "reset-2fa") {
    const user = await accounts.findByEmail(email);
    if (!user) throw new Error(`No account has the e-mail ${email}.`);
    if (!(await twoFactor.isEnabled(user._id))) throw new Error(`${user.email} does not have two-factor sign-in on: nothing to reset.`);
    await twoFactor.reset(user._id);
    // Whoever holds the lost device may hold a session too: every session of the account ends.
    await accounts.revokeAllSessions(user._id);
    await recordAudit(database.db, { actorId: null, actorEmail: "command line", action: "CLI reset-2fa", targetType: "users", targetId: user._id });
    console.log(
      `Two-factor sign-in is off for ${user.email} and every session of the account has ended.${user.role === "admin" ? " The console asks them to set it up again at the next sign-in." : ""}`,
    );
  } else {
    const role = command === "promote" ? "admin" : "user";
    const user = await accounts.setRole(email, role);
    await recordAudit(database.db, { actorId: null, actorEmail: "command line", action: `CLI ${command}`, targetType: "users", targetId: user._id });
    console.log(
      role === "admin"
        ? `${user.email} is now an administrator, and every session of the account has ended. At the next sign-in the password must meet ` +
            "the administrators' rule (at least 12 characters, not a common or breached one): a weaker one opens no session and " +
            "e-mails a link to choose another. The console then asks for two-factor sign-in to be set up."
        : `${user.email} is now a regular user, and every session of the account has ended.`,
    );
  }
}

/** `--amount` of a presale freeze: a positive whole number of tokens per wallet (2,500 and 2_500 read as 2500). */
function presaleAmount(): bigint {
  const amount = String(values.amount ?? "").replace(/[,_\s]/g, "");
  if (!/^[0-9]{1,15}$/.test(amount) || BigInt(amount) === 0n)
    throw new Error("--amount must be a positive whole number of tokens per wallet (for example --amount 2500).");
  return BigInt(amount);
}

/** `allowlist freeze | unfreeze | show | export`: the token generation event's Merkle allow-lists. */
async function allowlistCommand(allowlists: AllowlistService, action: string | undefined): Promise<void> {
  const admin = String(values.admin ?? "");
  const tokens = (baseUnits: string | bigint) => (BigInt(baseUnits) / 10n ** 18n).toLocaleString("en-US");
  if (action === "freeze") {
    if (Boolean(values.presale) === (values.sprint !== undefined)) throw new Error("Give either --sprint <id> or --presale --amount <tokens per wallet>.");
    if (values.amount !== undefined && !values.presale) throw new Error("--amount goes with --presale (a sprint's rewards come from its leaderboard).");
    const list = values.presale ? await allowlists.freezePresale(presaleAmount(), admin) : await allowlists.freezeAirdrop(String(values.sprint), admin);
    console.log(
      `\nFrozen ${list.id}: ${list.entries} ${list.entries === 1 ? "address" : "addresses"}, ${formatTokenUnits(list.totalUnits, 18)} tokens in all.\n` +
        (list.skipped ? `  Left out: ${list.skipped} granted claim(s) with a reward of 0 tokens.\n` : "") +
        `  Merkle root: ${list.root}\n  Tree dump:   ${list.files.tree}\n  CSV:         ${list.files.csv}\n` +
        `Proofs: GET /api/v1/airdrop/proof/<address>${list.kind === "presale" ? "?list=presale" : ""}\n`,
    );
  } else if (action === "unfreeze") {
    const list = await allowlists.unfreeze(String(values.id ?? ""), admin, String(values.reason ?? ""));
    console.log(
      `${list.id} (root ${list.root}) is unfrozen: its proofs are no longer served${list.sprint_id ? ` and sprint "${list.sprint_id}" can change again` : ""}.`,
    );
  } else if (action === "show") {
    const lists = await allowlists.lists();
    if (!lists.length) console.log("No allow-list has been frozen yet.");
    for (const l of lists) {
      console.log(
        `${l.id}  ${l.status.toUpperCase()}  ${l.kind}${l.sprint_id ? ` (sprint ${l.sprint_id})` : ""}  ${l.entry_count} entries  ${tokens(l.total_amount)} tokens  root ${l.root}  frozen ${l.frozen_at} by ${l.frozen_by}` +
          (l.unfrozen_at ? `  unfrozen ${l.unfrozen_at} by ${l.unfrozen_by}: ${l.unfreeze_reason}` : ""),
      );
    }
  } else if (action === "export") {
    const files = await allowlists.exportFiles(String(values.id ?? ""));
    console.log(`Written: ${files.tree}\n         ${files.csv}`);
  } else {
    throw new Error(USAGE);
  }
}
