import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, ROOT_DIR } from "../../config.ts";
import { openDatabase } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { hasWebBuild } from "../../web/ssr.ts";
import { createTestDatabase, testDialects } from "../../../test/harness.ts";
import { freePort } from "../../../test/free-port.ts";
import { fetchPost, signedClaimBody } from "../../../test/wallet.ts";

/**
 * "201 means stored": the real server process answers 201, is killed with SIGKILL at once (no
 * graceful shutdown, nothing flushed afterwards), restarts on the same database, and every
 * submission that got its 201 is there.
 */
const ENTRY = hasWebBuild() ? "apps/server/src/main.ts" : "apps/server/src/features/leads/testing/api-only-server.ts";

type Server = { child: ChildProcess; url: string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> };

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [ENTRY], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      RATE_LIMITS: "off",
      FORM_GUARD: "off",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  // A start is a few seconds on a quiet machine; on a CI machine busy with the other suites a
  // restart after SIGKILL was seen to take over 60 s, so the wait is generous (a hang still fails).
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { child, url, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not become healthy within 120 s");
}

const stamp = `${Date.now()}`;
const submissions: Array<{ table: keyof DB; url: string; body: Record<string, unknown> }> = [
  {
    table: "contacts",
    url: "/api/v1/contacts",
    body: { firstName: "Kill", lastName: "Test", email: `kill.${stamp}@example.com`, confirmEmail: `kill.${stamp}@example.com` },
  },
  {
    table: "presale_registrations",
    url: "/api/v1/presale",
    body: {
      fullName: "Kill Test",
      email: `kill.${stamp}@example.com`,
      walletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      investmentRange: "$100 - $500",
      cryptoExperience: "Beginner",
      reference: "YouTube",
      additionalInfo: "learning",
    },
  },
  { table: "testnet_signups", url: "/api/v1/testnet-signup", body: { username: "Kill Test", email: `kill.${stamp}@example.com` } },
  // Signed by a wallet once the server runs (a claim needs a fresh Sign-In with Ethereum message).
  { table: "pioneer_users", url: "/api/v1/pioneer-users", body: { zealyUsername: "pioneer-0001", email: `kill.${stamp}@example.com`, tgAccount: "@killtest" } },
];

describe("201 means stored", () => {
  for (const dialect of testDialects()) {
    it(`keeps every submission that got a 201 when the server is killed with SIGKILL [${dialect}]`, { timeout: 300_000 }, async () => {
      const testDb = await createTestDatabase(dialect);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "vestin-kill-"));
      const env = { DATABASE_URL: testDb.url, DATA_DIR: dataDir };
      let server: Server | undefined;
      try {
        server = await startServer(env);
        const running = server;
        let killed = false;
        const acknowledged: Array<{ table: keyof DB; id: string }> = [];
        const bodies = await Promise.all(
          submissions.map(async ({ table, body }) => (table === "pioneer_users" ? signedClaimBody(fetchPost(running.url), body) : body)),
        );
        // All four forms at once; the first 201 kills the process where it stands.
        await Promise.allSettled(
          submissions.map(async ({ table, url }, i) => {
            const body = bodies[i];
            const res = await fetch(`${running.url}${url}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
            const json = (await res.json()) as { data?: { _id?: string } };
            if (res.status !== 201 || !json.data?._id) throw new Error(`${url} answered ${res.status}`);
            acknowledged.push({ table, id: json.data._id });
            if (!killed) {
              killed = true;
              running.child.kill("SIGKILL");
            }
          }),
        );
        expect(killed).toBe(true);
        expect(await running.exited).toEqual({ code: null, signal: "SIGKILL" });
        expect(acknowledged.length).toBeGreaterThan(0);

        server = await startServer(env);
        const health = await fetch(`${server.url}/api/v1/health`);
        expect(health.status).toBe(200);
        const config = loadConfig({ DATABASE_URL: testDb.url, DATA_DIR: dataDir, JWT_SECRET: "x".repeat(32) });
        const database = await openDatabase(config.database);
        try {
          for (const { table, id } of acknowledged) {
            const row = await database.db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst();
            expect(row, `${table} ${id}`).toEqual({ id });
          }
          // A sign-up that asks for a confirmation has its request stored with it (a job of the same
          // transaction): the restarted server works it, storing the link its e-mail carries.
          if (acknowledged.some((a) => a.table !== "contacts")) {
            const links = () => database.db.selectFrom("lead_confirmations").select("email").where("email", "=", `kill.${stamp}@example.com`).execute();
            await expect.poll(async () => (await links()).length, { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
          }
        } finally {
          await database.close();
        }
        if (acknowledged.some((a) => a.table === "presale_registrations")) {
          const queue = await fetch(`${server.url}/api/v1/presale/${encodeURIComponent(`kill.${stamp}@example.com`)}`);
          expect(queue.status).toBe(200);
        }
      } finally {
        if (server && server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill("SIGTERM");
          await server.exited;
        }
        await testDb.dispose();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
