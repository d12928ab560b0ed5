/**
 * `npm run leaderboard:import -- file.csv [--token-pool N] [--sprint-id ID] [--name TEXT] [--period TEXT]`
 *
 * Replaces the active sprint's leaderboard with a Zealy export (a CSV with a username column, an
 * XP column and optionally each member's connected wallet), in one transaction: nothing changes
 * unless every line is valid. A sprint whose allow-list is frozen is refused. The sprint's
 * combined XP becomes the sum of the file; its token pool stays unless --token-pool is given.
 * With --sprint-id naming a new sprint, that sprint is created (--token-pool required) and becomes
 * the active one. Claims already made keep the rewards computed when they were made.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../../config.ts";
import { DatabaseConnectError, migrateToLatest, openDatabase } from "../../db/database.ts";
import { nowIso } from "../../lib/ids.ts";
import { parseLeaderboardCsv } from "./leaderboard-csv.ts";
import { AppError } from "../../lib/errors.ts";
import { assertSprintOpen } from "./sprint-guard.ts";
import { leadsRepository, replaceLeaderboard, sprintById } from "./repository.ts";

const USAGE = "Usage: npm run leaderboard:import -- file.csv [--token-pool N] [--sprint-id ID] [--name TEXT] [--period TEXT]";
const MAX_SHOWN_ERRORS = 20;

class UsageError extends Error {}

function positiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.replaceAll(",", "")) || Number(value.replaceAll(",", "")) <= 0)
    throw new UsageError(`${flag} must be a positive whole number of tokens`);
  return Number(value.replaceAll(",", ""));
}

type ImportOptions = {
  /** Where relative file paths start. */
  cwd?: string;
  out?: (line: string) => void;
  env?: Record<string, string | undefined>;
};

/** The command's file and options (throws on an unknown option or a missing value). */
function parseImportArguments(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      "token-pool": { type: "string" },
      "sprint-id": { type: "string" },
      name: { type: "string" },
      period: { type: "string" },
    },
  });
}

export async function importLeaderboard(argv: string[], { cwd = process.cwd(), out = console.log, env = process.env }: ImportOptions = {}): Promise<number> {
  let args: ReturnType<typeof parseImportArguments>;
  try {
    args = parseImportArguments(argv);
  } catch (err) {
    out(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const [file, ...extra] = args.positionals;
  if (!file || extra.length) {
    out(USAGE);
    return 2;
  }
  let tokenPool: number | undefined;
  try {
    tokenPool = positiveInteger(args.values["token-pool"], "--token-pool");
  } catch (err) {
    out(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }

  const fullPath = path.resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(fullPath, "utf8");
  } catch (err) {
    out(`Cannot read ${fullPath}: ${(err as Error).message}`);
    return 1;
  }
  const { entries, errors } = parseLeaderboardCsv(text);
  if (errors.length) {
    out(`Nothing imported: ${errors.length} problem${errors.length === 1 ? "" : "s"} in ${file}:`);
    for (const error of errors.slice(0, MAX_SHOWN_ERRORS)) out(`  ${error}`);
    if (errors.length > MAX_SHOWN_ERRORS) out(`  … and ${errors.length - MAX_SHOWN_ERRORS} more`);
    return 1;
  }

  const config = loadConfig(env);
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database);
    const result = await database.db.transaction().execute(async (trx) => {
      const requestedId = args.values["sprint-id"];
      const current = requestedId ? await sprintById(trx, requestedId) : await leadsRepository(trx).activeSprint();
      const id = requestedId ?? current?.id ?? "community-sprint";
      const pool = tokenPool ?? current?.token_pool;
      if (!pool) throw new UsageError(`Sprint "${id}" is new: give its airdrop pool with --token-pool N (in tokens).`);
      const sprint = {
        id,
        name: args.values.name ?? current?.name ?? "Community Quest Sprint",
        period: args.values.period ?? current?.period ?? "",
        tokenPool: pool,
      };
      // Checked for every target (a sprint named by --sprint-id may have a frozen list too).
      await assertSprintOpen(trx, id);
      return { sprint, ...(await replaceLeaderboard(trx, sprint, entries, nowIso())) };
    });
    const n = (v: number) => v.toLocaleString("en-US");
    out(
      `Imported ${n(result.participants)} participants (${n(result.withWallet)} with a wallet) with ${n(result.totalXp)} XP in total into sprint "${result.sprint.id}" ` +
        `(${result.sprint.name}${result.sprint.period ? `, ${result.sprint.period}` : ""}); token pool ${n(result.sprint.tokenPool)}. It is now the active sprint.`,
    );
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      out(err.message);
      return 2;
    }
    if (err instanceof AppError) {
      out(`Nothing imported: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

// Run as a command (not when a test imports the module). npm keeps the caller's directory in INIT_CWD.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  importLeaderboard(process.argv.slice(2), { cwd: process.env.INIT_CWD ?? process.cwd() })
    .then((code) => process.exit(code))
    .catch((err: unknown) => {
      if (err instanceof ConfigError || err instanceof DatabaseConnectError) console.error(`\nCannot import: ${err.message}\n`);
      else console.error(err);
      process.exit(1);
    });
}
