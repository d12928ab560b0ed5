import { appContext } from "~/lib/app-context";
import type { Route } from "./+types/robots";

export async function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(appContext);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /admin",
    "Disallow: /auth/",
    "Disallow: /reset-password",
    "Disallow: /forgot-password",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" } });
}
