import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { allocateRewards, poolShareOf, TOKEN_UNIT, tokenAmountText } from "@vestin/shared/leads";
import { loadConfig } from "../../config.ts";
import { migrateToLatest, openDatabase } from "../../db/database.ts";
import { seedDatabase } from "../../db/seed/index.ts";
import { createTestDatabase, describeEachDatabase, testDialects } from "../../../test/harness.ts";
import { frozenAllowlistRow } from "../../../test/helpers.ts";
import { importLeaderboard } from "./import-leaderboard.ts";
import { parseCsv } from "../../lib/csv.ts";
import { parseLeaderboardCsv } from "./leaderboard-csv.ts";
import { rankEntries } from "./repository.ts";
import { DEMO_SPRINT, demoLeaderboard, leadsSeeder } from "./seed.ts";

describe("CSV parsing", () => {
  it("reads quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF and a BOM", () => {
    const text = '\uFEFFzealyUsername,xp\r\n"O\'Brien, Pat",120\r\n"say ""hi""",7\n"two\nlines",3\n\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ["zealyUsername", "xp"] },
      { line: 2, cells: ["O'Brien, Pat", "120"] },
      { line: 3, cells: ['say "hi"', "7"] },
      { line: 4, cells: ["two\nlines", "3"] },
    ]);
    expect(parseCsv("a,b")).toEqual([{ line: 1, cells: ["a", "b"] }]);
    expect(parseCsv("a,,\n")).toEqual([{ line: 1, cells: ["a", "", ""] }]);
    expect(parseCsv('a,b\r c , "d" \r\n\r"e\nf",g')).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["c", "d"] },
      { line: 4, cells: ["e\nf", "g"] },
    ]);
  });

  it("refuses broken quoting with the line number", () => {
    expect(() => parseCsv('a,b\n"open,1\n')).toThrow(/line 2: a quoted field is not closed/);
    expect(() => parseCsv('a,b\n"x"y,1\n')).toThrow(/line 2: unexpected text after a closing quote/);
    expect(() => parseCsv('a,b\nx"y",1\n')).toThrow(/line 2: a quote may only open a field/);
    // The line the broken field starts on, after a record that spans two lines and a blank line.
    expect(() => parseCsv('a,b\n"two\nlines",1\n\n"open,1\nmore\n')).toThrow(/line 5: a quoted field is not closed/);
  });

  it("finds the username and XP columns by name and checks every line", () => {
    const ok = parseLeaderboardCsv('rank,Username,XP,joined\n1,alice,"1,200",2024-12-01\n2,bob,300,2024-12-02\n');
    expect(ok).toEqual({
      entries: [
        { zealyUsername: "alice", xp: 1200, wallet: null },
        { zealyUsername: "bob", xp: 300, wallet: null },
      ],
      errors: [],
    });

    const bad = parseLeaderboardCsv("zealyUsername,xp\nalice,10\n,5\nbob,ten\nALICE,3\ncarol,-1\n");
    expect(bad.errors).toEqual([
      "line 3: the username is empty",
      'line 4: XP "ten" for bob is not a whole number',
      "line 5: ALICE is listed twice (first on line 2)",
      'line 6: XP "-1" for carol is not a whole number',
    ]);
    expect(parseLeaderboardCsv("name,score\nalice,1\n").errors).toEqual(["line 1: no XP column (expected one of: xp, totalXp)"]);
    expect(parseLeaderboardCsv("").errors).toEqual(["the file is empty"]);
    expect(parseLeaderboardCsv("username,xp\n").errors).toEqual(["the file has a header but no participants"]);
  });

  it("reads each member's connected wallet when the export has one, and refuses malformed or shared wallets", () => {
    const ok = parseLeaderboardCsv(
      "Username,XP,Connected Wallet\nalice,10,0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\nbob,5,\ncarol,3,0xDE709F2102306220921060314715629080E2FB77\n",
    );
    expect(ok.errors).toEqual([]);
    expect(ok.entries).toEqual([
      { zealyUsername: "alice", xp: 10, wallet: "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed" },
      { zealyUsername: "bob", xp: 5, wallet: null },
      { zealyUsername: "carol", xp: 3, wallet: "0xde709f2102306220921060314715629080e2fb77" },
    ]);
    const bad = parseLeaderboardCsv(
      "zealyUsername,xp,walletAddress\n" +
        "alice,10,0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD\n" + // one letter's case changed: checksum fails
        "bob,5,0x1234\n" +
        "carol,3,vitalik.eth\n" +
        "dave,2,0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359\n" +
        "erin,1,0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359\n",
    );
    expect(bad.errors).toEqual([
      'line 2: wallet "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" for alice is not a valid Ethereum address (0x and 40 hex digits, with a correct EIP-55 checksum when mixed-case)',
      'line 3: wallet "0x1234" for bob is not a valid Ethereum address (0x and 40 hex digits, with a correct EIP-55 checksum when mixed-case)',
      'line 4: wallet "vitalik.eth" for carol is not a valid Ethereum address (0x and 40 hex digits, with a correct EIP-55 checksum when mixed-case)',
      "line 6: wallet 0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359 of erin is also listed for dave (line 5): one wallet can claim for one account",
    ]);
  });

  it("ranks 1 + the number with more XP", () => {
    const ranked = rankEntries([
      { zealyUsername: "c", xp: 5 },
      { zealyUsername: "a", xp: 9 },
      { zealyUsername: "b", xp: 5 },
      { zealyUsername: "d", xp: 1 },
    ]);
    expect(ranked.map((e) => [e.zealyUsername, e.rank])).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 2],
      ["d", 4],
    ]);
  });
});

describe("the demo leaderboard", () => {
  it("holds the figures of /zealy-claim: 5,000 pioneers, 445,000 XP, pioneer-0047 ranked 47 with 8,247 XP (1.85%)", () => {
    const board = demoLeaderboard();
    expect(board).toHaveLength(5000);
    expect(board[0]?.zealyUsername).toBe("pioneer-0001");
    expect(board.at(-1)?.zealyUsername).toBe("pioneer-5000");
    expect(board.reduce((sum, e) => sum + e.xp, 0)).toBe(445_000);
    expect(Math.min(...board.map((e) => e.xp))).toBeGreaterThanOrEqual(1);
    const ranked = rankEntries(board);
    expect(ranked.find((e) => e.zealyUsername === "pioneer-0047")).toEqual({ zealyUsername: "pioneer-0047", xp: 8247, rank: 47 });
    expect(poolShareOf(8247, 445_000)).toEqual({ poolShare: 0.0185, basisPoints: 185 });
    // The exact ratio: 8,247 / 445,000 of 100,000 tokens, to the base unit; the whole board shares out the pool exactly.
    const rewards = allocateRewards(board, DEMO_SPRINT.tokenPool);
    expect(tokenAmountText(rewards[46] ?? 0n)).toBe("1853.258426966292134831");
    expect(rewards.reduce((a, b) => a + b, 0n)).toBe(BigInt(DEMO_SPRINT.tokenPool) * TOKEN_UNIT);
  });
});

describeEachDatabase("the seeded sprint", (t) => {
  it("is stored with its pool, combined XP and 5,000 ranked participants", async () => {
    const { db } = t().database;
    const sprint = await db.selectFrom("sprints").selectAll().where("id", "=", DEMO_SPRINT.id).executeTakeFirstOrThrow();
    expect(sprint).toMatchObject({ token_pool: 100_000, total_xp: 445_000, participant_count: 5000, is_active: 1, period: "December 2024" });
    const sum = await db
      .selectFrom("sprint_leaderboard")
      .select((eb) => [eb.fn.sum<number>("xp").as("xp"), eb.fn.countAll().as("n")])
      .executeTakeFirstOrThrow();
    expect(Number(sum.xp)).toBe(445_000);
    expect(Number(sum.n)).toBe(5000);
    const featured = await db.selectFrom("sprint_leaderboard").selectAll().where("username_key", "=", "pioneer-0047").executeTakeFirstOrThrow();
    expect(featured).toMatchObject({ xp: 8247, rank: 47 });
    // The stored rewards share out the 100,000-token pool to the base unit.
    const units = await db.selectFrom("sprint_leaderboard").select("reward_units").where("sprint_id", "=", DEMO_SPRINT.id).execute();
    expect(units.reduce((sum, r) => sum + BigInt(r.reward_units), 0n)).toBe(100_000n * TOKEN_UNIT);
  });

  it("is not seeded over an existing sprint", async () => {
    const { database } = t();
    await database.db.deleteFrom("app_meta").where("key", "=", `seed:${leadsSeeder.name}`).execute();
    await database.db.updateTable("sprints").set({ total_xp: 1 }).where("id", "=", DEMO_SPRINT.id).execute();
    await seedDatabase(database, [leadsSeeder]);
    const sprint = await database.db.selectFrom("sprints").select("total_xp").where("id", "=", DEMO_SPRINT.id).executeTakeFirstOrThrow();
    expect(sprint.total_xp).toBe(1);
    await database.db.updateTable("sprints").set({ total_xp: 445_000 }).where("id", "=", DEMO_SPRINT.id).execute();
  });
});

describe("npm run leaderboard:import", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-import-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const dialect of testDialects()) {
    it(`replaces the active sprint's leaderboard, all or nothing [${dialect}]`, { timeout: 60_000 }, async () => {
      const testDb = await createTestDatabase(dialect);
      const env = { DATABASE_URL: testDb.url, DATA_DIR: dir, JWT_SECRET: "x".repeat(40), LOG_LEVEL: "silent" };
      const config = loadConfig(env);
      const database = await openDatabase(config.database);
      try {
        await migrateToLatest(database);
        await seedDatabase(database, [leadsSeeder]);
        const lines: string[] = [];
        const out = (line: string) => lines.push(line);

        writeFileSync(path.join(dir, "bad.csv"), "zealyUsername,xp\nnova,100\nnova,5\n");
        expect(await importLeaderboard(["bad.csv"], { cwd: dir, out, env })).toBe(1);
        expect(lines.join("\n")).toContain("line 3: nova is listed twice (first on line 2)");
        expect(await database.db.selectFrom("sprint_leaderboard").select("username_key").where("username_key", "=", "nova").executeTakeFirst()).toBeUndefined();

        writeFileSync(path.join(dir, "good.csv"), "zealyUsername,xp\nNova,600\norion,300\nlyra,100\n");
        expect(await importLeaderboard(["good.csv", "--token-pool", "20000"], { cwd: dir, out, env })).toBe(0);
        expect(lines.at(-1)).toMatch(
          /Imported 3 participants \(0 with a wallet\) with 1,000 XP in total into sprint "community-sprint-2024-12".*token pool 20,000/,
        );
        const sprint = await database.db.selectFrom("sprints").selectAll().where("is_active", "=", 1).executeTakeFirstOrThrow();
        expect(sprint).toMatchObject({ id: DEMO_SPRINT.id, total_xp: 1000, participant_count: 3, token_pool: 20_000 });
        const board = await database.db
          .selectFrom("sprint_leaderboard")
          .select(["zealy_username", "xp", "rank"])
          .where("sprint_id", "=", DEMO_SPRINT.id)
          .orderBy("rank")
          .execute();
        expect(board).toEqual([
          { zealy_username: "Nova", xp: 600, rank: 1 },
          { zealy_username: "orion", xp: 300, rank: 2 },
          { zealy_username: "lyra", xp: 100, rank: 3 },
        ]);

        // A wallet column: stored lower-cased, a claim must then be signed by it.
        writeFileSync(path.join(dir, "wallets.csv"), "username,xp,wallet\nNova,600,0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\norion,300,\n");
        expect(await importLeaderboard(["wallets.csv"], { cwd: dir, out, env })).toBe(0);
        expect(lines.at(-1)).toMatch(/Imported 2 participants \(1 with a wallet\)/);
        const linked = await database.db
          .selectFrom("sprint_leaderboard")
          .select(["username_key", "wallet_address"])
          .where("sprint_id", "=", DEMO_SPRINT.id)
          .orderBy("rank")
          .execute();
        expect(linked).toEqual([
          { username_key: "nova", wallet_address: "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed" },
          { username_key: "orion", wallet_address: null },
        ]);
        writeFileSync(path.join(dir, "bad-wallet.csv"), "username,xp,wallet\nNova,600,0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD\n");
        expect(await importLeaderboard(["bad-wallet.csv"], { cwd: dir, out, env })).toBe(1);
        expect(lines.join("\n")).toContain('line 2: wallet "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" for Nova is not a valid Ethereum address');

        // A sprint whose allow-list is frozen keeps its leaderboard.
        await database.db
          .insertInto("allowlists")
          .values(frozenAllowlistRow("frozen", DEMO_SPRINT.id, "ops@example.com"))
          .execute();
        expect(await importLeaderboard(["good.csv"], { cwd: dir, out, env })).toBe(1);
        expect(lines.at(-1)).toContain("allow-list has been frozen");
        expect(await database.db.selectFrom("sprint_leaderboard").select("username_key").where("sprint_id", "=", DEMO_SPRINT.id).execute()).toHaveLength(2);
        await database.db.updateTable("allowlists").set({ status: "unfrozen" }).where("id", "=", "frozen").execute();
        expect(await importLeaderboard(["good.csv"], { cwd: dir, out, env })).toBe(0);

        expect(await importLeaderboard([], { cwd: dir, out, env })).toBe(2);
        expect(await importLeaderboard(["good.csv", "--sprint-id", "spring-2025"], { cwd: dir, out, env })).toBe(2);
        expect(lines.at(-1)).toContain("--token-pool");
        expect(
          await importLeaderboard(["good.csv", "--sprint-id", "spring-2025", "--token-pool", "5000", "--period", "March 2025"], { cwd: dir, out, env }),
        ).toBe(0);
        const active = await database.db.selectFrom("sprints").select(["id", "is_active"]).orderBy("id").execute();
        expect(active).toEqual([
          { id: DEMO_SPRINT.id, is_active: 0 },
          { id: "spring-2025", is_active: 1 },
        ]);
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });
  }
});
