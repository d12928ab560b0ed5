import { loadConfig } from "../config.ts";
import { openDatabase } from "./database.ts";
import { prepareDatabase } from "./prepare.ts";
import { SEEDERS } from "./seed/seeders.ts";

/** `npm run db:migrate`: apply migrations and seeds without starting the server. */
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const { migrated, seeded } = await prepareDatabase(database, SEEDERS);
  console.log(`Migrations applied: ${migrated.length ? migrated.join(", ") : "none pending"}`);
  console.log(`Seeds run: ${seeded.length ? seeded.join(", ") : "all up to date"}`);
} finally {
  await database.close();
}
