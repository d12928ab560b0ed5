import { describe, expect, it } from "vitest";
import { addHeadingIds, htmlToText, markdownToSafeHtml, sanitizeArticleHtml } from "./sanitize.ts";

describe("article sanitizer", () => {
  it("removes scripts, forbidden tags, inline handlers and javascript: links", () => {
    const dirty = `<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a><script>alert(1)</script></p>
      <img src="x.png" onerror="alert(1)" alt="a"><form><input value="1"><button>Go</button></form>
      <object data="x.swf"></object><embed src="y"><iframe src="https://evil.example"></iframe>`;
    const clean = sanitizeArticleHtml(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|<form|<input|<button|<object|<embed|<iframe|alert/i);
    expect(clean).toContain("<p>Hi <a>x</a></p>");
    expect(clean).toContain('<img src="x.png" alt="a" />');
  });

  it("keeps the allowlist: headings, lists, tables, code, links with safe schemes, data- attributes", () => {
    const html = `<h2 class="lead" data-x="1">Title</h2><ul><li><strong>a</strong></li></ul><table><thead><tr><th>h</th></tr></thead>
      <tbody><tr><td>c</td></tr></tbody></table><pre><code>x</code></pre><a href="https://vestin.io" target="_blank">l</a>
      <a href="mailto:a@b.co">m</a><hr>`;
    const clean = sanitizeArticleHtml(html);
    expect(clean).toContain('<h2 class="lead" data-x="1" id="title">Title</h2>');
    expect(clean).toContain('<a href="https://vestin.io" target="_blank" rel="noopener noreferrer">l</a>');
    expect(clean).toContain('href="mailto:a@b.co"');
    for (const tag of ["<table>", "<thead>", "<tbody>", "<th>", "<td>", "<pre>", "<code>", "<li>", "<hr />"]) expect(clean).toContain(tag);
  });

  it("keeps harmless inline styles and drops ones that load or run things", () => {
    const clean = sanitizeArticleHtml(
      `<p style="text-align:center;color:#123456">a</p><p style="background-image:url(javascript:alert(1))">b</p><p style="width: expression(alert(1))">c</p>`,
    );
    expect(clean).toContain('style="text-align:center;color:#123456"');
    expect(clean).not.toMatch(/url\(|expression/);
  });

  it("renders markdown safely and names headings for the table of contents", () => {
    const html = markdownToSafeHtml("## What is an SPV?\n\nText <script>x()</script>\n\n## What is an SPV?\n\n[bad](javascript:alert(1))");
    expect(html).toContain('<h2 id="what-is-an-spv">What is an SPV?</h2>');
    expect(html).toContain('<h2 id="what-is-an-spv-2">');
    expect(html).not.toMatch(/script|javascript/);
  });

  it("turns HTML into readable text", () => {
    expect(htmlToText("<h2>A &amp; B</h2><p>One<br>two</p><ul><li>x</li><li>y</li></ul>")).toBe("A & B One two x y");
  });

  it("leaves existing heading ids alone", () => {
    expect(addHeadingIds('<h3 id="keep">Keep</h3><h3>New</h3>')).toBe('<h3 id="keep">Keep</h3><h3 id="new">New</h3>');
  });
});
