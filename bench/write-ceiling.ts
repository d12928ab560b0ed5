/**
 * The write ceiling of `npm run bench`: a bare Fastify route in a process of its own that stores
 * one row per request, in its own transaction, with the project's durability: SQLite in WAL mode
 * with `synchronous = FULL` (the pragmas of apps/server/src/db/database.ts), or PostgreSQL with its
 * default commit (a single INSERT, committed on its own, through a pool of 10 like the server's).
 * Its row's id is made as the server makes ids (time-ordered UUIDs), so its one index costs what
 * the server's id indexes cost.
 * CEILING_DATABASE_URL names the database (sqlite:<file> or postgres://…). POST /rows takes any
 * JSON body and answers 201 with the new row's id; GET /ready answers 200.
 */
import SQLite from "better-sqlite3";
import Fastify from "fastify";
import pg from "pg";
import { newId } from "../apps/server/src/lib/ids.ts";

const url = process.env.CEILING_DATABASE_URL ?? "";
const CREATE = "create table if not exists bench_ceiling_rows (id text primary key, body text not null, created_at text not null)";

async function rowWriter(): Promise<(body: string) => Promise<void>> {
  if (url.startsWith("sqlite:")) {
    const db = new SQLite(url.slice("sqlite:".length));
    db.pragma("journal_mode = WAL");
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    db.pragma("synchronous = FULL");
    db.exec(CREATE);
    const insert = db.prepare("insert into bench_ceiling_rows (id, body, created_at) values (?, ?, ?)");
    return async (body) => {
      insert.run(newId(), body, new Date().toISOString());
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query(CREATE);
  return async (body) => {
    await pool.query("insert into bench_ceiling_rows (id, body, created_at) values ($1, $2, $3)", [newId(), body, new Date().toISOString()]);
  };
}

const write = await rowWriter();
const app = Fastify({ logger: false });
app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
app.get("/ready", async () => ({ ok: true }));
app.post("/rows", async (request, reply) => {
  await write(typeof request.body === "string" ? request.body : "");
  return reply.status(201).send({ success: true });
});

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
