import { hasValidChecksum } from "@vestin/shared/leads";
import { parseCsv, type CsvRecord } from "../../lib/csv.ts";
import type { LeaderboardEntry } from "./repository.ts";

const USERNAME_HEADERS = ["zealyusername", "zealy_username", "zealy username", "username", "user", "name"];
const XP_HEADERS = ["xp", "totalxp", "total_xp", "total xp", "points"];
/** Zealy exports carry each member's connected wallet; other tools name the column differently. */
const WALLET_HEADERS = [
  "wallet",
  "walletaddress",
  "wallet_address",
  "wallet address",
  "connected wallet",
  "connectedwallet",
  "address",
  "ethereum address",
  "eth address",
  "evm address",
];
export const USERNAME_MAX = 100;
const XP_MAX = 1_000_000_000;

export type LeaderboardParse = { entries: LeaderboardEntry[]; errors: string[] };

/**
 * A leaderboard export: a header row naming a username column (zealyUsername, username …), an
 * XP column (xp, totalXp …) and optionally a wallet column (wallet, walletAddress, connected
 * wallet …: a claim for that username must then be signed by that wallet); other columns are
 * ignored. A blank wallet means none linked. Every problem is reported with its line; the caller
 * imports nothing unless the list of errors is empty.
 */
export function parseLeaderboardCsv(text: string): LeaderboardParse {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (err) {
    return { entries: [], errors: [err instanceof Error ? err.message : String(err)] };
  }
  const [header, ...rows] = records;
  if (!header) return { entries: [], errors: ["the file is empty"] };
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const userCol = names.findIndex((n) => USERNAME_HEADERS.includes(n));
  const xpCol = names.findIndex((n) => XP_HEADERS.includes(n));
  const walletCol = names.findIndex((n) => WALLET_HEADERS.includes(n));
  const errors: string[] = [];
  if (userCol < 0) errors.push(`line ${header.line}: no username column (expected one of: zealyUsername, username)`);
  if (xpCol < 0) errors.push(`line ${header.line}: no XP column (expected one of: xp, totalXp)`);
  if (errors.length) return { entries: [], errors };

  const entries: LeaderboardEntry[] = [];
  const seen = new Map<string, number>();
  const walletLines = new Map<string, { line: number; username: string }>();
  for (const row of rows) {
    const zealyUsername = (row.cells[userCol] ?? "").trim();
    const rawXp = (row.cells[xpCol] ?? "").trim();
    if (!zealyUsername) {
      errors.push(`line ${row.line}: the username is empty`);
      continue;
    }
    if (zealyUsername.length > USERNAME_MAX) {
      errors.push(`line ${row.line}: the username is longer than ${USERNAME_MAX} characters`);
      continue;
    }
    if (!/^(\d+|\d{1,3}(,\d{3})+)$/.test(rawXp)) {
      errors.push(`line ${row.line}: XP "${rawXp}" for ${zealyUsername} is not a whole number`);
      continue;
    }
    const xp = Number(rawXp.replaceAll(",", ""));
    if (xp > XP_MAX) {
      errors.push(`line ${row.line}: XP ${rawXp} for ${zealyUsername} is implausibly large`);
      continue;
    }
    const rawWallet = walletCol < 0 ? "" : (row.cells[walletCol] ?? "").trim();
    if (rawWallet && !(/^0x[0-9a-fA-F]{40}$/.test(rawWallet) && hasValidChecksum(rawWallet))) {
      errors.push(
        `line ${row.line}: wallet "${rawWallet.slice(0, 60)}" for ${zealyUsername} is not a valid Ethereum address (0x and 40 hex digits, with a correct EIP-55 checksum when mixed-case)`,
      );
      continue;
    }
    const key = zealyUsername.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push(`line ${row.line}: ${zealyUsername} is listed twice (first on line ${first})`);
      continue;
    }
    const wallet = rawWallet ? rawWallet.toLowerCase() : null;
    const holder = wallet ? walletLines.get(wallet) : undefined;
    if (wallet && holder) {
      errors.push(
        `line ${row.line}: wallet ${rawWallet} of ${zealyUsername} is also listed for ${holder.username} (line ${holder.line}): one wallet can claim for one account`,
      );
      continue;
    }
    seen.set(key, row.line);
    if (wallet) walletLines.set(wallet, { line: row.line, username: zealyUsername });
    entries.push({ zealyUsername, xp, wallet });
  }
  if (!errors.length && entries.length === 0) errors.push("the file has a header but no participants");
  return { entries, errors };
}
