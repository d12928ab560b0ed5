import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Courses and lessons, enrolments and completed lessons (unique per user, so a double click or
 * two tabs can never enrol twice or count a lesson twice), and issued certificates.
 */
export function learning(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("courses")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("category", "text", (c) => c.notNull())
        .addColumn("difficulty", "text", (c) => c.notNull())
        .addColumn("duration_minutes", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("total_lessons", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("enrollment_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("level_color", "text", (c) => c.notNull())
        .addColumn("track_position", "integer", (c) => c.notNull().defaultTo(99))
        .addColumn("course_order", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("status", "text", (c) => c.notNull().defaultTo("published"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("courses_catalogue_idx").on("courses").columns(["status", "track_position", "course_order", "id"]).execute();
      await db.schema.createIndex("courses_category_idx").on("courses").columns(["category", "status"]).execute();

      await db.schema
        .createTable("lessons")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("course_id", "text", (c) => c.notNull().references("courses.id").onDelete("cascade"))
        .addColumn("slug", "text", (c) => c.notNull())
        .addColumn("lesson_number", "integer", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("content_html", "text", (c) => c.notNull())
        .addColumn("duration", "text", (c) => c.notNull())
        .addColumn("learning_objectives", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("key_takeaways", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("prerequisites", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("resources", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("video_url", "text")
        .addColumn("video_description", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("lessons_course_number_unique", ["course_id", "lesson_number"])
        .addUniqueConstraint("lessons_course_slug_unique", ["course_id", "slug"])
        .execute();

      await db.schema
        .createTable("enrollments")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("course_id", "text", (c) => c.notNull().references("courses.id").onDelete("cascade"))
        .addColumn("enrolled_at", "text", (c) => c.notNull())
        .addColumn("completed_at", "text")
        .addUniqueConstraint("enrollments_user_course_unique", ["user_id", "course_id"])
        .execute();
      await db.schema.createIndex("enrollments_course_idx").on("enrollments").column("course_id").execute();

      await db.schema
        .createTable("lesson_completions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("lesson_id", "text", (c) => c.notNull().references("lessons.id").onDelete("cascade"))
        .addColumn("course_id", "text", (c) => c.notNull().references("courses.id").onDelete("cascade"))
        .addColumn("completed_at", "text", (c) => c.notNull())
        .addUniqueConstraint("lesson_completions_user_lesson_unique", ["user_id", "lesson_id"])
        .execute();
      await db.schema.createIndex("lesson_completions_user_course_idx").on("lesson_completions").columns(["user_id", "course_id"]).execute();

      await db.schema
        .createTable("certificates")
        .addColumn("code", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("course_id", "text", (c) => c.notNull().references("courses.id").onDelete("cascade"))
        .addColumn("learner_name", "text", (c) => c.notNull())
        .addColumn("course_title", "text", (c) => c.notNull())
        .addColumn("issued_at", "text", (c) => c.notNull())
        .addUniqueConstraint("certificates_user_course_unique", ["user_id", "course_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["certificates", "lesson_completions", "enrollments", "lessons", "courses"]) await db.schema.dropTable(table).execute();
    },
  };
}
