import type { FastifyInstance } from "fastify";

/** Uploaded images, public and immutable (their id never changes content). */
export function registerMediaRoutes(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>("/media/:file", { schema: { hide: true } }, async (request, reply) => {
    const match = /^([0-9a-f-]{36})\.webp$/.exec(request.params.file);
    if (!match?.[1]) return reply.status(404).send({ success: false, message: "Image not found" });
    const row = await app.database.db.selectFrom("media").select(["mime", "bytes"]).where("id", "=", match[1]).executeTakeFirst();
    if (!row) return reply.status(404).send({ success: false, message: "Image not found" });
    return reply.header("content-type", row.mime).header("cache-control", "public, max-age=31536000, immutable").send(Buffer.from(row.bytes));
  });
}
