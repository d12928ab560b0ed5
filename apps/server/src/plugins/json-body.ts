import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";

export const BODY_LIMIT = 100 * 1024;

/**
 * Request bodies are JSON: application/json or any application/…+json type. A route that takes no
 * body (logout, like, enroll …) accepts an empty one; malformed JSON is a 400. Every other body
 * type is a 415, text/plain included: Fastify would parse it into a string, and a page on another
 * site can post text/plain without a preflight. Uploads and the RFC 8058 one-click unsubscribe add
 * their own types in their own plugins.
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser("error", "error");
    const jsonBody = (request: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      if (typeof body === "string" && body.trim() === "") return done(null, undefined);
      // Fastify's default JSON parser is the callback kind: it answers (a body or an error) through done.
      void parseJson(request, body as string, done);
    };
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: BODY_LIMIT }, jsonBody);
    app.addContentTypeParser(/^application\/[\w.-]+\+json(\s*;|$)/i, { parseAs: "string", bodyLimit: BODY_LIMIT }, jsonBody);
  },
  { name: "json-body" },
);
