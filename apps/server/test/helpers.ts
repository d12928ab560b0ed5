import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql, type Kysely } from "kysely";
import { generateSecret } from "otplib";
import pg from "pg";
import type { AllowlistsTable, DB, NewsletterSubscribersTable } from "../src/db/schema.ts";
import { totpSecretBox } from "../src/features/two-factor/index.ts";

export type JsonBody = Record<string, unknown>;

/**
 * A JSON answer's `data` as a test reads it: any field, checked by the assertions that read it
 * (each route validates its own answer against its response schema, and the route suites prove
 * that). A precise type here would cost a cast at each of several hundred reads in the suites.
 */
// biome-ignore lint/suspicious/noExplicitAny: the suites' assertions are what checks a test's reads of an answer.
export type AnswerData = any;

/** A JSON answer as the suites read it: the envelope with its data, message and field errors. */
export type Answer = JsonBody & { data: AnswerData; message: string; errors?: Record<string, string> };

/** POST/PUT/GET JSON through inject with an optional bearer token. */
export async function api(app: FastifyInstance, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown, token?: string) {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.statusCode,
    body: res.body ? (res.json() as Answer) : (undefined as never),
    headers: res.headers,
  };
}

/**
 * An answer's body without its request id, which is unique to every answer: two answers that must
 * say the same thing (a wrong password and an unknown e-mail) are compared with it.
 */
export function withoutRequestId(body: Answer): Omit<Answer, "requestId"> {
  const { requestId: _requestId, ...rest } = body;
  return rest;
}

let counter = 0;
/** A unique, valid registration payload. */
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `ada.${Date.now()}.${counter}@example.com`,
    password: "correct horse",
    ...overrides,
  };
}

/**
 * `count` learners' accounts, stored as rows (no password, no session): for tests that need many
 * learners at once and act through the services, since sign-ups through the API would spend the
 * test address's registration allowance that later tests need.
 */
export async function learnerAccounts(app: FastifyInstance, db: Kysely<DB>, count: number) {
  const at = new Date().toISOString();
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await db
    .insertInto("users")
    .values(
      ids.map((id) => ({
        id,
        first_name: "Lea",
        last_name: "Moreau",
        email: `${id}@example.com`,
        password_hash: null,
        role: "user" as const,
        google_sub: null,
        newsletter_opt_in: 0,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  return Promise.all(
    ids.map(async (id) => {
      const account = await app.accounts.userById(id);
      if (!account) throw new Error(`no account ${id}`);
      return account;
    }),
  );
}

/** The .eml files written to DATA_DIR/outbox, oldest first. */
export function outboxMessages(dataDir: string): string[] {
  const dir = path.join(dataDir, "outbox");
  try {
    return readdirSync(dir)
      .sort()
      .map((f) => readFileSync(path.join(dir, f), "utf8"));
  } catch {
    return [];
  }
}

/**
 * The last message the outbox holds for `email` ("" when none). Mail jobs of earlier steps may
 * land in the same wait, so a test picks its message by recipient, not by position.
 */
export function latestMailTo(dataDir: string, email: string): string {
  return (
    outboxMessages(dataDir)
      .filter((m) => m.includes(`To: ${email}`))
      .at(-1) ?? ""
  );
}

/** The first link of a message's plain-text part that starts with base. */
export function linkIn(message: string, base: string): string {
  const unfolded = message.replace(/=\r?\n/g, "");
  const match = new RegExp(`${base.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}[^\\s"<>]+`).exec(unfolded);
  if (!match) throw new Error(`no link to ${base} in the message`);
  return match[0].replace(/=3D/g, "=");
}

/**
 * Opens the lead confirmation link last e-mailed to `email`, as the person does: waits for the
 * mail job, reads the link from the outbox and posts its token; answers the HTTP status.
 */
export async function openLatestConfirmation(ctx: { app: FastifyInstance; config: { dataDir: string; publicUrl: string } }, email: string): Promise<number> {
  await ctx.app.jobs.idle();
  const mail = latestMailTo(ctx.config.dataDir, email);
  const token = new URL(linkIn(mail, `${ctx.config.publicUrl}/confirm?token=`)).searchParams.get("token");
  return (await api(ctx.app, "POST", "/api/v1/confirm", { token })).status;
}

/**
 * Turns two-factor sign-in on for a user as enrolment would leave it (a sealed secret, no
 * recovery codes); answers the secret, from which tests make codes with otplib.
 */
export async function enrolSecondFactor(db: Kysely<DB>, jwtSecret: string, userId: string): Promise<string> {
  const secret = generateSecret();
  await db
    .updateTable("users")
    .set({ totp_secret: totpSecretBox(jwtSecret).seal(secret), totp_enabled_at: new Date().toISOString(), totp_last_step: null })
    .where("id", "=", userId)
    .execute();
  return secret;
}

/** Registers a user and returns its token; with `admin`, promotes it in the database first (and turns on its second factor). */
export async function signedInUser(
  app: FastifyInstance,
  db: Kysely<DB>,
  options: { admin?: boolean } = {},
): Promise<{ token: string; id: string; email: string }> {
  const user = newUser();
  const res = await api(app, "POST", "/api/v1/auth/register", user);
  const id = res.body.data.user._id as string;
  if (options.admin) {
    await db.updateTable("users").set({ role: "admin" }).where("id", "=", id).execute();
    // Administrators need two-factor sign-in before the console answers them.
    await enrolSecondFactor(db, app.config.jwtSecret, id);
  }
  return { token: res.body.data.token as string, id, email: user.email };
}

/**
 * Runs one statement on a database connection of its own, as another server or an operator's
 * SQL would ($1, $2 … placeholders on both databases).
 */
export async function writeElsewhere(databaseUrl: string, statement: string, params: unknown[]): Promise<void> {
  if (databaseUrl.startsWith("sqlite:")) {
    const { default: SQLite } = await import("better-sqlite3");
    // This process's server may hold the write lock until its batch commits on a later turn of
    // the event loop: retry between turns instead of blocking the loop in SQLite's busy wait.
    const other = new SQLite(databaseUrl.slice("sqlite:".length), { timeout: 0 });
    try {
      const prepared = other.prepare(statement.replace(/\$\d+/g, "?"));
      const deadline = Date.now() + 5_000;
      for (;;) {
        try {
          prepared.run(...params);
          return;
        } catch (err) {
          if ((err as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw err;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    } finally {
      other.close();
    }
  }
  const { default: pg } = await import("pg");
  const other = new pg.Client({ connectionString: databaseUrl });
  await other.connect();
  try {
    await other.query(statement, params);
  } finally {
    await other.end();
  }
}

/** A fresh published course with `lessons` short lessons (`minutes` long each), made through the admin API (so tests do not share progress). */
export async function createCourse(
  app: FastifyInstance,
  adminToken: string,
  lessons: number,
  { minutes = 10 }: { minutes?: number } = {},
): Promise<{ id: string; slug: string; lessons: string[] }> {
  const course = await api(
    app,
    "POST",
    "/api/v1/courses",
    {
      title: `Test course ${Math.random().toString(36).slice(2)}`,
      description: "A course for tests.",
      category: "Advanced Topics",
      difficulty: "Intermediate",
    },
    adminToken,
  );
  if (course.status !== 201) throw new Error(`could not create a course: ${course.status}`);
  const ids: string[] = [];
  for (let i = 1; i <= lessons; i++) {
    const lesson = await api(
      app,
      "POST",
      "/api/v1/lessons",
      { courseId: course.body.data._id, title: `Step ${i}`, markdown: `## Part ${i}\n\nText.`, duration: `${minutes} min` },
      adminToken,
    );
    if (lesson.status !== 201) throw new Error(`could not create a lesson: ${lesson.status}`);
    ids.push(lesson.body.data._id as string);
  }
  return { id: course.body.data._id as string, slug: course.body.data.slug as string, lessons: ids };
}

/** How many rows a table holds (suites compare the counts before and after a refused write). PostgreSQL counts in bigint, answered as a string. */
export async function countRows(db: Kysely<DB>, table: keyof DB): Promise<number> {
  const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Each table's row count, to compare before and after writes that must store nothing. */
export async function rowCounts(db: Kysely<DB>, tables: ReadonlyArray<keyof DB>): Promise<Record<string, number>> {
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await countRows(db, table)])));
}

/**
 * A newsletter subscriber's row as the subscription flow leaves it in `status`: confirmation
 * e-mail sent at `at`, confirmed then unless still pending, unsubscribed then when unsubscribed.
 */
export function subscriberRow(id: string, email: string, status: NewsletterSubscribersTable["status"], at: string): NewsletterSubscribersTable {
  return {
    id,
    email,
    status,
    source: "footer",
    source_page: "/",
    confirm_token_hash: null,
    confirm_expires_at: null,
    confirm_mail_sent_at: at,
    created_at: at,
    confirmed_at: status === "pending" ? null : at,
    unsubscribed_at: status === "unsubscribed" ? at : null,
    updated_at: at,
  };
}

/** An empty airdrop allow-list frozen now for a sprint: its claims and leaderboard can no longer change. */
export function frozenAllowlistRow(id: string, sprintId: string, frozenBy: string): AllowlistsTable {
  return {
    id,
    kind: "airdrop",
    sprint_id: sprintId,
    root: "0x00",
    entry_count: 0,
    total_amount: "0",
    tree_dump: "{}",
    status: "frozen",
    frozen_at: new Date().toISOString(),
    frozen_by: frozenBy,
    unfrozen_at: null,
    unfrozen_by: null,
    unfreeze_reason: null,
  };
}

/** The value of an app metric's series whose labels include `labels` (0 while it has none). */
export async function metricValue(
  metric: { get(): Promise<{ values: ReadonlyArray<{ labels: Partial<Record<string, string | number>>; value: number }> }> },
  labels: Record<string, string> = {},
): Promise<number> {
  const { values } = await metric.get();
  return values.filter((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want)).reduce((sum, v) => sum + v.value, 0);
}

/** The texts of the statements handed to node-postgres (any connection) while `work` runs, in order, with its value. */
export async function statementsSentToPostgres<T>(work: () => Promise<T>): Promise<{ value: T; texts: string[] }> {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const query = proto.query;
  const texts: string[] = [];
  proto.query = function (this: pg.Client, ...a: unknown[]) {
    const [first] = a;
    texts.push(typeof first === "string" ? first : String((first as { text?: string }).text));
    return query.apply(this, a);
  };
  try {
    return { value: await work(), texts };
  } finally {
    proto.query = query;
  }
}

/**
 * The statements containing `marker` as one group commit sent them: the text before the first of
 * them, each of them as "write", and the text after the last (other statements of the moment
 * aside, since a group leaves in one write). `["begin", "write", …, "commit"]` for a group.
 */
export function groupAround(texts: string[], marker: string, members: number): string[] {
  const first = texts.findIndex((text) => text.includes(marker));
  return texts.slice(first - 1, first + members + 1).map((text) => (text.includes(marker) ? "write" : text));
}
