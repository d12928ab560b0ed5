import fp from "fastify-plugin";
import { createEvents, type Events } from "../lib/events.ts";

declare module "fastify" {
  interface FastifyInstance {
    events: Events;
  }
}

/** Lead events, published in the lead's transaction and delivered to each subscriber as a job of its own. */
export const eventsPlugin = fp(
  async (app) => {
    app.decorate("events", createEvents(app.jobs));
  },
  { name: "events", dependencies: ["jobs"] },
);
