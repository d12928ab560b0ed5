/**
 * The server's start-up without the web app, for the "201 means stored" test when the web app has
 * not been built (main.ts needs the build). Same configuration, database, migrations, seeds and
 * shutdown (drain on SIGTERM).
 */
import { buildApp } from "../../../app.ts";
import { loadConfig } from "../../../config.ts";
import { openDatabase } from "../../../db/database.ts";
import { prepareDatabase } from "../../../db/prepare.ts";
import { SEEDERS } from "../../../db/seed/seeders.ts";
import { shutDownOnSignals } from "../../../shutdown.ts";

const config = loadConfig();
const database = await openDatabase(config.database);
const { migrated, seeded } = await prepareDatabase(database, SEEDERS);
const app = await buildApp({ config, database, web: "none", logger: { level: config.logLevel } });
if (migrated.length) app.log.info({ migrations: migrated }, "database migrated");
if (seeded.length) app.log.info({ seeds: seeded }, "database seeded");
shutDownOnSignals({ app, database, drainSeconds: config.drainSeconds });
await app.listen({ port: config.port, host: config.host });
