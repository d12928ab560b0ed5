import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { escapeHtml, parseUpdated, renderLegalMarkdown, slugify } from "./legal-markdown";

const legal = (name: string) => readFileSync(path.join(import.meta.dirname, "../../../content/legal", `${name}.md`), "utf8");

describe("legal markdown rendering", () => {
  it("reads the last-updated date from the first-line comment and drops the comment", () => {
    const doc = renderLegalMarkdown("<!-- updated: April 30, 2025 -->\n\n## 1. Intro\n\nText.");
    expect(doc.updated).toBe("April 30, 2025");
    expect(doc.html).not.toContain("updated:");
    expect(parseUpdated("## No date")).toBeNull();
  });

  it("gives headings stable, unique ids and lists the sections", () => {
    const doc = renderLegalMarkdown("## 1. The Platform\n\n### (a) Who we are\n\n## 2. Age & Eligibility\n\n### (a) Who we are\n\n## Contact Us\n");
    expect(doc.html).toContain('<h2 id="1-the-platform">1. The Platform</h2>');
    expect(doc.html).toContain('<h3 id="1-a-who-we-are">');
    expect(doc.html).toContain('<h3 id="2-a-who-we-are">');
    expect(doc.toc).toEqual([
      { id: "1-the-platform", title: "1. The Platform" },
      { id: "2-age-eligibility", title: "2. Age & Eligibility" },
      { id: "contact-us", title: "Contact Us" },
    ]);
  });

  it("shows raw HTML as text and drops unsafe links", () => {
    const doc = renderLegalMarkdown(
      'Hello <script>alert("x")</script> and <b>bold</b>.\n\n<div onclick="x()">block</div>\n\n[click](javascript:alert(1)) [ok](/privacy)',
    );
    expect(doc.html).not.toMatch(/<script|<b>|<div/);
    expect(doc.html).toContain("&lt;script&gt;");
    expect(doc.html).not.toContain("javascript:");
    expect(doc.html).toContain('<a href="/privacy">ok</a>');
  });

  it("opens external links in a new tab and keeps mailto links", () => {
    const doc = renderLegalMarkdown("[opt out](https://optout.example.org) or [mail](mailto:privacy@vestin.io)");
    expect(doc.html).toContain('href="https://optout.example.org" target="_blank" rel="noopener noreferrer"');
    expect(doc.html).toContain('<a href="mailto:privacy@vestin.io">mail</a>');
  });

  it("slugifies and escapes", () => {
    expect(slugify("22. Mandatory Arbitration")).toBe("22-mandatory-arbitration");
    expect(slugify("Notice to iOS Users")).toBe("notice-to-ios-users");
    expect(escapeHtml(`<a href="x">'`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;");
  });
});

describe("the site's legal texts", () => {
  it("terms: sections 1 to 35 and Contact Us, arbitration subsections (a) to (i), dated April 30, 2025", () => {
    const doc = renderLegalMarkdown(legal("terms"));
    expect(doc.updated).toBe("April 30, 2025");
    const numbers = doc.toc.map((e) => Number(/^(\d+)\./.exec(e.title)?.[1])).filter(Number.isFinite);
    expect(numbers).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
    expect(doc.toc.at(-1)?.title).toBe("Contact Us");
    for (const letter of "abcdefghi") expect(doc.html).toContain(`id="22-${letter}-`);
    for (const heading of [
      "Limitation of Liability",
      "Informal Dispute Resolution",
      "Class Action Waiver",
      "Force Majeure",
      "Export Controls",
      "Notice to iOS Users",
      "Notice to Google Play Users",
      "Notice to California Residents",
      "Miscellaneous",
    ]) {
      expect(doc.html).toContain(heading);
    }
  });

  it("privacy: sections 1 to 12 and the state notices, dated November 28, 2026", () => {
    const doc = renderLegalMarkdown(legal("privacy"));
    expect(doc.updated).toBe("November 28, 2026");
    expect(doc.toc.filter((e) => /^\d+\./.test(e.title))).toHaveLength(12);
    expect(doc.toc.some((e) => e.title === "State-Specific Privacy Notices")).toBe(true);
    expect(doc.html).toContain("mailto:");
  });

  it("cookies: ten numbered sections, dated November 28, 2026", () => {
    const doc = renderLegalMarkdown(legal("cookies"));
    expect(doc.updated).toBe("November 28, 2026");
    expect(doc.toc.filter((e) => /^\d+\./.test(e.title))).toHaveLength(10);
  });
});
