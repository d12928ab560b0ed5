import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Outbound HTTP to addresses an administrator typed (webhooks; ADR 12). A URL is refused unless
 * it is https (http only when private addresses are allowed) and every address its host resolves
 * to is global unicast (IPv6 forms that embed an IPv4 address are refused too). The request then
 * connects to the address that was checked (the `lookup` below answers it, so DNS cannot swap in
 * a private one between check and connect: rebinding), follows no redirects, gives up after a
 * deadline and reads at most a few KB of the answer. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE=1)
 * lifts the address and scheme rules for tests and intranet receivers; the deadline and the size
 * limits always hold.
 */

export type OutboundRules = {
  /** Private, loopback and link-local addresses and plain http allowed (tests, an intranet CRM). */
  allowPrivate: boolean;
};

export type PostOptions = OutboundRules & {
  /** The whole exchange (DNS, connect, TLS, request, answer) ends after this many milliseconds. */
  timeoutMs: number;
  /** Answer bytes read at most; the rest is discarded. */
  maxResponseBytes: number;
  /** The longest request body sent. */
  maxBodyBytes: number;
};

export const DEFAULT_POST_OPTIONS = { timeoutMs: 10_000, maxResponseBytes: 64 * 1024, maxBodyBytes: 256 * 1024 } as const;

export type RefusalReason = "invalid" | "scheme" | "credentials" | "private" | "embedding" | "unresolvable" | "lookup-timeout";

/** A URL this server will not send to, with the reason (the caller words it for a person). */
export class OutboundRefused extends Error {
  readonly reason: RefusalReason;
  constructor(reason: RefusalReason, message: string) {
    super(message);
    this.name = "OutboundRefused";
    this.reason = reason;
  }
}

/**
 * What an address is to the guard: `public` (global unicast: the only kind a request may go to),
 * `embedding` (an IPv6 form that carries an IPv4 address inside it and whose inner address is
 * public: refused as well, a webhook receiver has no reason to sit behind one) or `not-public`
 * (everything else: this host, private networks, link-local with cloud metadata, carrier-grade
 * NAT, multicast, documentation, benchmarking and reserved space, and any embedding form whose
 * inner IPv4 address is not public).
 */
export type AddressKind = "public" | "embedding" | "not-public";

/**
 * The ranges come from ipaddr.js (its IANA special-purpose registries), never from a list kept
 * here: an IPv4 address is public when ipaddr.js calls it plain `unicast`; an IPv6 address when it
 * is `unicast` and inside 2000::/3, the only block IANA hands out as global unicast.
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
const flipped = (part: number) => ~part & 0xffff;

/**
 * The IPv6 forms that embed an IPv4 address, each with the inner address where the form fixes
 * its place (null where it does not: the local-use NAT64 prefix lets each network choose).
 */
const EMBEDDING_FORMS: Array<{ range: [ipaddr.IPv6, number]; inner: (parts: number[]) => ipaddr.IPv4 | null }> = [
  // IPv4-compatible (::a.b.c.d, deprecated), which also holds :: and ::1.
  { range: ipaddr.IPv6.parseCIDR("::/96"), inner: (p) => v4(p[6] ?? 0, p[7] ?? 0) },
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-translated (::ffff:0:a.b.c.d).
  { range: ipaddr.IPv6.parseCIDR("::ffff:0:0/96"), inner: (p) => v4(p[6] ?? 0, p[7] ?? 0) },
  { range: ipaddr.IPv6.parseCIDR("::ffff:0:0:0/96"), inner: (p) => v4(p[6] ?? 0, p[7] ?? 0) },
  // NAT64, the well-known prefix (64:ff9b::a.b.c.d) and the local-use one.
  { range: ipaddr.IPv6.parseCIDR("64:ff9b::/96"), inner: (p) => v4(p[6] ?? 0, p[7] ?? 0) },
  { range: ipaddr.IPv6.parseCIDR("64:ff9b:1::/48"), inner: () => null },
  // 6to4: 2002:AABB:CCDD::/48 is the site behind a.b.c.d.
  { range: ipaddr.IPv6.parseCIDR("2002::/16"), inner: (p) => v4(p[1] ?? 0, p[2] ?? 0) },
  // Teredo: the client's address, its bits flipped, in the last 32 bits.
  { range: ipaddr.IPv6.parseCIDR("2001::/32"), inner: (p) => v4(flipped(p[6] ?? 0), flipped(p[7] ?? 0)) },
];

function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  // net.isIP accepts only the plain forms (no 0x7f.1, no 127.1): URL and DNS hand us those.
  if (net.isIP(address) === 0) return undefined;
  try {
    return ipaddr.parse(address);
  } catch {
    return undefined;
  }
}

function kindOf(address: ipaddr.IPv4 | ipaddr.IPv6): AddressKind {
  if (address.kind() === "ipv4") return address.range() === "unicast" ? "public" : "not-public";
  const v6 = address as ipaddr.IPv6;
  const form = EMBEDDING_FORMS.find((f) => v6.match(f.range));
  if (form) {
    const inner = form.inner(v6.parts);
    return inner && kindOf(inner) !== "public" ? "not-public" : "embedding";
  }
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === "unicast" ? "public" : "not-public";
}

/** What an address (an IP literal as text) is to the guard; anything that is not one is `not-public`. */
export function addressKind(address: string): AddressKind {
  const parsed = parseAddress(address);
  return parsed ? kindOf(parsed) : "not-public";
}

/** True for a global unicast address, the only kind a request may go to. */
export function isPublicAddress(address: string): boolean {
  return addressKind(address) === "public";
}

type Resolved = { url: URL; host: string; address: string; family: 4 | 6 };

const LOOKUP_TIMEOUT_MS = 5_000;

async function lookupAll(host: string, timeoutMs: number): Promise<dns.LookupAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      dns.promises.lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new OutboundRefused("lookup-timeout", `looking up ${host} took longer than ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (err) {
    if (err instanceof OutboundRefused) throw err;
    throw new OutboundRefused("unresolvable", `${host} could not be resolved (${(err as NodeJS.ErrnoException).code ?? "lookup failed"})`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks a URL against the rules and resolves its host: every address must be public (one
 * private answer among public ones refuses it too, or a rebinding DNS server could choose).
 * Answers the address to connect to.
 */
export async function checkOutboundUrl(text: string, rules: OutboundRules, lookupTimeoutMs = LOOKUP_TIMEOUT_MS): Promise<Resolved> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundRefused("invalid", "not a URL");
  }
  if (url.protocol !== "https:" && !(rules.allowPrivate && url.protocol === "http:")) throw new OutboundRefused("scheme", `${url.protocol} is not allowed`);
  if (url.username || url.password) throw new OutboundRefused("credentials", "the URL carries credentials");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host) throw new OutboundRefused("invalid", "the URL has no host");
  const literal = net.isIP(host);
  const addresses: dns.LookupAddress[] = literal ? [{ address: host, family: literal }] : await lookupAll(host, lookupTimeoutMs);
  if (addresses.length === 0) throw new OutboundRefused("unresolvable", `${host} has no address`);
  if (!rules.allowPrivate) {
    for (const { address } of addresses) {
      const kind = addressKind(address);
      if (kind === "not-public") throw new OutboundRefused("private", `${host} resolves to ${address}, which is not a public address`);
      if (kind === "embedding") throw new OutboundRefused("embedding", `${host} resolves to ${address}, an IPv6 form that embeds an IPv4 address`);
    }
  }
  const first = addresses[0] as dns.LookupAddress;
  return { url, host, address: first.address, family: first.family === 6 ? 6 : 4 };
}

export type PostResult = {
  /** The receiver's HTTP status (a redirect is not followed: its 3xx is the result). */
  status: number;
  /** The start of the answer (at most maxResponseBytes), as text, for the delivery log. */
  bodyStart: string;
};

/**
 * POSTs `body` to a checked URL. Resolves with the status of any answer; rejects with
 * OutboundRefused for a URL the rules refuse, or with an Error for a timeout, a refused
 * connection, a TLS failure or a reset. Never waits past `timeoutMs`.
 */
export async function safePost(target: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<PostResult> {
  const size = Buffer.byteLength(body);
  if (size > options.maxBodyBytes) throw new Error(`the request body is ${size} bytes, over the limit of ${options.maxBodyBytes}`);
  const started = Date.now();
  const checked = await checkOutboundUrl(target, options, Math.min(LOOKUP_TIMEOUT_MS, options.timeoutMs));
  const remaining = options.timeoutMs - (Date.now() - started);
  if (remaining <= 0) throw new Error(`timed out after ${options.timeoutMs} ms`);

  return new Promise<PostResult>((resolve, reject) => {
    const requestOptions: https.RequestOptions = {
      method: "POST",
      headers: { ...headers, "content-length": String(size) },
      // Connect to the address that was checked, whatever DNS answers now. TLS still checks the
      // certificate against the host name (SNI and verification use the URL's host).
      lookup: ((_hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
        if (lookupOptions?.all) callback(null, [{ address: checked.address, family: checked.family }]);
        else callback(null, checked.address, checked.family);
      }) as unknown as net.LookupFunction,
      agent: false,
    };
    const onResponse = (response: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = () => {
        clearTimeout(deadline);
        resolve({ status: response.statusCode ?? 0, bodyStart: Buffer.concat(chunks).toString("utf8") });
      };
      response.on("data", (chunk: Buffer) => {
        if (kept < options.maxResponseBytes) {
          const part = chunk.subarray(0, options.maxResponseBytes - kept);
          chunks.push(part);
          kept += part.length;
        }
        // Enough read: the rest of a large answer is not waited for.
        if (kept >= options.maxResponseBytes) {
          finish();
          response.destroy();
        }
      });
      response.on("end", finish);
      // The deadline or a reset cut the answer short (a settled promise ignores this).
      response.on("close", () => {
        clearTimeout(deadline);
        reject(new Error(response.complete ? "the connection closed" : "the connection closed before the answer ended"));
      });
      response.on("error", (err) => {
        clearTimeout(deadline);
        reject(err);
      });
    };
    // The one outbound call to an address an administrator typed (outbound-calls.test.ts).
    const request =
      checked.url.protocol === "https:" ? https.request(checked.url, requestOptions, onResponse) : http.request(checked.url, requestOptions, onResponse);
    const deadline = setTimeout(() => request.destroy(new Error(`timed out after ${options.timeoutMs} ms`)), remaining);
    request.on("error", (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    request.end(body);
  });
}
