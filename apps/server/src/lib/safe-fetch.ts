import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/**
 * Outbound HTTP to addresses an administrator typed (webhooks, issue #20; ADR 12). A URL is
 * refused unless it is https (http only when private addresses are allowed) and every address
 * its host resolves to is public. The request then connects to the address that was checked
 * (the `lookup` below answers it, so DNS cannot swap in a private one between check and
 * connect: rebinding), follows no redirects, gives up after a deadline and reads at most a few
 * KB of the answer. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE=1) lifts the address and scheme rules
 * for tests and intranet receivers; the deadline and the size limits always hold.
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

export type RefusalReason = "invalid" | "scheme" | "credentials" | "private" | "unresolvable" | "lookup-timeout";

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
 * Addresses that are not the public internet: this host, private networks, link-local (cloud
 * metadata at 169.254.169.254 and fd00:ec2::254), carrier-grade NAT, documentation and
 * benchmarking ranges, multicast and reserved space. IPv4-mapped IPv6 (::ffff:10.0.0.1) is
 * matched against the IPv4 ranges by BlockList itself; NAT64 addresses are unwrapped below.
 */
const NOT_PUBLIC = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address inside a NAT64 address (64:ff9b::a00:1 is 10.0.0.1), if it is one. */
function nat64Inner(address: string): string | undefined {
  const match = /^64:ff9b::(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return undefined;
  if (match[1]) return match[1];
  const high = parseInt(match[2] ?? "0", 16);
  const low = parseInt(match[3] ?? "0", 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True for an address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const inner = nat64Inner(address);
    if (inner) return isPublicAddress(inner);
  }
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
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
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) throw new OutboundRefused("private", `${host} resolves to ${blocked.address}, which is not a public address`);
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
