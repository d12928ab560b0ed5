/** The bench's scratch databases: a SQLite file in a directory, or a PostgreSQL database made for the run and dropped after it. */
import path from "node:path";
import pg from "pg";

export const PG_ADMIN = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export async function databaseFor(dialect: "sqlite" | "postgres", dir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === "sqlite") return { url: `sqlite:${path.join(dir, "bench.db")}`, drop: async () => {} };
  const name = `vestin_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function postgresAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}
