import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../config.ts";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";
import { sql } from "kysely";
import { csvSafe } from "../../lib/csv.ts";

const ADMIN_ROUTES: Array<["GET" | "POST" | "PATCH", string]> = [
  ["GET", "/api/v1/admin/stats"],
  ["GET", "/api/v1/admin/leads/enquiries"],
  ["GET", "/api/v1/admin/leads/presale/export.csv"],
  ["GET", "/api/v1/admin/sources"],
  ["GET", "/api/v1/admin/leads/enquiries/some-id"],
  ["PATCH", "/api/v1/admin/leads/enquiries/some-id"],
  ["GET", "/api/v1/admin/users"],
  ["GET", "/api/v1/admin/users/some-id"],
  ["POST", "/api/v1/admin/users/some-id/revoke-sessions"],
  ["POST", "/api/v1/admin/privacy/export"],
  ["POST", "/api/v1/admin/privacy/erase"],
  ["GET", "/api/v1/admin/audit"],
  ["GET", "/api/v1/admin/articles"],
  ["GET", "/api/v1/admin/articles/x"],
  ["GET", "/api/v1/admin/courses"],
  ["GET", "/api/v1/admin/courses/x/lessons"],
  ["POST", "/api/v1/admin/media"],
];

let seq = 0;
async function insertContact(db: import("kysely").Kysely<import("../../db/schema.ts").DB>, fields: Record<string, unknown>) {
  seq += 1;
  const now = new Date(Date.now() + seq).toISOString();
  const row = {
    id: `contact-${Date.now()}-${seq}`,
    first_name: "Ana",
    last_name: "Silva",
    email: "ana@example.com",
    planned_assets: "[]",
    consent: 0,
    status: "new",
    created_at: now,
    updated_at: now,
    ...fields,
  };
  const columns = Object.keys(row);
  await sql`insert into contacts (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(Object.values(row).map((v) => sql`${v}`))})`.execute(db);
  return row.id;
}

async function insertWaitlistSignup(db: import("kysely").Kysely<import("../../db/schema.ts").DB>, email: string) {
  seq += 1;
  const now = new Date().toISOString();
  await sql`insert into testnet_signups (id, username, email, status, created_at, updated_at) values (${`t-${Date.now()}-${seq}`}, ${"Tester"}, ${email}, ${"new"}, ${now}, ${now})`.execute(
    db,
  );
}

describeEachDatabase("admin console API", (t) => {
  let admin = { token: "", id: "", email: "" };
  let member = { token: "", id: "", email: "" };
  beforeAll(async () => {
    admin = await signedInUser(t().app, t().database.db, { admin: true });
    member = await signedInUser(t().app, t().database.db);
  });

  it("refuses every admin route to anonymous callers (401) and members (403), before reading the body", async () => {
    for (const [method, url] of ADMIN_ROUTES) {
      const anonymous = await t().app.inject({
        method,
        url,
        headers: { "content-type": "application/json" },
        payload: method === "GET" ? undefined : "{broken",
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const asMember = await t().app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
        payload: method === "GET" ? undefined : "{broken",
      });
      expect(asMember.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("lists, filters, sorts and updates leads; every admin write is audit-logged", async () => {
    const id = await insertContact(t().database.db, { first_name: "Zofia", last_name: "Nowak", email: "zofia.nowak@example.com", country: "PL" });
    await insertContact(t().database.db, { first_name: "Bram", email: "bram@example.com" });
    const found = await api(t().app, "GET", "/api/v1/admin/leads/enquiries?search=NOWAK", undefined, admin.token);
    expect(found.status).toBe(200);
    expect(found.body.data.map((l: { _id: string }) => l._id)).toEqual([id]);
    expect(found.body.data[0]).toMatchObject({ firstName: "Zofia", email: "zofia.nowak@example.com", status: "new", plannedAssets: [] });

    const patched = await api(t().app, "PATCH", `/api/v1/admin/leads/enquiries/${id}`, { status: "in_progress", note: "Called on Monday" }, admin.token);
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ status: "in_progress", note: "Called on Monday" });
    expect((await api(t().app, "GET", "/api/v1/admin/leads/enquiries?status=in_progress", undefined, admin.token)).body.total).toBe(1);
    expect((await api(t().app, "PATCH", `/api/v1/admin/leads/enquiries/${id}`, { status: "archived" }, admin.token)).status).toBe(400);
    expect((await api(t().app, "PATCH", "/api/v1/admin/leads/enquiries/missing", { status: "done" }, admin.token)).status).toBe(404);
    expect((await api(t().app, "GET", "/api/v1/admin/leads/spam", undefined, admin.token)).status).toBe(400);

    const asc = await api(t().app, "GET", "/api/v1/admin/leads/enquiries?sort=email&order=asc", undefined, admin.token);
    const emails = asc.body.data.map((l: { email: string }) => l.email);
    expect([...emails].sort()).toEqual(emails);

    const audit = await api(t().app, "GET", "/api/v1/admin/audit", undefined, admin.token);
    expect(audit.body.data.some((a: { action: string; targetId: string }) => a.action === "PATCH /api/v1/admin/leads/:type/:id" && a.targetId === id)).toBe(
      true,
    );
  });

  it("exports the current filter as CSV with correct quoting and formula cells escaped", async () => {
    await insertContact(t().database.db, {
      first_name: '=HYPERLINK("http://evil.example","click")',
      last_name: "+SUM(A1:A9)",
      email: "csv.person@example.com",
      comments: 'He said "hello", then left\nNew line',
      country: "@cmd",
    });
    const res = await t().app.inject({
      method: "GET",
      url: "/api/v1/admin/leads/enquiries/export.csv?search=csv.person",
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(String(res.headers["content-disposition"])).toMatch(/^attachment; filename="vestin-enquiries-\d{4}-\d\d-\d\d\.csv"$/);
    const text = res.body.replace(/^\uFEFF/, "");
    const [header] = text.split("\n");
    expect(header).toBe(
      "Received,First name,Last name,Email,Country,Business type,Business type (other),Interested in,Planned assets,Comments,Consent,Status,Note,Source,Medium,Campaign,Content,Ref,Referrer",
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(text).toContain("'+SUM(A1:A9)");
    expect(text).toContain("'@cmd");
    expect(text).toContain('"He said ""hello"", then left\nNew line"');
    expect(text.split("\n").filter((l) => l.includes("csv.person@example.com"))).toHaveLength(1);
  });

  it("exports and erases everything about one e-mail address, and nothing about anyone else", async () => {
    const person = await signedInUser(t().app, t().database.db);
    const other = await signedInUser(t().app, t().database.db);
    const course = (await api(t().app, "GET", "/api/v1/courses?limit=1")).body.data[0];
    for (const who of [person, other]) {
      await api(t().app, "POST", `/api/v1/courses/${course._id}/enroll`, undefined, who.token);
      await insertContact(t().database.db, { email: who.email.toUpperCase() });
      await insertWaitlistSignup(t().database.db, who.email);
    }
    const exported = await api(t().app, "POST", "/api/v1/admin/privacy/export", { email: person.email }, admin.token);
    expect(exported.status).toBe(200);
    expect(exported.body.data.account.user.email).toBe(person.email);
    expect(exported.body.data.learning.enrollments).toHaveLength(1);
    expect(exported.body.data.leads.enquiries).toHaveLength(1);
    expect(exported.body.data.leads.waitlist).toHaveLength(1);
    expect(JSON.stringify(exported.body)).not.toMatch(/password_hash|argon2/);

    expect((await api(t().app, "POST", "/api/v1/admin/privacy/erase", { email: person.email }, admin.token)).status).toBe(400);
    const erased = await api(t().app, "POST", "/api/v1/admin/privacy/erase", { email: person.email, confirm: true }, admin.token);
    expect(erased.status).toBe(200);
    expect(erased.body.data.erased).toMatchObject({ account: true, leads: { enquiries: 1, waitlist: 1 } });

    const after = await api(t().app, "POST", "/api/v1/admin/privacy/export", { email: person.email }, admin.token);
    expect(after.body.data.account).toBeNull();
    expect(Object.values(after.body.data.leads as Record<string, unknown[]>).every((rows) => rows.length === 0)).toBe(true);
    expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, person.token)).status).toBe(401);
    const db = t().database.db;
    expect(await db.selectFrom("enrollments").select("id").where("user_id", "=", person.id).execute()).toHaveLength(0);

    const kept = await api(t().app, "POST", "/api/v1/admin/privacy/export", { email: other.email }, admin.token);
    expect(kept.body.data.account.user.email).toBe(other.email);
    expect(kept.body.data.learning.enrollments).toHaveLength(1);
    expect(kept.body.data.leads.enquiries).toHaveLength(1);
    expect(kept.body.data.leads.waitlist).toHaveLength(1);

    const audit = (await api(t().app, "GET", "/api/v1/admin/audit?limit=100", undefined, admin.token)).body.data as Array<{
      action: string;
      targetId: string;
      actorEmail: string;
    }>;
    const entry = audit.find((a) => a.action === "PRIVACY erase");
    expect(entry?.actorEmail).toBe(admin.email);
    expect(entry?.targetId).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(audit)).not.toContain(person.email);
  });

  it("shows users with enrolments and revokes their sessions", async () => {
    const learner = await signedInUser(t().app, t().database.db);
    const list = await api(t().app, "GET", `/api/v1/admin/users?search=${encodeURIComponent(learner.email)}`, undefined, admin.token);
    expect(list.body.data.map((u: { _id: string }) => u._id)).toEqual([learner.id]);
    const detail = await api(t().app, "GET", `/api/v1/admin/users/${learner.id}`, undefined, admin.token);
    expect(detail.body.data.user.activeSessions).toBe(1);
    const revoked = await api(t().app, "POST", `/api/v1/admin/users/${learner.id}/revoke-sessions`, undefined, admin.token);
    expect(revoked.body.data.revoked).toBe(1);
    expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, learner.token)).status).toBe(401);
  });

  it("reports dashboard figures and lists drafts for editing", async () => {
    const stats = await api(t().app, "GET", "/api/v1/admin/stats", undefined, admin.token);
    expect(stats.status).toBe(200);
    expect(Object.keys(stats.body.data.leadsPerDay).sort()).toEqual(["airdrop-claims", "enquiries", "partnerships", "presale", "waitlist"]);
    expect(stats.body.data.topArticles).toHaveLength(5);
    const draft = await api(
      t().app,
      "POST",
      "/api/v1/blogs",
      { title: "Unpublished plan", excerpt: "E", category: "Company News", author: { name: "A" }, markdown: "# x", status: "draft" },
      admin.token,
    );
    const drafts = await api(t().app, "GET", "/api/v1/admin/articles?status=draft", undefined, admin.token);
    expect(drafts.body.data.map((a: { _id: string }) => a._id)).toContain(draft.body.data._id);
    const courses = await api(t().app, "GET", "/api/v1/admin/courses", undefined, admin.token);
    expect(courses.body.data.length).toBeGreaterThanOrEqual(13);
  });
});

describeEachDatabase("admin image uploads", (t) => {
  it("accepts images (stored as JPEG or PNG in the database, served from /media) and refuses other files", async () => {
    const admin = await signedInUser(t().app, t().database.db, { admin: true });
    await t().app.listen({ port: 0, host: "127.0.0.1" });
    const address = t().app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#14b8a6" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([png], { type: "image/png" }), "hero.png");
    const res = await fetch(`${base}/api/v1/admin/media`, { method: "POST", headers: { authorization: `Bearer ${admin.token}` }, body: form });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { url: string; width: number; height: number } };
    expect(data).toMatchObject({ width: 1920, height: 960 });
    expect(data.url).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    const image = await fetch(`${base}${data.url}`);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe("png");

    const fake = new FormData();
    fake.append("file", new Blob(["<svg onload=alert(1)></svg>"], { type: "image/png" }), "evil.png");
    expect((await fetch(`${base}/api/v1/admin/media`, { method: "POST", headers: { authorization: `Bearer ${admin.token}` }, body: fake })).status).toBe(400);
  });
});

describe("CSV cells", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+1", "'+1"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tx", "'\tx"],
    ["plain", "plain"],
    [null, ""],
  ])("%j → %j", (input, expected) => expect(csvSafe(input)).toBe(expected));
});

describe("operations commands", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-ops-"));
  const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: `sqlite:${path.join(dir, "app.db")}`, LOG_LEVEL: "silent" };
  const run = (script: string, args: string[]) =>
    spawnSync(process.execPath, [path.join(ROOT_DIR, script), ...args], { env, encoding: "utf8", timeout: 60_000 });

  it("creates an administrator with a one-time password link, then promotes and demotes", { timeout: 60_000 }, () => {
    const created = run("apps/server/src/features/admin/cli.ts", ["create-user", "--email", "Ops@Example.com", "--name", "Ola Nordmann"]);
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/Administrator ops@example\.com created/);
    expect(created.stdout).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]+&email=ops%40example\.com/);
    const demoted = run("apps/server/src/features/admin/cli.ts", ["demote", "--email", "ops@example.com"]);
    expect(demoted.stdout).toContain("is now a regular user");
    const promoted = run("apps/server/src/features/admin/cli.ts", ["promote", "--email", "ops@example.com"]);
    expect(promoted.stdout).toContain("is now an administrator");
    expect(run("apps/server/src/features/admin/cli.ts", ["promote", "--email", "nobody@example.com"]).status).toBe(1);
  });

  it("backs the SQLite database up online and restores it", () => {
    const backup = path.join(dir, "snapshot.db");
    const made = run("apps/server/src/db/backup-cli.ts", ["backup", backup]);
    expect(made.status, made.stderr).toBe(0);
    expect(existsSync(backup)).toBe(true);
    const copy = new SQLite(backup, { readonly: true });
    expect((copy.prepare("select count(*) as n from users where email = ?").get("ops@example.com") as { n: number }).n).toBe(1);
    copy.close();
    const restored = run("apps/server/src/db/backup-cli.ts", ["restore", backup]);
    expect(restored.status, restored.stderr).toBe(0);
  });
});
