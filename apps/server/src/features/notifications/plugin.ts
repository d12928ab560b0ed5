import fp from "fastify-plugin";
import { registerNotifications } from "./service.ts";

/** The team's e-mails about new leads: subscribes to the lead events and reads the leads' notices. */
export const notificationsPlugin = fp(
  async (app) => {
    registerNotifications({ config: app.config, database: app.database, jobs: app.jobs, events: app.events, mailer: app.mailer, leads: app.leads });
  },
  { name: "notifications", dependencies: ["config", "database", "jobs", "events", "mailer", "leads"] },
);
