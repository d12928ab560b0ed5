import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "./html-to-markdown";

describe("stored HTML back to Markdown", () => {
  it("writes headings, emphasis, lists, quotes, code and rules as Markdown", () => {
    expect(htmlToMarkdown("<h2>Title</h2><p>Some <strong>bold</strong> and <em>slanted</em> text.<br>Next line</p>")).toBe(
      "## Title\n\nSome **bold** and *slanted* text.  \nNext line\n",
    );
    expect(htmlToMarkdown('<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul><ol start="3"><li>three</li><li>four</li></ol>')).toBe(
      "-   one\n-   two\n    -   nested\n\n3.  three\n4.  four\n",
    );
    expect(htmlToMarkdown("<blockquote><p>quoted</p></blockquote><pre><code>const a = 1;\n</code></pre><hr><div><p>in a div</p></div>")).toBe(
      "> quoted\n\n```\nconst a = 1;\n```\n\n---\n\nin a div\n",
    );
  });

  it("writes links and images, and keeps the HTML of a link that opens a new tab", () => {
    expect(htmlToMarkdown('<p><a href="https://a.example/" title="About">About</a> <img src="/media/a.png" alt="A chart"></p>')).toBe(
      '[About](https://a.example/ "About") ![A chart](/media/a.png)\n',
    );
    expect(htmlToMarkdown('<p>See <a href="https://b.example/" target="_blank" rel="noopener">the report</a>.</p>')).toBe(
      'See <a href="https://b.example/" target="_blank" rel="noopener">the report</a>.\n',
    );
  });

  it("keeps text that looks like Markdown or HTML as text", () => {
    expect(htmlToMarkdown("<p>2 * 3 = 6, [not a link], &lt;b&gt;not bold&lt;/b&gt;</p>")).toBe("2 \\* 3 = 6, \\[not a link\\], &lt;b>not bold&lt;/b>\n");
  });

  it("keeps tables as HTML and drops what the site never renders", () => {
    expect(
      htmlToMarkdown(
        "<table><tr><td>a</td></tr></table><script>alert(1)</script><style>p{color:red}</style><form><input><button>Go</button></form><p>after</p>",
      ),
    ).toBe("<table><tbody><tr><td>a</td></tr></tbody></table>\n\nafter\n");
  });
});
