import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { postedFromThisSite } from "./ssr.ts";

const PUBLIC_URL = "https://vestin.example";
const posted = (headers: Record<string, string>, host = "vestin.example", protocol = "https") =>
  postedFromThisSite({ headers, host, protocol } as unknown as FastifyRequest, PUBLIC_URL);

describe("a page's form is taken only from this site's own pages (login CSRF)", () => {
  it("believes the browser's Sec-Fetch-Site first: same-origin only", () => {
    expect(posted({ "sec-fetch-site": "same-origin" })).toBe(true);
    for (const site of ["same-site", "cross-site", "none"]) expect(posted({ "sec-fetch-site": site, origin: PUBLIC_URL }), site).toBe(false);
  });

  it("without it, wants an Origin that is this site's (its public address or the address asked for)", () => {
    expect(posted({ origin: PUBLIC_URL })).toBe(true);
    expect(posted({ origin: "http://127.0.0.1:3000" }, "127.0.0.1:3000", "http")).toBe(true);
    expect(posted({ origin: "https://evil.example" })).toBe(false);
    expect(posted({ origin: "https://vestin.example.evil.example" })).toBe(false);
    expect(posted({ origin: "http://vestin.example" })).toBe(false);
    expect(posted({ origin: "null" })).toBe(false);
  });

  it("refuses a POST that says neither: no browser's form", () => {
    expect(posted({})).toBe(false);
  });
});
