import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/*
 * Certificates earned but never issued. Until this version a certificate was issued on its
 * learner's first read of it; from now on only the write that earns it issues it (the last
 * lesson's completion, or the graded pass). A learner who had earned one but never opened it
 * gets it here, as that first read would have given it: every lesson of the course done (counted
 * from lessons) and, where the course has an assessment, a passed attempt (the best one).
 *
 * The name and code rules below are copies of features/learning/certificates.ts and
 * certificates-repository.ts as they stood when this migration was written, frozen here on
 * purpose (a migration is history).
 */

type Earned = { user_id: string; course_id: string; completed_at: string | null; title: string; first_name: string; last_name: string; email: string };

function certificateCode(): string {
  const raw = randomBytes(8).toString("hex").toUpperCase();
  return `VST-${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}`;
}

function learnerName(user: { first_name: string; last_name: string; email: string }): string {
  const full = [user.first_name, user.last_name].filter(Boolean).join(" ").trim();
  return full || user.first_name.trim() || user.last_name.trim() || user.email.split("@")[0]?.trim() || "User";
}

const count = (row: { n: number | string } | undefined) => Number(row?.n ?? 0);

export function earnedCertificates(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      const enrolments = await sql<Earned>`
        select e.user_id, e.course_id, e.completed_at, c.title, u.first_name, u.last_name, u.email
        from enrollments e
        join courses c on c.id = e.course_id
        join users u on u.id = e.user_id
        where not exists (select 1 from certificates x where x.user_id = e.user_id and x.course_id = e.course_id)`.execute(db);
      for (const e of enrolments.rows) {
        const total = count((await sql<{ n: number | string }>`select count(*) as n from lessons where course_id = ${e.course_id}`.execute(db)).rows[0]);
        const done = (
          await sql<{ n: number | string; last: string | null }>`
            select count(*) as n, max(completed_at) as last from lesson_completions
            where user_id = ${e.user_id} and course_id = ${e.course_id}`.execute(db)
        ).rows[0];
        if (total === 0 || count(done) < total) continue;
        const assessed = (await sql`select course_id from course_assessments where course_id = ${e.course_id}`.execute(db)).rows.length > 0;
        const best = assessed
          ? (
              await sql<{ id: string; score: number | null; submitted_at: string | null }>`
                select id, score, submitted_at from assessment_attempts
                where user_id = ${e.user_id} and course_id = ${e.course_id} and passed = 1
                order by score desc, submitted_at asc`.execute(db)
            ).rows[0]
          : undefined;
        if (assessed && !best) continue;
        const finished = e.completed_at ?? done?.last ?? new Date().toISOString();
        const issuedAt = best?.submitted_at && best.submitted_at > finished ? best.submitted_at : finished;
        await sql`
          insert into certificates (code, user_id, course_id, learner_name, course_title, issued_at, basis, score, lesson_count, attempt_id)
          values (${certificateCode()}, ${e.user_id}, ${e.course_id}, ${learnerName(e)}, ${e.title}, ${issuedAt},
                  ${best ? "assessment" : "lessons"}, ${best?.score ?? null}, ${total}, ${best?.id ?? null})`.execute(db);
      }
    },
    // The certificates issued here stay: they were earned, and the version before gave them on the first read.
    async down() {},
  };
}
