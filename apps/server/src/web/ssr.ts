import { existsSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { createRequest } from "@remix-run/node-fetch-server";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { AppLoadContext } from "@vestin/shared/ssr";

declare module "fastify" {
  interface FastifyInstance {
    /** Rendered public pages (undefined in development). */
    pageCache: PageCache | undefined;
  }
}
import { DEPENDENCY_RETRY_AFTER_S } from "../lib/errors.ts";
import { REQUEST_ID_HEADER } from "../lib/request-id.ts";
import { loggableUrl } from "../lib/access-log.ts";
import { REDIRECT_CACHE_CONTROL } from "../features/blog/index.ts";
import { challengeCsp, NO_CSP_ADDITIONS, type CspAdditions } from "../features/form-guard/challenge.ts";
import { COUNTED, PUBLIC_PAGE } from "../lib/cache-control.ts";
import { sendEncoded } from "../lib/encoded-body.ts";
import { inSpan } from "../lib/tracing.ts";
import { cachedPage, PageCache, type CachedPage } from "./page-cache.ts";
import { WEB_BUILD_DIR, WEB_DIR } from "./paths.ts";
import { inlineScriptHashes } from "./script-hashes.ts";
import { registerSocialImages } from "./social-images.ts";

/** The site's own article pictures (files of the build, never uploads). */
const ARTICLE_IMAGES_DIR = `${path.sep}images${path.sep}blog${path.sep}`;

const SERVER_BUILD_FILE = path.join(WEB_BUILD_DIR, "server/index.js");

/** The entry.server module exports the load-context key, so server and bundle share one instance. */
type EntryWithContext = { appContext: RouterContext<AppLoadContext> };

export type WebMode = "production" | "development" | "none";

/**
 * The CSP of every HTML page: scripts only from this origin or inline scripts whose SHA-256 is
 * listed (`scriptHashes`: those of the page itself, see script-hashes.ts). No nonce, so a page's
 * bytes and policy are the same for every response and can be cached as they are. Frames:
 * this origin (the whitepaper and pitch-deck PDFs) and the privacy-enhanced video players of
 * lessons; a configured challenge provider (form guard) adds its own origins, and only then.
 */
export function pageCsp(scriptHashes: readonly string[], dev: boolean, extra: CspAdditions = NO_CSP_ADDITIONS): string {
  const more = (sources: string[]) => sources.map((s) => ` ${s}`).join("");
  const directives = [
    "default-src 'self'",
    `script-src 'self'${more([...scriptHashes])}${dev ? " 'unsafe-eval'" : ""}${more(extra.script)}`,
    `style-src 'self' 'unsafe-inline'${more(extra.style)}`,
    "img-src 'self' data: blob: https://ui-avatars.com",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}${more(extra.connect)}`,
    `frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com${more(extra.frame)}`,
    "media-src 'self'",
    "object-src 'self'",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  return directives.join("; ");
}

export function hasWebBuild(): boolean {
  return existsSync(SERVER_BUILD_FILE);
}

/**
 * Serves the React Router app for every path that is not /api: hashed assets with a year's cache,
 * public files, and server-rendered pages. In development Vite serves modules with hot reload.
 */
export async function registerWeb(app: FastifyInstance, mode: WebMode): Promise<void> {
  if (mode === "none") return;
  let getBuild: () => Promise<ServerBuild>;
  const dev = mode === "development";

  if (dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({
      root: WEB_DIR,
      configFile: path.join(WEB_DIR, "vite.config.ts"),
      server: { middlewareMode: true, hmr: { port: 24678 } },
      appType: "custom",
    });
    await app.register(import("@fastify/middie"));
    app.use(vite.middlewares);
    app.addHook("onClose", async () => vite.close());
    getBuild = async () => {
      const ssr = vite.environments.ssr as unknown as { runner: { import(id: string): Promise<unknown> } };
      return (await ssr.runner.import("virtual:react-router/server-build")) as ServerBuild;
    };
  } else {
    if (!hasWebBuild()) throw new Error(`The web app is not built (${SERVER_BUILD_FILE} is missing): run npm run build`);
    const build = (await import(pathToFileURL(SERVER_BUILD_FILE).href)) as ServerBuild;
    getBuild = async () => build;
    await app.register(fastifyStatic, {
      root: path.join(WEB_BUILD_DIR, "client"),
      wildcard: false,
      index: false,
      // npm run build writes .br and .gz copies at the strongest levels (apps/web/scripts/precompress.ts).
      preCompressed: true,
      // @fastify/static 10 passes the Fastify reply here.
      setHeaders(reply: unknown, filePath: string) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void (reply as FastifyReply).header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
        // Article pictures go out in newsletters: mail clients and the console's sandboxed preview
        // (an opaque origin) load them from elsewhere. Only these may be read across origins.
        if (filePath.includes(ARTICLE_IMAGES_DIR)) void (reply as FastifyReply).header("cross-origin-resource-policy", "cross-origin");
      },
    });
  }

  registerSocialImages(app, dev ? [path.join(WEB_DIR, "public")] : [path.join(WEB_BUILD_DIR, "client"), path.join(WEB_DIR, "public")]);
  // Production passes the build itself: given a function, React Router re-derives its route tables
  // (flatten, rank, a new static handler) on every render, which is for development's reloads.
  const handleRequest = dev ? createRequestHandler(getBuild, "development") : createRequestHandler(await getBuild(), "production");

  const cache = dev ? undefined : new PageCache();
  const cspAdditions = challengeCsp(app.config);
  // Content written by an administrator shows at once: a successful admin write clears this cache
  // before its response leaves (app.ts).
  app.decorate("pageCache", cache);

  /** Where the redirects table sends this address (its query kept when the target has none), if anywhere. */
  const redirectFor = async (url: string): Promise<string | undefined> => {
    const [pathname = "/", query] = url.split(/\?(.*)/s, 2);
    try {
      const target = await app.blog.redirects.pageTarget(pathname);
      if (target === undefined) return undefined;
      return query && !target.includes("?") ? `${target}?${query}` : target;
    } catch (error) {
      // The table cannot be read (the database is down): the page renders and says so itself.
      app.log.warn({ err: error }, "redirects table not read");
      return undefined;
    }
  };

  /** A stored page: the form of its bytes this request asks for, or 304. */
  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: CachedPage, cacheState: "hit" | "miss") => {
    for (const [name, value] of page.headers) void reply.header(name, value);
    void reply.header("content-security-policy", page.csp);
    void reply.header("x-page-cache", cacheState);
    return sendEncoded(request, reply.status(200), page.body, {
      contentType: "text/html; charset=utf-8",
      // An article page counts a view: shared caches revalidate it every time (a 304 from here).
      cacheControl: articleSlug(request.url) ? COUNTED : PUBLIC_PAGE,
      ageSeconds: Math.floor((Date.now() - page.createdAt) / 1000),
    });
  };

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.url;
    // A form's POST is one person's answer: never taken from the cache, never kept in it.
    const read = request.method === "GET" || request.method === "HEAD";
    const cacheable = read && Boolean(cache) && !request.headers.authorization && !key.includes(".data");
    // A path in the redirects table answers 301 before anything renders (or is read from the cache).
    if (read) {
      const moved = await redirectFor(key);
      if (moved) return reply.status(301).header("location", moved).header("cache-control", REDIRECT_CACHE_CONTROL).send();
    }
    if (cacheable && cache) {
      const hit = cache.get(key) ?? (await cache.waitFor(key));
      app.metrics.pageCacheLookup(hit ? "hit" : "miss");
      if (hit) {
        // A cached article page still counts its view.
        const article = articleSlug(key);
        if (article) void app.blog.countView(decodeURIComponent(article)).catch(() => {});
        return sendPage(request, reply, hit, "hit");
      }
    }
    // The first request for a cold page renders it; requests arriving meanwhile wait for that render.
    const flight = cacheable && cache && request.method === "GET" ? cache.begin(key) : undefined;
    const started = performance.now();
    let outcome: "rendered" | "error" = "error";
    try {
      // The render's span names the path only: a query string may carry a token (/confirm), and a
      // preview link's path is one (loggableUrl hides it).
      const sent = await inSpan("ssr render", { "http.request.method": request.method, "url.path": loggableUrl(request.url).split("?")[0] ?? "" }, () =>
        render(request, reply, cacheable, (page) => flight?.finish(page)),
      );
      if (reply.statusCode < 500) outcome = "rendered";
      return sent;
    } finally {
      app.metrics.ssrRender.observe({ outcome }, (performance.now() - started) / 1000);
      // Idempotent: a render that kept nothing releases its waiters to render for themselves.
      flight?.finish(undefined);
    }
  };

  /** Renders a page; `keep` receives it when it may be shared (a 200 without cookies or no-store). */
  const render = async (request: FastifyRequest, reply: FastifyReply, cacheable: boolean, keep: (page: CachedPage) => void) => {
    const build = await getBuild();
    const { appContext } = build.entry.module as unknown as EntryWithContext;
    const context = new RouterContextProvider();
    // Rendered while the database was down (an API call answered the dependency 503, the one that
    // carries Retry-After), a page shows its "could not load" state: it goes out as a 503 and is
    // never cached, so the site looks whole again as soon as the database is back.
    let dependencyDown = false;
    context.set(appContext, {
      publicUrl: app.config.publicUrl,
      googleSignIn: app.accounts.googleAvailable(),
      requestId: request.id,
      api: async (apiPath, init) => {
        const answer = await injectApi(app, request, apiPath, init);
        if (answer.status === 503 && answer.headers.has("retry-after")) dependencyDown = true;
        return answer;
      },
    });
    const response = await handleRequest(request.method === "POST" ? formRequest(request, reply) : createRequest(request.raw, reply.raw), context);
    const isHtml = (response.headers.get("content-type") ?? "").startsWith("text/html");
    const headers: Array<[string, string]> = [];
    for (const [name, value] of response.headers) if (name !== "set-cookie") headers.push([name, value]);
    const cookies = response.headers.getSetCookie();

    // A HEAD answers the headers a GET would, without rendering the body (no inline scripts to list).
    // The document as bytes: hashed, stored and sent as React wrote them, never decoded to a string.
    const html = isHtml && response.body && request.method !== "HEAD" ? Buffer.from(await response.arrayBuffer()) : undefined;
    const status = html !== undefined && dependencyDown && response.status < 500 ? 503 : response.status;
    const csp = isHtml ? pageCsp(html === undefined ? [] : inlineScriptHashes(html), dev, cspAdditions) : undefined;
    // A route that says no-store (the /confirm page, whose address carries a token) is never kept.
    const noStore = /no-store|private/i.test(response.headers.get("cache-control") ?? "");
    if (html !== undefined && csp && cacheable && cache && request.method === "GET" && status === 200 && !cookies.length && !noStore) {
      const page = cachedPage(headers, html, csp);
      keep(page);
      return sendPage(request, reply, page, "miss");
    }

    void reply.status(status);
    for (const [name, value] of headers) void reply.header(name, value);
    if (cookies.length) void reply.header("set-cookie", cookies);
    if (csp) void reply.header("content-security-policy", csp);
    if (request.method === "POST") void reply.header("cache-control", "no-store");
    else if (isHtml && !response.headers.has("cache-control")) void reply.header("cache-control", "no-cache");
    if (html !== undefined) {
      if (dependencyDown) void reply.header("retry-after", String(DEPENDENCY_RETRY_AFTER_S));
      void reply.header("x-page-cache", cacheable ? "miss" : "off");
      return reply.send(html);
    }
    if (!response.body || request.method === "HEAD") return reply.send();
    return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
  };

  app.route({ method: ["GET", "HEAD"], url: "/*", handler: renderPage });
  // The account forms post to their own pages (a React Router action), so a form sent before the
  // scripts run, or without them, never puts what was typed into the address. Only a form's own
  // encoding is read, and only from this site's own pages (postedFromThisSite).
  const formPosts: FastifyPluginAsync = async (forms) => {
    forms.removeAllContentTypeParsers();
    forms.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    forms.route({ method: "POST", url: "/*", onRequest: refuseOtherSites, handler: renderPage });
  };
  await app.register(formPosts);
}

/** A page form carries a few fields: 16 KB is plenty, and a larger body is refused (413) before it is read. */
const FORM_BODY_LIMIT = 16 * 1024;

/** What a form sent from another site is told on the page it meant to reach (it is not sent). */
export const OTHER_SITE_FORM_MESSAGE = "That form came from another website, so we did not send it. If you meant to, fill it in again here.";

/**
 * Whether a POST comes from one of this site's own pages. Browsers say where a form was sent from
 * (Sec-Fetch-Site, and Origin on every POST); without either, the request is no browser's form and
 * has no business here. This is what stops login CSRF: a page elsewhere that posts its own e-mail
 * and password to /signin would sign the visitor in as the attacker without their knowing.
 */
export function postedFromThisSite(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site === "same-origin";
  const origin = request.headers.origin;
  if (!origin || origin === "null") return false;
  return origin === new URL(publicUrl).origin || origin === `${request.protocol}://${request.host}`;
}

/** A form from another site goes back, unsent, to the page it was aimed at, with a word about it (before its body is read). */
function refuseOtherSites(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (postedFromThisSite(request, request.server.config.publicUrl)) {
    done();
    return;
  }
  const path = request.url.split("?")[0] ?? "/";
  request.log.warn({ path, origin: request.headers.origin ?? null, site: request.headers["sec-fetch-site"] ?? null }, "form from another site refused");
  void reply.header("cache-control", "no-store").redirect(`${path}?message=${encodeURIComponent(OTHER_SITE_FORM_MESSAGE)}`, 303);
}

/** The posted form as the Fetch request React Router reads (Fastify has read the body already, within its limit). */
function formRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(":") || name === "content-length" || name === "transfer-encoding") continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const aborted = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) aborted.abort();
  });
  return new Request(`${request.protocol}://${request.host}${request.url}`, {
    method: "POST",
    headers,
    body: typeof request.body === "string" ? request.body : "",
    signal: aborted.signal,
  });
}

/** The slug of an article page's address (those pages count a view on every visit). */
function articleSlug(url: string): string | undefined {
  return /^\/blog\/([^/?#]+)$/.exec(url)?.[1];
}

/** Calls an /api/v1 route in-process for a loader, passing the visitor's address along for rate limits. */
async function injectApi(
  app: FastifyInstance,
  pageRequest: FastifyRequest,
  apiPath: string,
  init: Parameters<AppLoadContext["api"]>[1] = {},
): Promise<Response> {
  const url = apiPath.startsWith("/api/") ? apiPath : `/api/v1${apiPath.startsWith("/") ? "" : "/"}${apiPath}`;
  const result = await app.inject({
    method: (init.method ?? "GET") as "GET",
    url,
    // The visitor's address (rate limits) and browser (the name of a session a form opens) go along,
    // and the page's request id, so the API call's log lines carry the id the visitor was shown.
    headers: {
      ...init.headers,
      "x-forwarded-for": pageRequest.ip,
      [REQUEST_ID_HEADER]: pageRequest.id,
      // Part of the page's request: not counted again in the request metrics.
      [app.metrics.internalCallHeader.name]: app.metrics.internalCallHeader.value,
      ...(pageRequest.headers["user-agent"] ? { "user-agent": pageRequest.headers["user-agent"] } : {}),
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
    payload: init.body,
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : String(value));
  }
  return new Response(result.statusCode === 204 ? null : new Uint8Array(result.rawPayload), { status: result.statusCode, headers });
}
