/**
 * The whole database schema in one place, as Kysely sees it. Tables are added here together with
 * the migration that creates them. Portable types only, so one set of migrations serves SQLite and
 * PostgreSQL: text ids, ISO-8601 UTC text timestamps (they sort correctly), integer 0/1 booleans,
 * JSON as text.
 */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface DB {
  app_meta: AppMetaTable;
}
