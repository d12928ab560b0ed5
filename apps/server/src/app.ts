import fastifyEtag from "@fastify/etag";
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod, type ZodTypeProvider } from "fastify-type-provider-zod";
import { MESSAGES } from "@vestin/shared/api";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { accountsPlugin } from "./features/accounts/plugin.ts";
import { accountsRoutes } from "./features/accounts/routes.ts";
import { registerMediaRoutes } from "./features/admin/media-routes.ts";
import { adminRoutes } from "./features/admin/routes.ts";
import { allowlistPlugin } from "./features/allowlist/plugin.ts";
import { allowlistRoutes } from "./features/allowlist/routes.ts";
import { assessmentsPlugin } from "./features/assessments/plugin.ts";
import { assessmentAdminRoutes, assessmentRoutes } from "./features/assessments/routes.ts";
import { blogPlugin } from "./features/blog/plugin.ts";
import { redirectRoutes } from "./features/blog/redirect-routes.ts";
import { blogRoutes } from "./features/blog/routes.ts";
import { consentsPlugin } from "./features/consents/plugin.ts";
import { consentsRoutes } from "./features/consents/routes.ts";
import { formGuardPlugin } from "./features/form-guard/plugin.ts";
import { formGuardRoutes } from "./features/form-guard/routes.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { learnEarnPlugin } from "./features/learn-earn/plugin.ts";
import { learnEarnAdminRoutes, learnEarnMeRoutes, learnEarnPublicRoutes } from "./features/learn-earn/routes.ts";
import { leadsPlugin } from "./features/leads/plugin.ts";
import { leadsRoutes } from "./features/leads/routes.ts";
import { learningPlugin } from "./features/learning/plugin.ts";
import { learningRoutes } from "./features/learning/routes.ts";
import { meRoutes } from "./features/me/routes.ts";
import { newsletterAdminRoutes } from "./features/newsletter/admin-routes.ts";
import { newsletterPlugin } from "./features/newsletter/plugin.ts";
import { newsletterRoutes } from "./features/newsletter/routes.ts";
import { notificationsPlugin } from "./features/notifications/plugin.ts";
import { twoFactorPlugin } from "./features/two-factor/plugin.ts";
import { twoFactorRoutes } from "./features/two-factor/routes.ts";
import { walletPlugin } from "./features/wallet/plugin.ts";
import { walletRoutes } from "./features/wallet/routes.ts";
import { webhooksPlugin } from "./features/webhooks/plugin.ts";
import { webhooksRoutes } from "./features/webhooks/routes.ts";
import { loggableRequest, registerAccessLog } from "./lib/access-log.ts";
import { registerAdminAudit } from "./features/audit/index.ts";
import { AppError, registerErrorHandling } from "./lib/errors.ts";
import { answerFrameworkError, registerInputGuard } from "./lib/input-guard.ts";
import { registerEarlyAnswers } from "./lib/public-cache.ts";
import { isTrustedProxy, registerRequestIdHeader, requestIdFor } from "./lib/request-id.ts";
import { traceLogFields, tracingActive } from "./lib/tracing.ts";
import { onSendOfWrites } from "./lib/write-hooks.ts";
import { backupsPlugin } from "./plugins/backups.ts";
import { compressionPlugin } from "./plugins/compression.ts";
import { configPlugin } from "./plugins/config.ts";
import { databasePlugin } from "./plugins/database.ts";
import { eventsPlugin } from "./plugins/events.ts";
import { jobsPlugin } from "./plugins/jobs.ts";
import { BODY_LIMIT, jsonBodyPlugin } from "./plugins/json-body.ts";
import { limiterPlugin } from "./plugins/limiter.ts";
import { mailerPlugin } from "./plugins/mailer.ts";
import { metricsPlugin, metricsRoutes } from "./plugins/metrics.ts";
import { openApiPlugin } from "./plugins/openapi.ts";
import { publicCachePlugin } from "./plugins/public-cache.ts";
import { readinessPlugin } from "./plugins/readiness.ts";
import { registerSecurityHeaders } from "./security-headers.ts";
import { registerWeb, type WebMode } from "./web/ssr.ts";

/** What every feature may use, after the config and database plugins. */
export const INFRASTRUCTURE_PLUGINS: readonly FastifyPluginAsync[] = [
  metricsPlugin,
  publicCachePlugin,
  jobsPlugin,
  backupsPlugin,
  mailerPlugin,
  eventsPlugin,
  limiterPlugin,
];

/** The features' services, each registered after the plugins it names as its dependencies. */
export const FEATURE_PLUGINS: readonly FastifyPluginAsync[] = [
  formGuardPlugin,
  consentsPlugin,
  twoFactorPlugin,
  accountsPlugin,
  blogPlugin,
  assessmentsPlugin,
  learningPlugin,
  walletPlugin,
  learnEarnPlugin,
  leadsPlugin,
  allowlistPlugin,
  webhooksPlugin,
  notificationsPlugin,
  newsletterPlugin,
];

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
  await api.register(redirectRoutes);
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
  await api.register(learnEarnPublicRoutes);
  await api.register(learnEarnMeRoutes);
  await api.register(learnEarnAdminRoutes);
};

/**
 * API answers and media carry ETags; pages do not (each page carries its own CSP nonce, so a
 * revalidated copy would run with a stale one), and static assets get theirs from the file.
 */
const withEtags: FastifyPluginAsyncZod = async (scope) => {
  await scope.register(fastifyEtag, { weak: true });
  scope.get("/api/openapi.json", { schema: { hide: true } }, async () => scope.swagger());
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

function serverOptions(config: Config, logger: BuildAppOptions["logger"]): FastifyServerOptions {
  return {
    logger: withLoggableRequests(logger ?? { level: config.logLevel }),
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For is believed only from a proxy on this machine or a private network (a load
    // balancer); a client on the internet cannot choose its own address to dodge rate limits.
    trustProxy: (address) => isTrustedProxy(address),
    // The same proxies may name the request (X-Request-Id, when a safe token); others get a new id.
    genReqId: requestIdFor,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
    // One line per request (registerAccessLog) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  };
}

/**
 * Logger options whose `req` serializer keeps secrets in the address out of the logs
 * (lib/access-log.ts); while tracing is on, every line also names its trace and span (trace_id, span_id).
 */
function withLoggableRequests(logger: NonNullable<FastifyServerOptions["logger"]>): FastifyServerOptions["logger"] {
  if (typeof logger !== "object") return logger;
  return { ...logger, serializers: { ...logger.serializers, req: loggableRequest }, ...(tracingActive() ? { mixin: traceLogFields } : {}) };
}

/** Builds the whole server (API + web) without listening, so tests can use inject(). */
export async function buildApp({ config, database, web = "none", logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, logger)).withTypeProvider<ZodTypeProvider>();

  // Services: infrastructure, then features. A plugin registered before one it depends on stops
  // the start with the missing plugin's name.
  await app.register(configPlugin, { config });
  await app.register(databasePlugin, { database });
  for (const plugin of [...INFRASTRUCTURE_PLUGINS, ...FEATURE_PLUGINS]) await app.register(plugin);
  // Last, so its onReady hook (ready to serve) runs after every other one (the job workers start there).
  await app.register(readinessPlugin);

  // The request pipeline. Write hooks apply to the routes registered after them. An administrator's
  // successful write may change any public answer or page: drop them all before the write's
  // response leaves, so the editor's next read is fresh.
  onSendOfWrites(app, async (request, reply, payload) => {
    if (reply.statusCode < 400 && request.user?.role === "admin") {
      app.publicCache.clear();
      app.pageCache?.clear();
    }
    return payload;
  });
  registerAdminAudit(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  await app.register(jsonBodyPlugin);
  registerRequestIdHeader(app);
  registerSecurityHeaders(app);
  // After the headers: a public answer already stored is sent before validation and handlers.
  registerEarlyAnswers(app, app.publicCache);
  registerAccessLog(app);
  await app.register(compressionPlugin);
  await app.register(openApiPlugin);

  // The HTTP surface: the operator's /metrics (outside /api/v1 and without ETags: never cached),
  // the API, media, then the web app for every other path.
  await app.register(metricsRoutes);
  await app.register(withEtags);
  app.setNotFoundHandler(async (request, reply) => reply.status(404).send({ success: false, message: MESSAGES.routeNotFound, requestId: request.id }));
  await registerWeb(app, web);
  return app;
}
