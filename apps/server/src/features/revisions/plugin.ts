import fp from "fastify-plugin";
import { createRevisionsService, type RevisionsService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    revisions: RevisionsService;
  }
}

/** Revisions of articles and lessons, which the blog and learning services record in their saves. */
export const revisionsPlugin = fp(
  async (app) => {
    app.decorate(
      "revisions",
      createRevisionsService({
        database: app.database,
        authorOf: async (id) => {
          const user = await app.accounts.userById(id);
          return user ? { id: user._id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : undefined;
        },
      }),
    );
  },
  { name: "revisions", dependencies: ["database", "accounts"] },
);
