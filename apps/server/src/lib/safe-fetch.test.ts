import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { checkOutboundUrl, isPublicAddress, OutboundRefused, safePost } from "./safe-fetch.ts";

const strict = { allowPrivate: false };
const post = { allowPrivate: true, timeoutMs: 400, maxResponseBytes: 1024, maxBodyBytes: 1024 };

async function refusal(url: string): Promise<string | undefined> {
  try {
    await checkOutboundUrl(url, strict);
    return undefined;
  } catch (err) {
    return err instanceof OutboundRefused ? err.reason : String(err);
  }
}

describe("outbound addresses", () => {
  it("tells public addresses from private, loopback, link-local, CGNAT, multicast and mapped ones", () => {
    for (const address of ["93.184.215.14", "1.1.1.1", "2606:4700:4700::1111", "64:ff9b::808:808"]) expect(isPublicAddress(address), address).toBe(true);
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
      "198.18.0.1",
      "::",
      "::1",
      "fe80::1",
      "fc00::1",
      "fd00:ec2::254",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "64:ff9b::a00:1",
      "64:ff9b::127.0.0.1",
      "not an ip",
    ]) {
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
    await expect(checkOutboundUrl("http://127.0.0.1:1/", { allowPrivate: true })).resolves.toMatchObject({ address: "127.0.0.1" });
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
    await expect(safePost(s.url, "{}", {}, post)).rejects.toThrow(/timed out after 400 ms|closed before the answer ended/);
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
