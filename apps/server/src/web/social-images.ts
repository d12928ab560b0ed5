import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { WEB_DIR } from "./paths.ts";

/**
 * Social networks do not render SVG, so every SVG illustration under /images/ is also served as a
 * PNG of the same name (rendered once with sharp, then kept in memory).
 */
export function registerSocialImages(app: FastifyInstance, roots: string[] = [path.join(WEB_DIR, "public")]): void {
  const cache = new Map<string, Buffer>();
  app.get<{ Params: { "*": string } }>("/images/*", { schema: { hide: true } }, async (request, reply) => {
    const wanted = request.params["*"];
    if (!/^[\w/-]+\.png$/.test(wanted) || wanted.includes("..")) return reply.callNotFound();
    const svgPath = roots.map((root) => path.join(root, "images", wanted.replace(/\.png$/, ".svg"))).find((p) => existsSync(p));
    if (!svgPath) return reply.callNotFound();
    let png = cache.get(svgPath);
    if (!png) {
      const { default: sharp } = await import("sharp");
      png = await sharp(await readFile(svgPath), { density: 96 })
        .resize(1200, 630, { fit: "cover" })
        .png({ compressionLevel: 9 })
        .toBuffer();
      cache.set(svgPath, png);
    }
    return reply.header("content-type", "image/png").header("cache-control", "public, max-age=86400").send(png);
  });
}
