/**
 * The signed-in learners of the bench's write section, made before anything is timed, in a
 * migrated and seeded database (DATABASE_URL / JWT_SECRET from the environment):
 * - enrol: learners enrolled nowhere (each enrols once in each course);
 * - complete: learners enrolled in every course with no lesson done (each completes each lesson once);
 * - assess: learners enrolled in every course that has an assessment, with all its lessons done
 *   (the bench opens their attempts through the API, untimed).
 * Writes the session tokens and what each group may do to the JSON file given.
 * Usage: node bench/seed-writes.ts <out.json> [learners per group]
 */
import { writeFileSync } from "node:fs";
import type { Kysely } from "kysely";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/database.ts";
import type { DB } from "../apps/server/src/db/schema.ts";
import { sessionTokens } from "../apps/server/src/features/accounts/index.ts";

const out = process.argv[2] ?? "bench-learners.json";
const PER_GROUP = Number(process.argv[3] ?? 300);
/**
 * Learners per group. An enrol learner gives one input per course (14), a complete learner one per
 * lesson; the enrol group is four times the others so its pool holds two rounds of a few seconds
 * at the rate enrolments reach.
 */
const SIZE = { enrol: 4 * PER_GROUP, complete: PER_GROUP, assess: PER_GROUP };
const config = loadConfig();
const database = await openDatabase(config.database);
const db = database.db;
const now = new Date().toISOString();
const expires = new Date(Date.now() + 86_400_000);
const tokens = sessionTokens(config.jwtSecret);
// Never checked: these learners hold sessions and never sign in with a password.
const passwordHash = "$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$4eCk0N1n0bW9lmJxZ0fKp0q8p6n1y9Y0l3v7o8d3m2c";

async function insertBatches<T>(trx: Kysely<DB>, table: keyof DB, rows: T[], batch = 200) {
  for (let i = 0; i < rows.length; i += batch)
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + batch) as never)
      .execute();
}

const courses = await db.selectFrom("courses").select("id").orderBy("id").execute();
const lessons = await db.selectFrom("lessons").select(["id", "course_id"]).orderBy("course_id").orderBy("lesson_number").execute();
const assessed = (await db.selectFrom("course_assessments").select("course_id").execute()).map((a) => a.course_id);
const lessonsOf = (courseId: string) => lessons.filter((l) => l.course_id === courseId).map((l) => l.id);

type Learner = { id: string; token: string };
const groups: Record<"enrol" | "complete" | "assess", Learner[]> = { enrol: [], complete: [], assess: [] };
const users: unknown[] = [];
const sessions: unknown[] = [];
const enrollments: unknown[] = [];
const completions: unknown[] = [];
for (const group of Object.keys(groups) as Array<keyof typeof groups>) {
  for (let i = 0; i < SIZE[group]; i++) {
    const id = `bench-${group}-${i}`;
    users.push({
      id,
      first_name: "Bench",
      last_name: `${group} ${i}`,
      email: `bench.${group}.${i}@example.com`,
      password_hash: passwordHash,
      role: "user",
      google_sub: null,
      newsletter_opt_in: 0,
      created_at: now,
      updated_at: now,
    });
    sessions.push({ id: `${id}-session`, user_id: id, created_at: now, expires_at: expires.toISOString(), revoked_at: null });
    groups[group].push({ id, token: await tokens.sign(id, `${id}-session`, expires) });
    const enrolledIn = group === "complete" ? courses.map((c) => c.id) : group === "assess" ? assessed : [];
    for (const courseId of enrolledIn) {
      enrollments.push({ id: `${id}-${courseId}`, user_id: id, course_id: courseId, enrolled_at: now, completed_at: null });
      if (group === "assess")
        for (const lessonId of lessonsOf(courseId))
          completions.push({ id: `${id}-${lessonId}`, user_id: id, lesson_id: lessonId, course_id: courseId, completed_at: now });
    }
  }
}
await db.transaction().execute(async (trx) => {
  await insertBatches(trx, "users", users);
  await insertBatches(trx, "sessions", sessions);
  await insertBatches(trx, "enrollments", enrollments);
  await insertBatches(trx, "lesson_completions", completions);
});
await database.close();
writeFileSync(
  out,
  JSON.stringify({
    courses: courses.map((c) => c.id),
    lessons: lessons.map((l) => l.id),
    assessed,
    groups,
  }),
);
console.log(
  `learners: ${users.length} (${enrollments.length} enrolments, ${completions.length} lessons done), ${courses.length} courses, ${assessed.length} assessed`,
);
