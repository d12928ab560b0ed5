import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./script-hashes.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inline script hashes", () => {
  it("lists the SHA-256 of every inline script's exact text, once, and none for scripts with a src or not written by React in lower case", () => {
    const context = 'window.__reactRouterContext = {"a":"\\u003c/script>é"};';
    const module = 'import * as r from "/assets/root-A.js";\nwindow.x = 1;';
    const html =
      `<html><head><script>${context}</script><script src="/assets/a.js"></script>` +
      `<script type="module" src='/assets/b.js'></script></head><body>` +
      `<script type="text/plain" id="rr-deferred-module">${module}</script>` +
      `<script type="application/ld+json">{"@type":"Article"}</script>` +
      `<SCRIPT>alert(2)</SCRIPT ><scripts>not a script</scripts><p>not a script</p></body></html>`;
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([sha(context), sha(module), sha('{"@type":"Article"}')]);
  });

  it("matches what a browser hashes: the UTF-8 bytes of the text, whitespace included", () => {
    expect(inlineScriptHashes(Buffer.from("<script> alert(1)\n</script>"))).toEqual([sha(" alert(1)\n")]);
    expect(inlineScriptHashes(Buffer.from("<script>alert(1)</script>"))).not.toEqual([sha(" alert(1)\n")]);
    expect(inlineScriptHashes(Buffer.from("<p>no scripts</p>"))).toEqual([]);
    // A browser ends script data at "</script" in any case, followed by a space, "/" or ">".
    expect(inlineScriptHashes(Buffer.from("<script>a('</scripty>')</SCRIPT\n>"))).toEqual([sha("a('</scripty>')")]);
    expect(inlineScriptHashes(Buffer.from("<script>a()</script/>"))).toEqual([sha("a()")]);
    expect(inlineScriptHashes(Buffer.from("<script>never closed"))).toEqual([]);
    // Read byte for byte: text outside ASCII hashes as its UTF-8 bytes, as sent.
    expect(inlineScriptHashes(Buffer.from("<p>ü</p><script>x='— ✓ 🚀'</script>"))).toEqual([sha("x='— ✓ 🚀'")]);
  });
});
