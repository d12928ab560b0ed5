// First: decides which React build loads (see runtime-mode.ts).
import { DECLARED_NODE_ENV } from "./runtime-mode.ts";
import pino from "pino";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DatabaseConnectError, openDatabase } from "./db/database.ts";
import { prepareDatabase } from "./db/prepare.ts";
import { SEEDERS } from "./db/seed/seeders.ts";
import { shutDownOnSignals } from "./shutdown.ts";
import { registerBenchHooks } from "./web/bench-hooks.ts";

/** Start-up only: read config, open and prepare the database, serve, and shut down gracefully. */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, NODE_ENV: DECLARED_NODE_ENV });
  const database = await openDatabase(config.database);
  const { migrated, seeded } = await prepareDatabase(database, SEEDERS);

  const dev = process.argv.includes("--dev");
  const logStream = pino.destination({ dest: 1, sync: false });
  const app = await buildApp({
    config,
    database,
    web: dev ? "development" : "production",
    logger: {
      level: config.logLevel,
      // Readable lines for a person at a terminal; otherwise JSON written asynchronously, so a burst
      // of requests does not wait on one write() per log line (flushed on shutdown).
      ...(dev || process.stdout.isTTY ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname" } } } : { stream: logStream }),
    },
  });
  if (process.env.BENCH_BASELINE === "1") registerBenchHooks(app);
  if (migrated.length) app.log.info({ migrations: migrated }, "database migrated");
  if (seeded.length) app.log.info({ seeds: seeded }, "database seeded");

  shutDownOnSignals({ app, database, drainSeconds: config.drainSeconds, flushLogs: () => logStream.flushSync() });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `${dev ? "Development" : "Production"} server on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port} ` +
      `(database: ${config.database.dialect}${config.database.dialect === "sqlite" ? ` ${config.database.file}` : ""})`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseConnectError) {
    console.error(`\nCannot start: ${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
