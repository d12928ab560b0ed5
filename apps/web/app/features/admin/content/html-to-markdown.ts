/**
 * Turns stored article or lesson HTML back into Markdown, so an admin can edit an existing body
 * instead of retyping it. Common elements become Markdown; anything else (tables, styled spans)
 * stays as HTML, which Markdown passes through and the server sanitizes on save. Browser only.
 */
export function htmlToMarkdown(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, "text/html");
  return `${blocks(doc.body)
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n`;
}

const INLINE_TAGS = new Set(["A", "ABBR", "B", "BR", "CODE", "EM", "I", "IMG", "S", "SMALL", "SPAN", "STRONG", "SUB", "SUP", "U"]);

function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/([*_`[\]])/g, "\\$1")
    .replace(/</g, "&lt;");
}

function inline(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return escapeText((node.textContent ?? "").replace(/\s+/g, " "));
  if (node.nodeType !== Node.ELEMENT_NODE) return "";
  const el = node as Element;
  const inner = () => Array.from(el.childNodes, inline).join("");
  switch (el.tagName) {
    case "STRONG":
    case "B": {
      const text = inner().trim();
      return text ? `**${text}**` : "";
    }
    case "EM":
    case "I": {
      const text = inner().trim();
      return text ? `*${text}*` : "";
    }
    case "CODE":
      return `\`${(el.textContent ?? "").replace(/`/g, "\\`")}\``;
    case "BR":
      return "  \n";
    case "IMG": {
      const src = el.getAttribute("src") ?? "";
      return src ? `![${escapeText(el.getAttribute("alt") ?? "")}](${src})` : "";
    }
    case "A": {
      const href = el.getAttribute("href");
      const text = inner().trim();
      if (!href) return text;
      // Links that open a new tab keep their HTML, so target and rel survive the round trip.
      if (el.getAttribute("target")) return el.outerHTML;
      const title = el.getAttribute("title");
      return `[${text || href}](${href}${title ? ` "${title.replace(/"/g, "'")}"` : ""})`;
    }
    default:
      return inner();
  }
}

function list(el: Element, ordered: boolean): string {
  const items = Array.from(el.children).filter((child) => child.tagName === "LI");
  const start = Number(el.getAttribute("start")) || 1;
  return items
    .map((item, index) => {
      const marker = ordered ? `${start + index}. ` : "- ";
      const body = blocks(item).trim();
      const pad = " ".repeat(marker.length);
      return (
        marker +
        body
          .split("\n")
          .map((line, i) => (i === 0 || !line ? line : pad + line))
          .join("\n")
      );
    })
    .join("\n");
}

function blocks(parent: Element): string {
  const out: string[] = [];
  let run = "";
  const flush = () => {
    const text = run.replace(/[ \t]+\n/g, (m) => (m.startsWith("  ") ? "  \n" : "\n")).trim();
    if (text) out.push(text);
    run = "";
  };
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE || (node.nodeType === Node.ELEMENT_NODE && INLINE_TAGS.has((node as Element).tagName))) {
      run += inline(node);
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    flush();
    const el = node as Element;
    const tag = el.tagName;
    if (tag === "P") {
      const text = Array.from(el.childNodes, inline).join("").trim();
      if (text) out.push(text);
    } else if (/^H[1-6]$/.test(tag)) {
      out.push(`${"#".repeat(Number(tag[1]))} ${Array.from(el.childNodes, inline).join("").trim()}`);
    } else if (tag === "UL" || tag === "OL") {
      out.push(list(el, tag === "OL"));
    } else if (tag === "BLOCKQUOTE") {
      out.push(
        blocks(el)
          .trim()
          .split("\n")
          .map((line) => (line ? `> ${line}` : ">"))
          .join("\n"),
      );
    } else if (tag === "PRE") {
      const code = (el.textContent ?? "").replace(/\n$/, "");
      const fence = code.includes("```") ? "~~~" : "```";
      out.push(`${fence}\n${code}\n${fence}`);
    } else if (tag === "HR") {
      out.push("---");
    } else if (tag === "DIV" || tag === "SECTION" || tag === "ARTICLE") {
      const inner = blocks(el).trim();
      if (inner) out.push(inner);
    } else {
      out.push(el.outerHTML);
    }
  }
  flush();
  return out.join("\n\n");
}
