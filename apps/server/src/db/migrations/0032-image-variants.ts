import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Image variants: each uploaded image's smaller copies in AVIF, WebP and its fallback format
 * (JPEG or PNG), made after the upload by the `media.variants` job. `media.variant_widths` lists
 * the widths whose three copies are all stored (a JSON array, "" until the job has run): pages
 * name only those, so no page points at a copy that does not exist yet.
 */
export function imageVariants({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("media")
        .addColumn("variant_widths", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .createTable("media_variants")
        .addColumn("media_id", "text", (c) => c.notNull().references("media.id").onDelete("cascade"))
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("format", "text", (c) => c.notNull())
        .addColumn("mime", "text", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("bytes", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull())
        .addPrimaryKeyConstraint("media_variants_pk", ["media_id", "width", "format"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("media_variants").execute();
      await db.schema.alterTable("media").dropColumn("variant_widths").execute();
    },
  };
}
