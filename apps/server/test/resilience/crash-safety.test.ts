import { createHash } from "node:crypto";
import http from "node:http";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { openDatabase, type Database } from "../../src/db/database.ts";
import { createTestDatabase, type DialectName } from "../harness.ts";
import { fetchPost, newAccount, walletProof } from "../wallet.ts";
import { describeWith } from "./support/environment.ts";
import { inBatches, request, type Reply } from "./support/http.ts";
import { scrapeMetrics, seriesValue } from "../support/metrics-text.ts";
import { startServer, tempDataDir, type ServerProcess } from "./support/server-process.ts";

/**
 * Crash safety: a burst of 1,000 concurrent writes (four lead forms, course enrolments and lesson
 * completions by users created beforehand), the server SIGKILLed in the middle of it, restarted on
 * the same database. Every write that was acknowledged (200/201) must be there, and nothing may be
 * half-written: no lead row missing a field or differing from what was sent, no enrolment without
 * its user and course, no completed lesson without its enrolment, and the marks kept beside the
 * rows (an enrolment's completed_at) must agree with the rows.
 */

const BURST = 1_000;
const USERS = 40;
/**
 * The server is killed once this many requests of the burst have been answered (acknowledged, or
 * on a loaded PostgreSQL turned away with a quick 503 when no pooled connection frees up within 2 s):
 * well into the burst, with most of it still in flight.
 */
const KILL_AFTER_ANSWERED = 400;
/** Fewer acknowledged writes than this before the kill would prove little. */
const MIN_ACKNOWLEDGED = 100;

type Op =
  | { kind: "waitlist"; path: string; body: Record<string, string> }
  | { kind: "presale"; path: string; body: Record<string, string> }
  | { kind: "contact"; path: string; body: Record<string, string> }
  | { kind: "airdrop-claim"; path: string; body: Record<string, string> & { walletProof?: { message: string; signature: string } } }
  | { kind: "enroll"; path: string; token: string; userId: string; courseId: string }
  | { kind: "complete"; path: string; token: string; userId: string; lessonId: string; courseId: string };

type Course = { id: string; totalLessons: number; lessonIds: string[] };

/** A deterministic shuffle, so a failure can be replayed. */
function shuffle<T>(items: T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** A unique, valid (all lower-case, so no checksum) Ethereum address. */
const wallet = (stamp: string, n: number) => `0x${createHash("sha1").update(`${stamp}/${n}`).digest("hex")}`;

function target(url: string) {
  return url.startsWith("sqlite:") ? ({ dialect: "sqlite", file: url.slice(7) } as const) : ({ dialect: "postgres", url } as const);
}

async function loadCourses(base: string): Promise<Course[]> {
  const list = await request(base, "/api/v1/courses?limit=100");
  expect(list.status).toBe(200);
  const courses: Course[] = [];
  for (const course of list.body.data as Array<{ _id: string; totalLessons: number }>) {
    const lessons = await request(base, `/api/v1/courses/${course._id}/lessons`);
    expect(lessons.status).toBe(200);
    const lessonIds = (lessons.body.data.lessons.data as Array<{ _id: string }>).map((l) => l._id);
    courses.push({ id: course._id, totalLessons: course.totalLessons, lessonIds });
  }
  return courses;
}

function planBurst(stamp: string, users: Array<{ id: string; token: string }>, courses: Course[]): Op[] {
  const [first, ...others] = courses;
  if (!first || others.length === 0) throw new Error("the seed should hold several courses");
  const ops: Op[] = [];
  const emailOf = (kind: string, n: number) => `${kind}${n}.${stamp}@example.com`;
  for (let n = 0; n < 130; n++) {
    ops.push({
      kind: "waitlist",
      path: "/api/v1/testnet-signup",
      body: { username: `Crash Tester ${n}`, email: emailOf("testnet", n), twitterHandle: `@crash_${n}` },
    });
    ops.push({
      kind: "presale",
      path: "/api/v1/presale",
      body: {
        fullName: `Crash Investor ${n}`,
        email: emailOf("presale", n),
        walletAddress: wallet(stamp, n),
        investmentRange: "$500 - $1,000",
        cryptoExperience: "Intermediate",
        reference: "Discord",
        additionalInfo: "long-term",
      },
    });
    ops.push({
      kind: "contact",
      path: "/api/v1/contacts",
      body: { firstName: `Crash${n}`, lastName: "Contact", email: emailOf("contact", n), confirmEmail: emailOf("contact", n) },
    });
  }
  for (let n = 0; n < 60; n++) {
    ops.push({
      kind: "airdrop-claim",
      path: "/api/v1/pioneer-users",
      body: {
        zealyUsername: `pioneer-${String(1_000 + n).padStart(4, "0")}`,
        walletAddress: wallet(stamp, 500_000 + n),
        email: emailOf("pioneer", n),
        tgAccount: `@crash_pioneer_${n}`,
      },
    });
  }
  // Every user is enrolled in the first course before the burst; completions of its lessons, and
  // enrolments in the other courses, make up the rest.
  const enrolments: Op[] = [];
  const completions: Op[] = [];
  for (const user of users) {
    for (const course of others)
      enrolments.push({ kind: "enroll", path: `/api/v1/courses/${course.id}/enroll`, token: user.token, userId: user.id, courseId: course.id });
    for (const lessonId of first.lessonIds) {
      completions.push({ kind: "complete", path: `/api/v1/lessons/${lessonId}/complete`, token: user.token, userId: user.id, lessonId, courseId: first.id });
    }
  }
  const room = BURST - ops.length;
  const enrolCount = Math.min(enrolments.length, Math.ceil(room / 2));
  ops.push(...shuffle(enrolments, 7).slice(0, enrolCount));
  ops.push(...shuffle(completions, 11).slice(0, room - enrolCount));
  if (ops.length !== BURST) throw new Error(`planned ${ops.length} operations, not ${BURST}: the seed has too few courses or lessons`);
  return shuffle(ops, 3);
}

async function verify(database: Database, stamp: string, ops: Op[], acknowledged: Map<Op, Reply>, dialect: DialectName) {
  const db = database.db;
  const like = `%.${stamp}@example.com`;
  const sent = (kind: Op["kind"]) => ops.filter((op) => op.kind === kind) as Array<Extract<Op, { body: Record<string, string> }>>;
  const acked = (kind: Op["kind"]) => [...acknowledged.keys()].filter((op) => op.kind === kind);

  // Leads: every acknowledged id is there; every row of the burst is complete and equals what was sent.
  const waitlistSignups = await db.selectFrom("testnet_signups").selectAll().where("email", "like", like).execute();
  const presale = await db.selectFrom("presale_registrations").selectAll().where("email", "like", like).execute();
  const contacts = await db.selectFrom("contacts").selectAll().where("email", "like", like).execute();
  const airdropClaims = await db.selectFrom("pioneer_users").selectAll().where("email", "like", like).execute();
  const leadTables = [
    { kind: "waitlist" as const, rows: waitlistSignups },
    { kind: "presale" as const, rows: presale },
    { kind: "contact" as const, rows: contacts },
    { kind: "airdrop-claim" as const, rows: airdropClaims },
  ];
  for (const { kind, rows } of leadTables) {
    const ids = new Set(rows.map((r) => r.id));
    for (const [op, reply] of acknowledged) {
      if (op.kind !== kind) continue;
      const id = (reply.body as { data: { _id: string } }).data._id;
      expect(ids.has(id), `acknowledged ${kind} ${id} is missing`).toBe(true);
    }
    expect(rows.length).toBeGreaterThanOrEqual(acked(kind).length);
    expect(rows.length).toBeLessThanOrEqual(sent(kind).length);
    for (const row of rows) {
      expect(row.status).toBe("new");
      expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);
    }
  }
  const byEmail = <R extends { email: string }>(rows: R[]) => new Map(rows.map((r) => [r.email, r]));
  const waitlistSignupRows = byEmail(waitlistSignups);
  for (const { body } of sent("waitlist")) {
    const row = waitlistSignupRows.get(body.email ?? "");
    if (row) expect({ username: row.username, twitter: row.twitter_handle }).toEqual({ username: body.username, twitter: body.twitterHandle });
  }
  const presaleRows = byEmail(presale);
  for (const { body } of sent("presale")) {
    const row = presaleRows.get(body.email ?? "");
    if (!row) continue;
    expect([row.full_name, row.wallet_address, row.investment_range, row.crypto_experience, row.reference, row.additional_info]).toEqual([
      body.fullName,
      body.walletAddress?.toLowerCase(),
      body.investmentRange,
      body.cryptoExperience,
      body.reference,
      body.additionalInfo,
    ]);
  }
  const contactRows = byEmail(contacts);
  for (const { body } of sent("contact")) {
    const row = contactRows.get(body.email ?? "");
    if (row) expect([row.first_name, row.last_name]).toEqual([body.firstName, body.lastName]);
  }
  const airdropClaimRows = byEmail(airdropClaims);
  for (const { body } of sent("airdrop-claim")) {
    const row = airdropClaimRows.get(body.email ?? "");
    if (!row) continue;
    expect([row.zealy_username, row.wallet_address, row.tg_account]).toEqual([body.zealyUsername, body.walletAddress?.toLowerCase(), body.tgAccount]);
    expect(row.xp_earned).toBeGreaterThan(0);
    expect(Number.isFinite(Number(row.vstn_rewards)) && Number.isFinite(Number(row.pool_share_bp))).toBe(true);
    expect(Date.parse(row.distribution_date)).toBeGreaterThan(Date.parse(row.verification_date));
  }

  // Enrolments: acknowledged ones are there; none points at a missing user or course.
  const enrolments = await db.selectFrom("enrollments").select(["user_id", "course_id", "completed_at"]).execute();
  const enrolled = new Set(enrolments.map((e) => `${e.user_id}/${e.course_id}`));
  for (const op of acked("enroll")) {
    if (op.kind === "enroll") expect(enrolled.has(`${op.userId}/${op.courseId}`), `acknowledged enrolment ${op.userId}/${op.courseId}`).toBe(true);
  }
  const orphanEnrolments = await db
    .selectFrom("enrollments as e")
    .leftJoin("users as u", "u.id", "e.user_id")
    .leftJoin("courses as c", "c.id", "e.course_id")
    .select("e.id")
    .where((eb) => eb.or([eb("u.id", "is", null), eb("c.id", "is", null)]))
    .execute();
  expect(orphanEnrolments).toEqual([]);
  // Completed lessons: acknowledged ones are there; each belongs to an enrolment and to its lesson's course.
  const completions = await db.selectFrom("lesson_completions").select(["user_id", "lesson_id", "course_id"]).execute();
  const completed = new Set(completions.map((c) => `${c.user_id}/${c.lesson_id}`));
  for (const op of acked("complete")) {
    if (op.kind === "complete") expect(completed.has(`${op.userId}/${op.lessonId}`), `acknowledged completion ${op.userId}/${op.lessonId}`).toBe(true);
  }
  const withoutEnrolment = await db
    .selectFrom("lesson_completions as lc")
    .leftJoin("enrollments as e", (join) => join.onRef("e.user_id", "=", "lc.user_id").onRef("e.course_id", "=", "lc.course_id"))
    .innerJoin("lessons as l", "l.id", "lc.lesson_id")
    .select(["lc.id", "e.id as enrollment", "l.course_id as lessonCourse", "lc.course_id"])
    .execute();
  for (const row of withoutEnrolment) {
    expect(row.enrollment, `completion ${row.id} has no enrolment`).not.toBeNull();
    expect(row.lessonCourse).toBe(row.course_id);
  }
  expect(withoutEnrolment).toHaveLength(completions.length);
  // completed_at is set in the transaction of the last lesson: set exactly when every lesson is done.
  const totals = new Map<string, number>();
  for (const c of await db.selectFrom("courses").select(["id", "total_lessons"]).execute()) totals.set(c.id, Number(c.total_lessons));
  const doneCount = new Map<string, number>();
  for (const c of completions) doneCount.set(`${c.user_id}/${c.course_id}`, (doneCount.get(`${c.user_id}/${c.course_id}`) ?? 0) + 1);
  for (const e of enrolments) {
    const done = doneCount.get(`${e.user_id}/${e.course_id}`) ?? 0;
    expect(
      e.completed_at !== null,
      `enrolment ${e.user_id}/${e.course_id}: ${done} of ${totals.get(e.course_id)} lessons, completed_at ${e.completed_at}`,
    ).toBe(done >= (totals.get(e.course_id) ?? Infinity));
  }

  const leadRows = leadTables.reduce((n, t) => n + t.rows.length, 0);
  const ackedLeads = leadTables.reduce((n, t) => n + acked(t.kind).length, 0);
  console.log(`[${dialect}] after the restart: ${leadRows} lead rows of the burst for ${ackedLeads} acknowledged (the rest committed, answer lost)`);

  if (dialect === "sqlite") {
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    expect(integrity.rows.map((r) => r.integrity_check)).toEqual(["ok"]);
    const foreignKeys = await sql`pragma foreign_key_check`.execute(db);
    expect(foreignKeys.rows).toEqual([]);
  }
}

const METRICS_TOKEN = `crash-safety-${Math.random().toString(36).slice(2)}-metrics`;

/** The server's group-commit counters, from its metrics. */
async function groupCommits(base: string): Promise<{ commits: number; transactions: number }> {
  const text = await scrapeMetrics(base, METRICS_TOKEN);
  const counter = (name: string) => seriesValue(text, name) ?? Number.NaN;
  return { commits: counter("db_group_commits_total"), transactions: counter("db_group_committed_transactions_total") };
}

for (const dialect of ["sqlite", "postgres"] as const) {
  describeWith({ postgres: dialect === "postgres" }, `crash safety [${dialect}]`, () => {
    it(`keeps every acknowledged write and no half-written record when SIGKILLed mid-burst of ${BURST}`, async () => {
      const testDb = await createTestDatabase(dialect);
      const data = tempDataDir();
      const env = { DATABASE_URL: testDb.url, DATA_DIR: data.dir, METRICS_TOKEN };
      const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      const agent = new http.Agent({ keepAlive: true, maxSockets: BURST });
      let server: ServerProcess | undefined;
      try {
        server = await startServer({ env });
        const base = server.url;

        // Users created beforehand, each enrolled in the first course.
        const users = await inBatches(
          Array.from({ length: USERS }, (_, n) => n),
          8,
          async (n) => {
            const res = await request(base, "/api/v1/auth/register", {
              body: { firstName: "Crash", lastName: `Learner${n}`, email: `learner${n}.${stamp}@example.com`, password: "correct horse battery" },
            });
            expect(res.status, JSON.stringify(res.body)).toBe(201);
            return { id: res.body.data.user._id as string, token: res.body.data.token as string };
          },
        );
        const courses = await loadCourses(base);
        const first = courses[0];
        if (!first) throw new Error("no courses");
        await inBatches(users, 8, async (user) => {
          const res = await request(base, `/api/v1/courses/${first.id}/enroll`, { method: "POST", token: user.token });
          expect(res.status).toBe(201);
        });

        const ops = planBurst(stamp, users, courses);
        // Airdrop claims are signed by their wallets: one Sign-In with Ethereum message each, before the burst.
        await inBatches(
          ops.filter((op) => op.kind === "airdrop-claim"),
          8,
          async (op) => {
            const account = newAccount();
            op.body.walletAddress = account.address;
            op.body.walletProof = await walletProof(fetchPost(base), account, "airdrop-claim", op.body.zealyUsername);
          },
        );
        const acknowledged = new Map<Op, Reply>();
        const failedStatuses: string[] = [];
        let lost = 0;
        const running = server;
        let killed = false;
        // How the writes are committed: read once before the burst (the counters count from the
        // server's start), then every 100 ms until the kill (the last read wins). Under the burst a
        // scrape can wait behind every request until the kill, so the first read is taken first.
        let commits: { commits: number; transactions: number } | undefined = await groupCommits(base);
        const watching = (async () => {
          while (!killed) {
            const read = await groupCommits(base).catch(() => undefined);
            if (!killed && read) commits = read;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        })();
        const started = performance.now();
        await Promise.all(
          ops.map(async (op) => {
            try {
              const reply = await request(base, op.path, {
                method: "POST",
                agent,
                ...("body" in op ? { body: op.body } : { token: op.token }),
              });
              if (reply.status === 200 || reply.status === 201) acknowledged.set(op, reply);
              else failedStatuses.push(`${op.kind} ${reply.status} ${JSON.stringify(reply.body)}`);
              if (!killed && acknowledged.size + failedStatuses.length >= KILL_AFTER_ANSWERED) {
                killed = true;
                running.child.kill("SIGKILL");
              }
            } catch {
              lost += 1; // the connection died with the server: outcome unknown, either is fine
            }
          }),
        );
        const burstMs = Math.round(performance.now() - started);
        await watching;
        expect(killed, `only ${acknowledged.size + failedStatuses.length} requests were answered before the burst ended`).toBe(true);
        expect(await running.exited, `the server ended before the kill:\n${running.output().slice(-4000)}`).toEqual({ code: null, signal: "SIGKILL" });
        // A request of the burst is either acknowledged, cut off by the kill, or (PostgreSQL under
        // this load) turned away quickly with 503; nothing else.
        expect(failedStatuses.filter((s) => !/ 503 /.test(s))).toEqual([]);
        console.log(
          `[${dialect}] burst of ${BURST}: ${acknowledged.size} acknowledged, ${lost} cut off by SIGKILL, ${failedStatuses.length} turned away (503), ${burstMs} ms`,
        );
        expect(lost).toBeGreaterThan(0);
        expect(acknowledged.size).toBeGreaterThanOrEqual(MIN_ACKNOWLEDGED);
        // The writes went through group commit. On SQLite every write does, and the burst's
        // transactions shared their commits. On PostgreSQL only the enquiries (one statement each)
        // do, and a scrape waits behind the burst, so the last one read may come before most of
        // them: there the figures are shown, and the database tests prove the sharing.
        console.log(`[${dialect}] before the kill: ${commits?.transactions} transactions in ${commits?.commits} group commits`);
        expect(commits?.transactions).toBeGreaterThanOrEqual(commits?.commits ?? Number.POSITIVE_INFINITY);
        if (dialect === "sqlite") expect(commits?.transactions).toBeGreaterThan(commits?.commits ?? Number.POSITIVE_INFINITY);

        // Restart on the same database: it comes up, and everything acknowledged is there, whole.
        server = await startServer({ env });
        const database = await openDatabase(target(testDb.url));
        try {
          await verify(database, stamp, ops, acknowledged, dialect);
        } finally {
          await database.close();
        }
        // The acknowledged presale registrations have their queue position, and the server takes new writes.
        const someAckedPresale = [...acknowledged.keys()].find((op) => op.kind === "presale");
        if (someAckedPresale && "body" in someAckedPresale) {
          const queue = await request(server.url, `/api/v1/presale/${encodeURIComponent(someAckedPresale.body.email ?? "")}`);
          expect(queue.status).toBe(200);
        }
        const after = await request(server.url, "/api/v1/testnet-signup", { body: { username: "After Crash", email: `after.${stamp}@example.com` } });
        expect(after.status).toBe(201);
      } finally {
        agent.destroy();
        await server?.stop();
        await testDb.dispose();
        data.remove();
      }
    });
  });
}
