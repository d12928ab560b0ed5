import { parseArgs } from "node:util";
import { loadConfig } from "../../config.ts";
import { migrateToLatest, openDatabase } from "../../db/database.ts";
import { createMailer } from "../../lib/mailer.ts";
import { createRateLimiter } from "../../lib/rate-limit.ts";
import { CONFIRMATION } from "@vestin/shared/form-guard";
import { createAccountsService } from "../accounts/service.ts";
import { createFormGuard } from "../form-guard/service.ts";
import { createLeadsService } from "../leads/service.ts";
import { recordAudit } from "./audit.ts";

const USAGE = `Usage:
  npm run admin -- create-user --email <address> --name "<First Last>"
      creates an administrator and prints a one-time link to set the password (also e-mailed)
  npm run admin -- promote --email <address>    gives an existing account the admin role
  npm run admin -- demote --email <address>     takes it back (and signs that account out everywhere)
  npm run admin -- purge-unverified [--dry-run] [--days ${CONFIRMATION.purgeAfterDays}]
      deletes presale, waitlist and airdrop leads whose e-mail was never confirmed and that are older
      than --days (${CONFIRMATION.purgeAfterDays}); --dry-run only counts them`;

const { positionals, values } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    email: { type: "string" },
    name: { type: "string" },
    "dry-run": { type: "boolean" },
    days: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
const command = positionals[0];
const needsEmail = command !== "purge-unverified";
if (values.help || !command || !["create-user", "promote", "demote", "purge-unverified"].includes(command) || (needsEmail && !values.email)) {
  console.log(USAGE);
  process.exit(command && !values.help ? 2 : 0);
}

const config = loadConfig();
const database = await openDatabase(config.database);
const log = { info: (details: object, message: string) => console.log(`${message}: ${JSON.stringify(details)}`), error: console.error };
try {
  await migrateToLatest(database);
  const limiter = createRateLimiter({ enabled: false });
  const mailer = createMailer(config, log);
  const formGuard = createFormGuard({ config, database, log: log as never });
  const accounts = createAccountsService({ database, config, mailer, limiter, log: log as never, formGuard });
  const email = String(values.email ?? "").trim().toLowerCase();
  if (command === "purge-unverified") {
    const days = Number(values.days ?? CONFIRMATION.purgeAfterDays);
    if (!Number.isInteger(days) || days < 1) throw new Error("--days must be a whole number of days, 1 or more.");
    const cutoff = new Date(Date.now() - days * 86_400_000).toISOString();
    const dryRun = Boolean(values["dry-run"]);
    const leads = createLeadsService({ database, mailer, limiter, log: log as never, formGuard, publicUrl: config.publicUrl });
    const counts = await leads.purgeUnverified(cutoff, dryRun);
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    const detail = `presale ${counts.presale}, waitlist ${counts.testnet}, airdrop claims ${counts.pioneers}`;
    if (dryRun) {
      console.log(`Dry run: ${total} unverified lead(s) older than ${days} days would be deleted (${detail}). Nothing was changed.`);
    } else {
      const tokens = await formGuard.deleteExpired();
      await recordAudit(database.db, { actorId: null, actorEmail: "command line", action: "CLI purge-unverified", targetType: "leads", targetId: null, details: { days, ...counts } });
      console.log(`Deleted ${total} unverified lead(s) older than ${days} days (${detail}) and ${tokens} expired form token(s).`);
    }
  } else if (command === "create-user") {
    const [firstName = "", ...rest] = String(values.name ?? "").trim().split(/\s+/);
    if (!firstName) throw new Error('Give the administrator\'s name with --name "First Last".');
    const { user, link } = await accounts.createAdmin({ email, firstName, lastName: rest.join(" ") });
    await recordAudit(database.db, { actorId: null, actorEmail: "command line", action: "CLI create-user", targetType: "users", targetId: user._id });
    console.log(`\nAdministrator ${user.email} created. One-time link to set the password (valid 24 hours):\n\n  ${link}\n`);
  } else {
    const role = command === "promote" ? "admin" : "user";
    const user = await accounts.setRole(email, role);
    await recordAudit(database.db, { actorId: null, actorEmail: "command line", action: `CLI ${command}`, targetType: "users", targetId: user._id });
    console.log(`${user.email} is now ${role === "admin" ? "an administrator" : "a regular user"}.`);
  }
} catch (err) {
  console.error(`\n${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
