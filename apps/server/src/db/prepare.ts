import { migrateToLatest, type Database } from "./database.ts";
import { seedDatabase, type Seeder } from "./seed/index.ts";

/**
 * Brings a database up to date at start-up: migrations, then seeds, under one lock shared by
 * every process on that database, so servers started at the same moment (a deploy of several
 * instances) migrate and seed once between them while the others wait and find nothing to do.
 */
export async function prepareDatabase(database: Database, seeders: readonly Seeder[]): Promise<{ migrated: string[]; seeded: string[] }> {
  return database.exclusively(async () => {
    const migrated = await migrateToLatest(database);
    const seeded = await seedDatabase(database, seeders);
    return { migrated, seeded };
  });
}
