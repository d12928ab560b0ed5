import fp from "fastify-plugin";
import { createPreviewsService, type PreviewsService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    previews: PreviewsService;
  }
}

/** Preview links; their subjects' content comes from the blog and learning services. */
export const previewsPlugin = fp(
  async (app) => {
    app.decorate(
      "previews",
      createPreviewsService({
        database: app.database,
        publicUrl: app.config.publicUrl,
        sources: {
          article: (id) => app.blog.forPreview(id),
          course: (id) => app.learning.coursePreview(id),
          lesson: (id) => app.learning.lessonPreview(id),
        },
      }),
    );
  },
  { name: "previews", dependencies: ["config", "database", "blog", "learning"] },
);
