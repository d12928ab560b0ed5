import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import {
  confirmAnswerSchema,
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  subscribeAnswerSchema,
  subscribeSchema,
  tokenBodySchema,
  unsubscribeAnswerSchema,
  unsubscribeInfoSchema,
} from "@vestin/shared/newsletter";

const failures = { 400: errorEnvelopeSchema, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema, 429: errorEnvelopeSchema, 503: errorEnvelopeSchema };
const tokenQuery = z.object({
  token: z
    .string({ error: NEWSLETTER_MESSAGES.unsubscribeInvalid })
    .min(1, NEWSLETTER_MESSAGES.unsubscribeInvalid)
    .max(512, NEWSLETTER_MESSAGES.unsubscribeInvalid),
});
const RFC_8058_BODY = "List-Unsubscribe=One-Click";

/** The newsletter's public routes: subscribe, confirm, and unsubscribe without signing in. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { newsletter } = app;

  app.post(
    "/newsletter/subscriptions",
    {
      schema: {
        tags: ["newsletter"],
        summary: "Subscribe to the newsletter (double opt-in)",
        description:
          `E-mails a confirmation link (valid ${NEWSLETTER_LIMITS.confirmLinkDays} days, at most one e-mail per address per hour); the subscription starts when it is opened. ` +
          "The answer is the same whether the address was new, pending, confirmed or held back by the hourly limit, so it tells nobody who subscribed. " +
          "A consent record keeps the time, the form and page, the wording shown and the IP hashed. " +
          `Disposable e-mail domains are refused (400 on email). ${NEWSLETTER_LIMITS.subscribesPerHour} requests per hour per address. Form token and honeypot as on the lead forms (GET /form-token).`,
        body: subscribeSchema,
        response: { 202: successEnvelope(subscribeAnswerSchema), ...failures },
      },
    },
    async (request, reply) => reply.status(202).send({ success: true, data: await newsletter.subscribe(request.body, request.ip) }),
  );

  app.post(
    "/newsletter/confirm",
    {
      schema: {
        tags: ["newsletter"],
        summary: "Confirm a subscription with the token from its e-mail",
        description: "400 when the token is unknown or expired; a second use answers already-confirmed. 60 per hour per address.",
        body: tokenBodySchema,
        response: { 200: successEnvelope(confirmAnswerSchema), ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await newsletter.confirm(request.body.token, request.ip) }),
  );

  app.get(
    "/newsletter/unsubscribe",
    {
      schema: {
        tags: ["newsletter"],
        summary: "What an unsubscribe link refers to (for the page): the address masked and its status",
        description: "Changes nothing (mail scanners open links). 400 for a forged or expired token.",
        querystring: tokenQuery,
        response: { 200: successEnvelope(unsubscribeInfoSchema), 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return { success: true as const, data: await newsletter.unsubscribeInfo(request.query.token, request.ip) };
    },
  );

  // RFC 8058: a mail client's one-click unsubscribe is a form POST (urlencoded or multipart) to the
  // List-Unsubscribe URL. Only this route reads such bodies; every other route stays JSON (415).
  await app.register(async (plugin) => {
    const oneClick = plugin.withTypeProvider<ZodTypeProvider>();
    const formBody = (body: string, done: (err: Error | null, body?: unknown) => void) => done(null, { form: body.slice(0, 200) });
    oneClick.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, body, done) =>
      formBody(body as string, done),
    );
    oneClick.addContentTypeParser("multipart/form-data", { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) => formBody(body as string, done));
    oneClick.post(
      "/newsletter/unsubscribe",
      {
        schema: {
          tags: ["newsletter"],
          summary: "Unsubscribe with one POST (RFC 8058 one-click, or the unsubscribe page's button)",
          description:
            `The token is in the URL, as every newsletter's List-Unsubscribe header gives it. Mail clients POST \`${RFC_8058_BODY}\` as a form; ` +
            "the page POSTs JSON. No sign-in. The withdrawal is recorded like a consent. 400 for a forged or expired token.",
          querystring: tokenQuery,
          response: { 200: successEnvelope(unsubscribeAnswerSchema), ...failures },
        },
      },
      async (request) => {
        const oneClick = typeof request.body === "object" && request.body !== null && "form" in request.body;
        return { success: true as const, data: await newsletter.unsubscribe(request.query.token, oneClick ? "one-click" : "unsubscribe-page", request.ip) };
      },
    );
  });
};
