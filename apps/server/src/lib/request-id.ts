import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { BlockList, isIPv4 } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * The proxies whose word the server takes (X-Forwarded-For, X-Request-Id): a load balancer on
 * this machine (loopback) or on a private network (IPv4 private ranges, IPv6 unique local
 * addresses). A client on the internet can neither choose its own address nor its request id.
 */
const TRUSTED_PROXIES = new BlockList();
TRUSTED_PROXIES.addSubnet("127.0.0.0", 8, "ipv4");
TRUSTED_PROXIES.addSubnet("10.0.0.0", 8, "ipv4");
TRUSTED_PROXIES.addSubnet("172.16.0.0", 12, "ipv4");
TRUSTED_PROXIES.addSubnet("192.168.0.0", 16, "ipv4");
TRUSTED_PROXIES.addAddress("::1", "ipv6");
TRUSTED_PROXIES.addSubnet("fc00::", 7, "ipv6");

/** Whether a peer address is a trusted proxy (IPv4-mapped IPv6 addresses count as their IPv4 address). */
export function isTrustedProxy(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  try {
    return TRUSTED_PROXIES.check(ip, isIPv4(ip) ? "ipv4" : "ipv6");
  } catch {
    return false;
  }
}

/** An incoming id is kept only if it is this: short, and nothing a log line or a header could be bent with. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export const REQUEST_ID_HEADER = "x-request-id";

/**
 * Fastify's genReqId: the id a trusted proxy sent in X-Request-Id when it is a safe token, so one
 * id follows a request from the load balancer's log to ours; otherwise a new random UUID.
 * (Fastify's own `requestIdHeader` option would take the header from anyone, unchecked.)
 */
export function requestIdFor(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  if (typeof sent === "string" && SAFE_REQUEST_ID.test(sent) && isTrustedProxy(req.socket?.remoteAddress)) return sent;
  return randomUUID();
}

/** Every answer carries its request's id, so a person can quote it and an operator find its log lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
