import { parseArgs } from "node:util";
import { loadConfig } from "../../config.ts";
import { migrateToLatest, openDatabase } from "../../db/database.ts";
import { createMailer } from "../../lib/mailer.ts";
import { createRateLimiter } from "../../lib/rate-limit.ts";
import { createAccountsService } from "../accounts/service.ts";
import { recordAudit } from "./audit.ts";

const USAGE = `Usage:
  npm run admin -- create-user --email <address> --name "<First Last>"
      creates an administrator and prints a one-time link to set the password (also e-mailed)
  npm run admin -- promote --email <address>    gives an existing account the admin role
  npm run admin -- demote --email <address>     takes it back (and signs that account out everywhere)`;

const { positionals, values } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { email: { type: "string" }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
});
const command = positionals[0];
if (values.help || !command || !["create-user", "promote", "demote"].includes(command) || !values.email) {
  console.log(USAGE);
  process.exit(command && !values.help ? 2 : 0);
}

const config = loadConfig();
const database = await openDatabase(config.database);
const log = { info: (details: object, message: string) => console.log(`${message}: ${JSON.stringify(details)}`), error: console.error };
try {
  await migrateToLatest(database);
  const limiter = createRateLimiter({ enabled: false });
  const accounts = createAccountsService({ database, config, mailer: createMailer(config, log), limiter, log: log as never });
  const email = String(values.email).trim().toLowerCase();
  if (command === "create-user") {
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
