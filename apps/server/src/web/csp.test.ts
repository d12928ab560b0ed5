import { describe, expect, it } from "vitest";
import { challengeCsp } from "../features/form-guard/challenge.ts";
import { pageCsp } from "./ssr.ts";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

describe("page CSP", () => {
  it("frames only this origin and the privacy-enhanced video players", () => {
    const csp = pageCsp(["'sha256-abc='"], false);
    expect(directive(csp, "frame-src")).toBe("frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com");
    expect(csp).not.toContain("https://www.youtube.com");
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'sha256-abc='");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'self'");
  });

  const H = ["'sha256-n='"];

  it("adds a challenge provider's origins only when one is configured and the guard is on", () => {
    const off = challengeCsp({ formGuard: true, challenge: undefined });
    expect(pageCsp(H, false, off)).toBe(pageCsp(H, false));

    const turnstile = { provider: "turnstile" as const, siteKey: "k", secret: "s", verifyUrl: "https://x.example" };
    const withTurnstile = pageCsp(H, false, challengeCsp({ formGuard: true, challenge: turnstile }));
    expect(directive(withTurnstile, "script-src")).toBe("script-src 'self' 'sha256-n=' https://challenges.cloudflare.com");
    expect(directive(withTurnstile, "frame-src")).toBe(
      "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com https://challenges.cloudflare.com",
    );
    expect(directive(withTurnstile, "connect-src")).toBe("connect-src 'self'");

    const withHcaptcha = pageCsp(H, false, challengeCsp({ formGuard: true, challenge: { ...turnstile, provider: "hcaptcha" } }));
    for (const name of ["script-src", "frame-src", "connect-src", "style-src"]) {
      expect(directive(withHcaptcha, name), name).toContain("https://hcaptcha.com https://*.hcaptcha.com");
    }
    expect(pageCsp(H, false, challengeCsp({ formGuard: false, challenge: turnstile }))).toBe(pageCsp(H, false));
  });
});
