import fp from "fastify-plugin";
import { queuedMailer } from "../lib/jobs/index.ts";
import { countedMailer, createMailer, type Mailer } from "../lib/mailer.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends every e-mail as a job, retried with backoff. */
    mailer: Mailer;
    /** The SMTP or outbox mailer itself, for a sender that must know each message's outcome (the newsletter's). */
    directMailer: Mailer;
  }
}

/** The two mailers: the queued one every feature uses, and the direct one under it. */
export const mailerPlugin = fp(
  async (app) => {
    const directMailer = countedMailer(createMailer(app.config, app.log), app.metrics.emails);
    app.decorate("directMailer", directMailer);
    app.decorate("mailer", queuedMailer(directMailer, app.jobs));
    app.addHook("onClose", async () => directMailer.close?.());
  },
  { name: "mailer", dependencies: ["config", "jobs", "metrics"] },
);
