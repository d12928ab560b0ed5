import { readFileSync } from "node:fs";

/*
 * The XSS corpus (xss-payloads.txt beside this file) and the rules for "nothing executable",
 * shared by the sanitizer tests (parse5 tree) and the browser test (the live DOM, snapshotted).
 */

/** Every payload of the corpus, in file order. */
export const XSS_PAYLOADS: readonly string[] = readFileSync(new URL("./xss-payloads.txt", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"));

/** An element as the checks see it, whether it comes from parse5 or from a browser's DOM. */
export type HtmlElement = {
  tag: string;
  attrs: Array<{ name: string; value: string }>;
  children: HtmlElement[];
  text?: string;
};

/** Elements that run code, load documents or change how the page is read. */
const FORBIDDEN_ELEMENTS = new Set([
  "script",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "base",
  "meta",
  "link",
  "style",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "option",
  "template",
  "noscript",
  "svg",
  "math",
  "portal",
  "isindex",
  "xmp",
  "title",
  "audio",
  "video",
  "source",
  "track",
  "animate",
  "set",
  "use",
  "foreignobject",
  "image",
  "param",
  "marquee",
  "details",
  "dialog",
]);

/** Attributes whose value a browser follows as an address. */
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "background",
  "poster",
  "data",
  "srcset",
  "cite",
  "lowsrc",
  "dynsrc",
  "ping",
  "codebase",
  "longdesc",
  "usemap",
  "manifest",
  "icon",
]);

/** The scheme of an address as a browser reads it: entity-decoded already, C0 and spaces trimmed, tabs and newlines dropped. */
export function urlScheme(value: string): string | undefined {
  const cleaned = value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a browser strips C0 control characters and spaces around a URL before it reads the scheme, and so must this check
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "")
    .replace(/[\t\n\r]/g, "")
    .toLowerCase();
  const match = /^([a-z][a-z0-9+.-]*):/.exec(cleaned);
  return match?.[1];
}

/** An inline image: inert in <img> (an SVG shown as an image runs no script), as DOMPurify allows it. */
const SAFE_DATA_IMAGE = /^\s*data:image\/(png|gif|jpe?g|webp|avif|svg\+xml)[;,]/i;

/** Why one attribute could run code, or undefined when it cannot. */
function attributeFinding(tag: string, name: string, value: string): string | undefined {
  const n = name.toLowerCase();
  if (n.startsWith("on")) return `<${tag} ${name}>: event handler`;
  if (n === "srcdoc") return `<${tag} srcdoc>`;
  if (n === "formaction" || n === "action") return `<${tag} ${name}>`;
  if (n === "http-equiv") return `<${tag} http-equiv>`;
  if (URL_ATTRIBUTES.has(n)) {
    for (const part of n === "srcset" ? value.split(",").map((p) => p.trim().split(/\s+/)[0] ?? "") : [value]) {
      const scheme = urlScheme(part);
      if (scheme === "javascript" || scheme === "vbscript" || scheme === "livescript") return `<${tag} ${name}="${value.slice(0, 60)}">: ${scheme}: URL`;
      if (scheme === "data" && !(tag === "img" && n === "src" && SAFE_DATA_IMAGE.test(part))) return `<${tag} ${name}="${value.slice(0, 60)}">: data: URL`;
    }
  }
  if (n === "style") {
    const css = value
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\\/g, "")
      .toLowerCase();
    for (const danger of ["url(", "expression(", "javascript:", "vbscript:", "@import", "behavior", "-moz-binding", "image-set("]) {
      if (css.includes(danger)) return `<${tag} style="${value.slice(0, 60)}">: ${danger}`;
    }
  }
  return undefined;
}

/** Everything executable (or document-changing) in a tree; empty when the HTML is inert. */
export function executableFindings(root: HtmlElement): string[] {
  const findings: string[] = [];
  const stack = [root];
  while (stack.length) {
    const element = stack.pop() as HtmlElement;
    const tag = element.tag.toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(tag)) findings.push(`<${tag}> element`);
    for (const { name, value } of element.attrs) {
      const finding = attributeFinding(tag, name, value);
      if (finding) findings.push(finding);
    }
    stack.push(...element.children);
  }
  return findings;
}

/** Every tag name in a tree (to compare with an allowlist). */
export function tagNames(root: HtmlElement): Set<string> {
  const names = new Set<string>();
  const stack = [...root.children];
  while (stack.length) {
    const element = stack.pop() as HtmlElement;
    names.add(element.tag.toLowerCase());
    stack.push(...element.children);
  }
  return names;
}
