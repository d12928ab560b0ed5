import fp from "fastify-plugin";
import type { Readiness, ServerPhase } from "@vestin/shared/api";
import { pendingMigrations } from "../db/database.ts";

declare module "fastify" {
  interface FastifyInstance {
    readiness: ServerReadiness;
  }
}

export type ServerReadiness = {
  readonly phase: ServerPhase;
  /** From now on the server answers not-ready, while it goes on serving (main.ts, on SIGTERM). */
  drain(): void;
  /** Whether a load balancer should send this server traffic, and which check says no. */
  check(): Promise<Readiness>;
};

/**
 * The server's readiness: `starting` until every onReady hook before this plugin's has run (the
 * job workers start in one), `serving` after, `draining` once shutdown begins. While serving, a
 * check asks the database for a ping, looks for migrations this build has and the database lacks,
 * looks at the job workers, and pings Redis when REDIS_URL is set. Checks that arrive together
 * share one round of questions, so many load-balancer probes cost one ping each.
 */
export const readinessPlugin = fp(
  async (app) => {
    let phase: ServerPhase = "starting";
    // Migrations are never undone under a running server: once none is pending, none is asked for again.
    let migrationsApplied = false;
    let inFlight: Promise<Readiness> | undefined;

    const ask = async (): Promise<Readiness> => {
      const [database, pending, redis] = await Promise.all([
        app.database.ping(),
        migrationsApplied ? Promise.resolve([]) : pendingMigrations(app.database).catch(() => undefined),
        app.config.redisUrl ? app.limiter.ping() : Promise.resolve(undefined),
      ]);
      if (pending?.length === 0) migrationsApplied = true;
      const checks: NonNullable<Readiness["checks"]> = {
        database: database ? "ok" : "down",
        // A database that cannot be asked has not shown its migrations applied.
        migrations: pending?.length === 0 ? "ok" : "pending",
        jobs: app.jobs.running ? "ok" : "stopped",
        redis: redis === undefined ? "off" : redis ? "ok" : "down",
      };
      const ok = Object.values(checks).every((value) => value === "ok" || value === "off");
      // The server may have begun draining while the questions were out.
      return { status: ok && phase === "serving" ? "ok" : "unavailable", phase, checks };
    };

    const readiness: ServerReadiness = {
      get phase() {
        return phase;
      },
      drain() {
        phase = "draining";
      },
      async check() {
        if (phase !== "serving") return { status: "unavailable", phase };
        inFlight ??= ask().finally(() => {
          inFlight = undefined;
        });
        return inFlight;
      },
    };
    app.decorate("readiness", readiness);
    app.addHook("onReady", async () => {
      if (phase === "starting") phase = "serving";
    });
    app.addHook("preClose", async () => {
      phase = "draining";
    });
  },
  { name: "readiness", dependencies: ["config", "database", "jobs", "limiter"] },
);
