import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyEtag from "@fastify/etag";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { LogController, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod, type ZodTypeProvider } from "fastify-type-provider-zod";
import { MESSAGES } from "@vestin/shared/api";
import { PRODUCT_NAME } from "@vestin/shared/brand";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { authHooks, type AuthHooks } from "./features/accounts/auth-hooks.ts";
import { accountsRoutes } from "./features/accounts/routes.ts";
import { createAccountsService, type AccountsService } from "./features/accounts/service.ts";
import { assessmentStandings } from "./features/assessments/index.ts";
import { assessmentAdminRoutes, assessmentRoutes } from "./features/assessments/routes.ts";
import { createAssessmentService, type AssessmentService } from "./features/assessments/service.ts";
import { meRoutes } from "./features/me/routes.ts";
import { registerAdminAudit } from "./features/audit/index.ts";
import { registerMediaRoutes } from "./features/admin/media-routes.ts";
import { adminRoutes } from "./features/admin/routes.ts";
import { blogRoutes } from "./features/blog/routes.ts";
import { createBlogService, type BlogService, type SavedArticle } from "./features/blog/service.ts";
import { formGuardRoutes } from "./features/form-guard/routes.ts";
import { createFormGuard, type FormGuard } from "./features/form-guard/service.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { learningRoutes } from "./features/learning/routes.ts";
import { createLearningService, type LearningService } from "./features/learning/service.ts";
import { leadsRoutes } from "./features/leads/routes.ts";
import { walletRoutes } from "./features/wallet/routes.ts";
import { allowlistRoutes } from "./features/allowlist/routes.ts";
import { createAllowlistService, type AllowlistService } from "./features/allowlist/service.ts";
import { createWalletService, type WalletService } from "./features/wallet/service.ts";
import { createLeadsService, type LeadsService } from "./features/leads/service.ts";
import { allowlistSources } from "./features/leads/index.ts";
import { newsletterAdminRoutes } from "./features/newsletter/admin-routes.ts";
import { newsletterRoutes } from "./features/newsletter/routes.ts";
import { createNewsletterService, type NewsletterService } from "./features/newsletter/service.ts";
import { consentsRoutes } from "./features/consents/routes.ts";
import { createConsentsService, type ConsentsService } from "./features/consents/service.ts";
import { twoFactorRoutes } from "./features/two-factor/routes.ts";
import { createTwoFactorService, type TwoFactorService } from "./features/two-factor/service.ts";
import { webhooksRoutes } from "./features/webhooks/routes.ts";
import { createWebhooksService, type WebhooksService } from "./features/webhooks/service.ts";
import { loggableRequest, registerAccessLog } from "./lib/access-log.ts";
import { AppError, registerErrorHandling } from "./lib/errors.ts";
import { answerFrameworkError, registerInputGuard } from "./lib/input-guard.ts";
import { createEvents, type Events } from "./lib/events.ts";
import { registerNotifications } from "./features/notifications/service.ts";
import { createJobQueue, queuedMailer, type JobQueue } from "./lib/jobs/index.ts";
import { createMailer, type Mailer } from "./lib/mailer.ts";
import { MIN_COMPRESSED_BYTES, PER_REQUEST_BROTLI_QUALITY, PER_REQUEST_GZIP_LEVEL } from "./lib/encoded-body.ts";
import { PublicCache, registerEarlyAnswers } from "./lib/public-cache.ts";
import { onSendOfWrites } from "./lib/write-hooks.ts";
import { registerSecurityHeaders } from "./security-headers.ts";
import { createRateLimiter, type RateLimiter } from "./lib/rate-limit.ts";
import { registerWeb, type WebMode } from "./web/ssr.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
    limiter: RateLimiter;
    formGuard: FormGuard;
    accounts: AccountsService;
    auth: AuthHooks;
    blog: BlogService;
    learning: LearningService;
    assessments: AssessmentService;
    leads: LeadsService;
    wallet: WalletService;
    allowlist: AllowlistService;
    publicCache: PublicCache;
    jobs: JobQueue;
    events: Events;
    webhooks: WebhooksService;
    newsletter: NewsletterService;
    consents: ConsentsService;
    twoFactor: TwoFactorService;
  }
}

export const BODY_LIMIT = 100 * 1024;

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** "none" serves only the API (API tests); "production" needs `npm run build` first. */
  web?: WebMode;
  logger?: FastifyServerOptions["logger"];
};

/** The JSON API, mounted under /api/v1: every feature's routes. */
const apiRoutes: FastifyPluginAsyncZod = async (api) => {
  await api.register(healthRoutes);
  await api.register(accountsRoutes);
  await api.register(blogRoutes);
  await api.register(learningRoutes);
  await api.register(assessmentRoutes);
  await api.register(assessmentAdminRoutes);
  await api.register(meRoutes);
  await api.register(adminRoutes);
  await api.register(leadsRoutes);
  await api.register(walletRoutes);
  await api.register(allowlistRoutes);
  await api.register(formGuardRoutes);
  await api.register(webhooksRoutes);
  await api.register(newsletterRoutes);
  await api.register(newsletterAdminRoutes);
  await api.register(twoFactorRoutes);
  await api.register(consentsRoutes);
};

/** Logger options whose `req` serializer keeps secrets in the address out of the logs (lib/access-log.ts). */
function withLoggableRequests(logger: NonNullable<FastifyServerOptions["logger"]>): FastifyServerOptions["logger"] {
  if (typeof logger !== "object") return logger;
  return { ...logger, serializers: { ...logger.serializers, req: loggableRequest } };
}

/** Builds the whole server (API + web) without listening, so tests can use inject(). */
export async function buildApp({ config, database, web = "none", logger }: BuildAppOptions): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger: withLoggableRequests(logger ?? { level: config.logLevel }),
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For is believed only from a proxy on this machine or a private network (a load
    // balancer); a client on the internet cannot choose its own address to dodge rate limits.
    trustProxy: "loopback, uniquelocal",
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
    // One line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();

  app.decorate("config", config);
  app.decorate("database", database);
  // Shared services, built once and reached by every feature's routes through the instance.
  const publicCache = new PublicCache();
  app.decorate("publicCache", publicCache);
  const jobs = createJobQueue(config, database, app.log);
  app.decorate("jobs", jobs);
  const directMailer = createMailer(config, app.log);
  const mailer = queuedMailer(directMailer, jobs);
  // Every kind of job is defined while the app is built; the queue starts once it is ready.
  app.addHook("onReady", async () => jobs.start());
  app.addHook("onClose", async () => jobs.stop());
  // Lead events reach their subscribers (team notifications, webhooks) through the queue.
  const events = createEvents(jobs);
  app.decorate("events", events);
  const limiter = createRateLimiter({ enabled: config.rateLimits, redisUrl: config.redisUrl });
  const formGuard = createFormGuard({ config, database, log: app.log });
  const consents = createConsentsService({ database, jwtSecret: config.jwtSecret, limiter });
  app.decorate("consents", consents);
  const twoFactor = createTwoFactorService({ database, jwtSecret: config.jwtSecret, limiter });
  app.decorate("twoFactor", twoFactor);
  const accounts = createAccountsService({ database, config, mailer, limiter, log: app.log, formGuard, consents, twoFactor });
  app.decorate("mailer", mailer);
  app.decorate("limiter", limiter);
  app.decorate("formGuard", formGuard);
  app.decorate("accounts", accounts);
  app.decorate("auth", authHooks(accounts));
  // An article published with "send to subscribers" gets its newsletter campaign (made once).
  const onSaved = async (article: SavedArticle) => {
    try {
      await newsletter.campaigns.articleSaved(article);
    } catch (err) {
      app.log.error({ err, articleId: article.id }, "could not start the newsletter campaign of a published article");
    }
  };
  const blog = createBlogService({ database, cache: publicCache, onError: (error) => app.log.error({ err: error }, "could not save article views"), onSaved });
  app.decorate("blog", blog);
  app.addHook("onClose", async () => blog.flushViews());
  app.decorate(
    "learning",
    createLearningService({ database, config, cache: publicCache, assessments: assessmentStandings, learnerById: (id) => accounts.userById(id) }),
  );
  app.decorate("assessments", createAssessmentService({ database }));
  const wallet = createWalletService({ database, config, limiter, log: app.log });
  app.decorate("wallet", wallet);
  app.decorate("allowlist", createAllowlistService({ database, dataDir: config.dataDir, limiter, leads: allowlistSources }));
  const leads = createLeadsService({
    database,
    events,
    mailer,
    limiter,
    log: app.log,
    formGuard,
    publicUrl: config.publicUrl,
    wallet,
    cache: publicCache,
    consents,
    referralDailyBoosts: config.referralDailyBoosts,
  });
  app.decorate("leads", leads);
  app.decorate("webhooks", createWebhooksService({ database, jobs, events, config, log: app.log }));
  registerNotifications({ config, database, jobs, events, mailer, leads });
  const newsletter = createNewsletterService({
    config,
    database,
    jobs,
    directMailer,
    limiter,
    formGuard,
    log: app.log,
    article: (id) => blog.getForEditing(id).catch(() => null),
  });
  app.decorate("newsletter", newsletter);
  app.addHook("onReady", async () => newsletter.sender.start());
  app.addHook("onClose", async () => newsletter.sender.stop());
  app.addHook("onClose", async () => directMailer.close?.());
  // An administrator's successful write may change any public answer or page: drop them all
  // before the write's response leaves, so the editor's next read is fresh.
  onSendOfWrites(app, async (request, reply, payload) => {
    if (reply.statusCode < 400 && request.user?.role === "admin") {
      publicCache.clear();
      app.pageCache?.clear();
    }
    return payload;
  });
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("twoFactorOn", false);
  app.addHook("onClose", async () => limiter.close());
  registerAdminAudit(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);

  // Routes that take no body (logout, like, enroll …) accept an empty JSON body; malformed JSON is a 400.
  // JSON is application/json or any application/…+json type; every other body type is a 415
  // (contract), text/plain included: Fastify would parse it into a string, and a page on another
  // site can post text/plain without a preflight. Uploads and the RFC 8058 one-click unsubscribe
  // add their own types in their own plugins.
  const parseJson = app.getDefaultJsonParser("error", "error");
  const jsonBody = (request: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    if (typeof body === "string" && body.trim() === "") return done(null, undefined);
    // Fastify's default JSON parser is the callback kind: it answers (a body or an error) through done.
    void parseJson(request, body as string, done);
  };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: BODY_LIMIT }, jsonBody);
  app.addContentTypeParser(/^application\/[\w.-]+\+json(\s*;|$)/i, { parseAs: "string", bodyLimit: BODY_LIMIT }, jsonBody);

  registerSecurityHeaders(app);
  // After the headers: a public answer already stored is sent before validation and handlers.
  registerEarlyAnswers(app, publicCache);
  registerAccessLog(app);
  // Answers made per request (personal answers, errors, uncached pages) are compressed at a cheap
  // level; cached pages and public answers carry their stored forms and pass through untouched
  // (lib/encoded-body.ts).
  await app.register(fastifyCompress, {
    global: true,
    threshold: MIN_COMPRESSED_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
    },
    zlibOptions: { level: PER_REQUEST_GZIP_LEVEL },
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${PRODUCT_NAME} API`,
        version: "1.0.0",
        description:
          "JSON API of the site. Success: `{ success: true, data }`; lists add total, page, limit, pages. " +
          "Failure: `{ success: false, message, errors? }`. Authentication: `Authorization: Bearer <token>`.",
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  // API answers and media carry ETags; pages do not (each page carries its own CSP nonce, so a
  // revalidated copy would run with a stale one), and static assets get theirs from the file.
  const withEtags: FastifyPluginAsyncZod = async (scope) => {
    await scope.register(fastifyEtag, { weak: true });
    scope.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
    await scope.register(apiRoutes, { prefix: "/api/v1" });

    // Unknown API paths answer JSON, never the web app's HTML, and 404 before any body is read
    // (the API checks the route before authentication, role and input).
    scope.all("/api/*", {
      schema: { hide: true },
      onRequest: async () => {
        throw new AppError(404, MESSAGES.routeNotFound);
      },
      handler: async () => undefined,
    });
    registerMediaRoutes(scope);
  };
  await app.register(withEtags);
  app.setNotFoundHandler(async (_request, reply) => reply.status(404).send({ success: false, message: MESSAGES.routeNotFound }));

  await registerWeb(app, web);
  return app;
}
