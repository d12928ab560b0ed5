import pg from "pg";
import type { TestProject } from "vitest/node";

export const DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/test";

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Decides once which databases the API tests run on: SQLite always; PostgreSQL when
 * TEST_DATABASE_URL is set or 127.0.0.1:5432 answers. REQUIRE_POSTGRES=1 (CI) makes its absence fatal.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_PG_URL;
  const available = await postgresAnswers(url);
  if (!available && process.env.REQUIRE_POSTGRES === "1") {
    throw new Error(`PostgreSQL is required (REQUIRE_POSTGRES=1) but ${url} does not answer.`);
  }
  project.provide("postgresUrl", available ? url : "");
  console.log(
    `\nAPI tests run on: SQLite${available ? ` and PostgreSQL (${url.replace(/\/\/([^:@/]+):[^@]+@/, "//$1:***@")})` : " only (PostgreSQL not reachable; set TEST_DATABASE_URL)"}\n`,
  );
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
