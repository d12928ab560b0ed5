import { parseFragment, serialize, type DefaultTreeAdapterMap } from "parse5";
import { beforeAll, describe, expect, it } from "vitest";
import { SANITIZE } from "@vestin/shared/blog";
import { executableFindings, tagNames, XSS_PAYLOADS, type HtmlElement } from "@vestin/shared/testing/xss";
import { describeEachDatabase } from "../../test/harness.ts";
import { api, createCourse, signedInUser } from "../../test/helpers.ts";
import { markdownToSafeHtml, sanitizeArticleHtml } from "./sanitize.ts";

/*
 * The article and lesson sanitizer against the XSS corpus. Its output is read the way
 * a browser reads it (parse5 implements the HTML standard's parser, not sanitize-html's
 * htmlparser2), then serialised and read again, to catch markup that mutates into something live.
 */

type Node = DefaultTreeAdapterMap["childNode"] | DefaultTreeAdapterMap["documentFragment"];

function toTree(node: Node): HtmlElement {
  const children: HtmlElement[] = [];
  const kids = "childNodes" in node ? node.childNodes : [];
  for (const child of kids) if ("tagName" in child || "childNodes" in child) children.push(toTree(child as Node));
  // <template> keeps its children in a separate fragment.
  if ("content" in node && node.content) children.push(toTree(node.content));
  const tag = "tagName" in node ? node.tagName : "#fragment";
  const attrs = "attrs" in node ? node.attrs.map((a) => ({ name: a.prefix ? `${a.prefix}:${a.name}` : a.name, value: a.value })) : [];
  return { tag, attrs, children };
}

const read = (html: string) => toTree(parseFragment(html));

/** Findings in the HTML as parsed, and again after one serialise-and-parse round (mutation XSS). */
function inspect(html: string): string[] {
  const first = parseFragment(html);
  return [...executableFindings(toTree(first)), ...executableFindings(read(serialize(first)))];
}

const ALLOWED = new Set<string>([...SANITIZE.allowedTags, "#fragment"]);

/** Each payload whose cleaned form still holds something executable or an element not allowlisted, with what was found. */
function unsafeOutputs(clean: (payload: string) => string): string[] {
  const failures: string[] = [];
  for (const payload of XSS_PAYLOADS) {
    const output = clean(payload);
    const findings = inspect(output);
    const extra = [...tagNames(read(output))].filter((tag) => !ALLOWED.has(tag));
    if (findings.length || extra.length)
      failures.push(`${payload}\n  → ${output}\n  ${[...findings, ...extra.map((t) => `<${t}> not allowlisted`)].join("; ")}`);
  }
  return failures;
}

describe("the XSS corpus", () => {
  it("holds at least 100 payloads, all different", () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length);
  });

  it("is dangerous as it stands: the checks find something in nearly every raw payload", () => {
    const caught = XSS_PAYLOADS.filter((p) => inspect(p).length > 0 || inspect(markdownToHtmlUnsafe(p)).length > 0);
    expect(caught.length).toBeGreaterThan(XSS_PAYLOADS.length * 0.75);
  });
});

/** What Markdown turns a payload into before sanitizing (to show the checks see the danger). */
function markdownToHtmlUnsafe(markdown: string): string {
  return markdown.replace(/\[([^\]]*)\]\(([^)\s]*)[^)]*\)/g, '<a href="$2">$1</a>');
}

describe("sanitizeArticleHtml on every payload", () => {
  it("leaves nothing executable, and only allowlisted elements", () => {
    expect(unsafeOutputs(sanitizeArticleHtml)).toEqual([]);
  });

  it("leaves nothing executable when every payload is in one document, and is stable when run twice", () => {
    const all = XSS_PAYLOADS.join("\n");
    const clean = sanitizeArticleHtml(all);
    expect(inspect(clean)).toEqual([]);
    expect(inspect(sanitizeArticleHtml(clean))).toEqual([]);
    expect([...tagNames(read(clean))].filter((tag) => !ALLOWED.has(tag))).toEqual([]);
  });

  it("keeps the harmless parts (text, safe links) so authors do not lose content", () => {
    expect(sanitizeArticleHtml('<p onclick="alert(1)">Hello <a href="https://vestin.io" target="_blank">site</a></p>')).toBe(
      '<p>Hello <a href="https://vestin.io" target="_blank" rel="noopener noreferrer">site</a></p>',
    );
    expect(sanitizeArticleHtml('<a href="mailto:team@vestin.io">mail</a>')).toContain('href="mailto:team@vestin.io"');
  });
});

describe("markdownToSafeHtml on every payload", () => {
  it("leaves nothing executable, and only allowlisted elements", () => {
    expect(unsafeOutputs(markdownToSafeHtml)).toEqual([]);
    expect(inspect(markdownToSafeHtml(XSS_PAYLOADS.join("\n\n")))).toEqual([]);
  });
});

describeEachDatabase(
  "articles and lessons stored through the admin API",
  (t) => {
    let admin = "";
    let courseId = "";
    beforeAll(async () => {
      admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
      courseId = (await createCourse(t().app, admin, 0)).id;
    });
    const article = { title: "XSS corpus", excerpt: "Every payload.", category: "Security", author: { name: "Red Team" } };
    /**
     * An article's images must carry alt text (the API refuses the save otherwise), so each
     * payload's images get one, put before their own attributes: what the payload tries stays.
     */
    const withAlt = (payload: string) => payload.replace(/<img\b/gi, '<img alt="payload"').replace(/!\[\s*\]\(/g, "![payload](");

    for (const field of ["content", "markdown"] as const) {
      it(`an article whose ${field} is the whole corpus comes back inert`, async () => {
        const created = await api(t().app, "POST", "/api/v1/blogs", { ...article, [field]: XSS_PAYLOADS.map(withAlt).join("\n\n") }, admin);
        expect(created.status).toBe(201);
        const read = await api(t().app, "GET", `/api/v1/blogs/${created.body.data.slug}`);
        expect(inspect(read.body.data.content as string)).toEqual([]);
        expect((read.body.data.content as string).length).toBeGreaterThan(1000);
      });

      it(`a lesson whose ${field} is the whole corpus comes back inert`, async () => {
        const created = await api(t().app, "POST", "/api/v1/lessons", { courseId, title: `XSS ${field}`, [field]: XSS_PAYLOADS.join("\n\n") }, admin);
        expect(created.status).toBe(201);
        const read = await api(t().app, "GET", `/api/v1/lessons/${created.body.data._id}`);
        expect(inspect(read.body.data.content as string)).toEqual([]);
      });
    }
  },
  { env: { RATE_LIMITS: "off" } },
);
