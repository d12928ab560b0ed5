import type { FastifyInstance, onSendAsyncHookHandler } from "fastify";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Adds an onSend hook to the routes that write (POST, PUT, PATCH, DELETE) registered from here on,
 * and to no other: a read of a cached page or answer then runs none of the write hooks (audit,
 * cache clearing), which cost a promise each on every request when they were global.
 * Call it before the routes are registered.
 */
export function onSendOfWrites(app: FastifyInstance, hook: onSendAsyncHookHandler): void {
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => READS.has(m))) return;
    const existing = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
    route.onSend = [...existing, hook];
  });
}
