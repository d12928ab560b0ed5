import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { generateSecret } from "otplib";
import { totpSecretBox } from "../src/features/two-factor/service.ts";

export type JsonBody = Record<string, unknown>;

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
    body: res.body ? (res.json() as JsonBody & { data: any; message: string; errors?: Record<string, string> }) : (undefined as never),
    headers: res.headers,
  };
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

/** The first link of a message's plain-text part that starts with base. */
export function linkIn(message: string, base: string): string {
  const unfolded = message.replace(/=\r?\n/g, "");
  const match = new RegExp(`${base.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}[^\\s"<>]+`).exec(unfolded);
  if (!match) throw new Error(`no link to ${base} in the message`);
  return match[0].replace(/=3D/g, "=");
}

/**
 * Turns two-factor sign-in on for a user as enrolment would leave it (a sealed secret, no
 * recovery codes); answers the secret, from which tests make codes with otplib.
 */
export async function enrolSecondFactor(db: import("kysely").Kysely<import("../src/db/schema.ts").DB>, jwtSecret: string, userId: string): Promise<string> {
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
  db: import("kysely").Kysely<import("../src/db/schema.ts").DB>,
  options: { admin?: boolean } = {},
): Promise<{ token: string; id: string; email: string }> {
  const user = newUser();
  const res = await api(app, "POST", "/api/v1/auth/register", user);
  const id = res.body.data.user._id as string;
  if (options.admin) {
    await db.updateTable("users").set({ role: "admin" }).where("id", "=", id).execute();
    // Administrators need two-factor sign-in before the console answers them (issue #22).
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
    const other = new SQLite(databaseUrl.slice("sqlite:".length));
    try {
      other.prepare(statement.replace(/\$\d+/g, "?")).run(...params);
    } finally {
      other.close();
    }
    return;
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

/** A fresh published course with `lessons` short lessons, made through the admin API (so tests do not share progress). */
export async function createCourse(app: FastifyInstance, adminToken: string, lessons: number): Promise<{ id: string; slug: string; lessons: string[] }> {
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
      { courseId: course.body.data._id, title: `Step ${i}`, markdown: `## Part ${i}\n\nText.`, duration: "10 min" },
      adminToken,
    );
    if (lesson.status !== 201) throw new Error(`could not create a lesson: ${lesson.status}`);
    ids.push(lesson.body.data._id as string);
  }
  return { id: course.body.data._id as string, slug: course.body.data.slug as string, lessons: ids };
}
