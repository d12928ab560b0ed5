import net from "node:net";
import type { TestProject } from "vitest/node";
import setupDatabases from "../global-setup.ts";

export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

/** True when a Redis server answers PING at url within 2 s. */
async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || "127.0.0.1", port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

/**
 * The resilience suite needs PostgreSQL (database outage, several servers) and Redis (shared rate
 * limits). Absent ones make their tests skip with a message, unless REQUIRE_POSTGRES=1 (CI), which
 * makes either one's absence fatal.
 */
export default async function setup(project: TestProject) {
  await setupDatabases(project);
  const url = process.env.TEST_REDIS_URL || DEFAULT_REDIS_URL;
  const available = await redisAnswers(url);
  if (!available && process.env.REQUIRE_POSTGRES === "1") {
    throw new Error(`Redis is required by the resilience tests (REQUIRE_POSTGRES=1) but ${url} does not answer; set TEST_REDIS_URL.`);
  }
  if (!available) console.log(`Redis not reachable at ${url}: the several-servers tests are skipped (set TEST_REDIS_URL).\n`);
  project.provide("redisUrl", available ? url : "");
}

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
  }
}
