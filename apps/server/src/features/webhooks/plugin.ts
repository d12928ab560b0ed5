import fp from "fastify-plugin";
import { createWebhooksService, type WebhooksService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    webhooks: WebhooksService;
  }
}

/** Signed webhooks: subscribes to the lead events and defines the delivery job. */
export const webhooksPlugin = fp(
  async (app) => {
    app.decorate(
      "webhooks",
      createWebhooksService({
        database: app.database,
        jobs: app.jobs,
        events: app.events,
        config: app.config,
        log: app.log,
        deliveryAttempted: (outcome) => app.metrics.webhookDeliveries.inc({ outcome }),
      }),
    );
  },
  { name: "webhooks", dependencies: ["config", "database", "metrics", "jobs", "events"] },
);
