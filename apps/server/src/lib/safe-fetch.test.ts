import dns from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { addressKind, checkOutboundUrl, isPublicAddress, OutboundRefused, safePost } from "./safe-fetch.ts";

const strict = { allowPrivate: false };
// A deadline far from what a local answer takes on a loaded machine; the deadline's own test sets a short one.
const post = { allowPrivate: true, timeoutMs: 10_000, maxResponseBytes: 1024, maxBodyBytes: 1024 };

async function refusal(url: string): Promise<string | undefined> {
  try {
    await checkOutboundUrl(url, strict);
    return undefined;
  } catch (err) {
    return err instanceof OutboundRefused ? err.reason : String(err);
  }
}

describe("outbound addresses", () => {
  it("accepts only global unicast IPv4 and IPv6 addresses", () => {
    for (const address of ["93.184.215.14", "1.1.1.1", "8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "2001:4860:4860::8888"]) {
      expect(addressKind(address), address).toBe("public");
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("calls private, loopback, link-local, CGNAT, ULA, multicast, documentation and reserved addresses not public", () => {
    for (const address of [
      "127.0.0.1",
      "10.2.3.4",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.100.100.200",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "240.0.0.1",
      "198.18.0.1",
      "192.0.2.1",
      "::",
      "::1",
      "fe80::1",
      "fe80::1%eth0",
      "fc00::1",
      "fd00:ec2::254",
      "fd12:3456:789a::1",
      "ff02::1",
      "ff0e::1",
      "fec0::1",
      "100::1",
      "2001:db8::1",
      "3fff::1",
      "4000::1",
      "not an ip",
      "0x7f.1",
    ]) {
      expect(addressKind(address), address).toBe("not-public");
    }
  });

  it("refuses every IPv6 form that embeds an IPv4 address, whatever the inner address", () => {
    // Inner address not public: refused as the private address it leads to.
    for (const address of [
      "::127.0.0.1",
      "::7f00:1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:0:169.254.169.254",
      "64:ff9b::7f00:1",
      "64:ff9b::a00:1",
      "64:ff9b::127.0.0.1",
      "2002:7f00:1::",
      "2002:a9fe:a9fe::1",
      // Teredo, client 127.0.0.1 (bits flipped in the last 32).
      "2001:0:4136:e378:8000:63bf:80ff:fffe",
    ]) {
      expect(addressKind(address), address).toBe("not-public");
    }
    // Inner address public, or no fixed place for one: refused all the same.
    for (const address of [
      "::8.8.8.8",
      "::ffff:8.8.8.8",
      "64:ff9b::808:808",
      "64:ff9b:1::808:808",
      "2002:808:808::1",
      // Teredo, the RFC 4380 example with a public client (client 8.8.8.8 flipped is f7f7:f7f7).
      "2001:0:4136:e378:8000:63bf:f7f7:f7f7",
    ]) {
      expect(addressKind(address), address).toBe("embedding");
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("refuses plain http, credentials, private literals and names that resolve to loopback", async () => {
    expect(await refusal("http://93.184.215.14/")).toBe("scheme");
    expect(await refusal("https://a:b@93.184.215.14/")).toBe("credentials");
    expect(await refusal("https://[::1]/")).toBe("private");
    expect(await refusal("https://0x7f.1/")).toBe("private");
    expect(await refusal("https://localhost/")).toBe("private");
    expect(await refusal("https://no-such-host.invalid/")).toBe("unresolvable");
    expect(await refusal("https://93.184.215.14/")).toBeUndefined();
    expect(await refusal("https://[2606:4700:4700::1111]/")).toBeUndefined();
    await expect(checkOutboundUrl("http://127.0.0.1:1/", { allowPrivate: true })).resolves.toMatchObject({ address: "127.0.0.1" });
  });

  it("refuses IPv6 literals that embed an IPv4 address, link-local, ULA and multicast", async () => {
    for (const url of [
      "https://[::127.0.0.1]/",
      "https://[2002:7f00:1::]/",
      "https://[::ffff:127.0.0.1]/",
      "https://[64:ff9b::7f00:1]/",
      "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
      "https://[fe80::1]/",
      "https://[fd00::1]/",
      "https://[ff02::1]/",
    ]) {
      expect(await refusal(url), url).toBe("private");
    }
    for (const url of [
      "https://[::ffff:8.8.8.8]/",
      "https://[64:ff9b::808:808]/",
      "https://[2002:808:808::1]/",
      "https://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/",
    ]) {
      expect(await refusal(url), url).toBe("embedding");
    }
  });

  it("checks every address a host name resolves to, so a DNS answer cannot smuggle in an embedded or private one", async () => {
    const answers: Record<string, dns.LookupAddress[]> = {
      "six-to-four.example": [{ address: "2002:7f00:1::", family: 6 }],
      "nat64.example": [{ address: "64:ff9b::808:808", family: 6 }],
      "mixed.example": [
        { address: "93.184.215.14", family: 4 },
        { address: "::127.0.0.1", family: 6 },
      ],
      "public.example": [
        { address: "93.184.215.14", family: 4 },
        { address: "2606:4700:4700::1111", family: 6 },
      ],
    };
    const lookup = vi.spyOn(dns.promises, "lookup").mockImplementation((async (host: string) => {
      const found = answers[host];
      if (!found) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      return found;
    }) as unknown as typeof dns.promises.lookup);
    try {
      expect(await refusal("https://six-to-four.example/")).toBe("private");
      expect(await refusal("https://nat64.example/")).toBe("embedding");
      expect(await refusal("https://mixed.example/")).toBe("private");
      await expect(checkOutboundUrl("https://public.example/", strict)).resolves.toMatchObject({ address: "93.184.215.14", family: 4 });
    } finally {
      lookup.mockRestore();
    }
  });

  it("refuses at dial time a host name that now resolves to an embedded loopback address, without connecting", async () => {
    const lookup = vi.spyOn(dns.promises, "lookup").mockResolvedValue([{ address: "::ffff:127.0.0.1", family: 6 }] as never);
    try {
      await expect(safePost("https://rebound.example/hook", "{}", {}, { ...post, allowPrivate: false })).rejects.toMatchObject({ reason: "private" });
    } finally {
      lookup.mockRestore();
    }
  });
});

describe("safePost", () => {
  async function server(handler: http.RequestListener) {
    const s = http.createServer(handler);
    await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
    return {
      url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/`,
      close: () =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    };
  }

  it("does not follow a redirect: the 3xx is the answer", async () => {
    let hits = 0;
    const s = await server((_req, res) => {
      hits += 1;
      res.writeHead(302, { location: "http://169.254.169.254/" }).end();
    });
    await expect(safePost(s.url, "{}", {}, post)).resolves.toMatchObject({ status: 302 });
    expect(hits).toBe(1);
    await s.close();
  });

  it("gives up at the deadline on a receiver that sends its answer slowly", async () => {
    const s = await server((_req, res) => {
      res.writeHead(200);
      res.write("a");
      // …and never ends it.
    });
    const started = Date.now();
    await expect(safePost(s.url, "{}", {}, { ...post, timeoutMs: 400 })).rejects.toThrow(/timed out after 400 ms|closed before the answer ended/);
    expect(Date.now() - started).toBeLessThan(1500);
    await s.close();
  });

  it("keeps only the start of a large answer and refuses an oversized request body", async () => {
    const s = await server((_req, res) => res.end("y".repeat(1_000_000)));
    const answer = await safePost(s.url, "{}", {}, post);
    expect(answer.bodyStart.length).toBe(1024);
    await expect(safePost(s.url, "z".repeat(2000), {}, post)).rejects.toThrow(/over the limit/);
    await s.close();
  });
});
