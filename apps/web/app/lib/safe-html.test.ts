import { describe, expect, it } from "vitest";
import { keyboardScrollable, safeStyle } from "./safe-html.ts";

describe("safeStyle (the browser's copy of the server's style rule)", () => {
  it("keeps allowlisted properties with plain values", () => {
    expect(safeStyle("text-align: center; color:#123456")).toBe("text-align:center;color:#123456");
  });

  it("drops what loads or runs, escapes, and properties off the list", () => {
    for (const style of [
      "background-image:url(javascript:alert(1))",
      "background:url(//xss.invalid/x.png)",
      "width:expression(alert(1))",
      "x:\\65 xpression(alert(1))",
      "behavior:url(xss.htc)",
      "-moz-binding:url(xss.xml#x)",
      "color:red;background:url(//xss.invalid/x.png)",
      "position:fixed",
    ]) {
      expect(safeStyle(style), style).not.toMatch(/url|expression|behavior|binding|position|\\/);
    }
    expect(safeStyle("color: red; width: expression(alert(1))")).toBe("color:red");
  });
});

describe("keyboardScrollable", () => {
  it("lets the keyboard reach tables and code blocks (they scroll sideways on a phone), and nothing else", () => {
    expect(keyboardScrollable('<table class="x"><tr><td>1</td></tr></table><pre>a</pre><p>table</p><tbody></tbody>')).toBe(
      '<table tabindex="0" class="x"><tr><td>1</td></tr></table><pre tabindex="0">a</pre><p>table</p><tbody></tbody>',
    );
    expect(keyboardScrollable("<p>&lt;table&gt; in text</p><preface></preface>")).toBe("<p>&lt;table&gt; in text</p><preface></preface>");
  });
});
