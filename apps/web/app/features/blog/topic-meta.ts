import type { MetaDescriptor } from "react-router";
import { PRODUCT_NAME } from "@vestin/shared/brand";
import { publicUrlFrom } from "~/lib/meta";
import { pageHref } from "./components/topic-articles";

/**
 * The head links of one page of an author's or a tag's articles: rel prev/next to its
 * neighbours, and its own RSS feed as the alternate.
 */
export function topicLinks(matches: ReadonlyArray<unknown>, input: { path: string; page: number; pages: number; feedTitle: string }): MetaDescriptor[] {
  const base = publicUrlFrom(matches);
  const links: MetaDescriptor[] = [
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: `${input.feedTitle} | ${PRODUCT_NAME}`, href: `${base}${input.path}/rss.xml` },
  ];
  if (input.page > 1) links.push({ tagName: "link", rel: "prev", href: `${base}${pageHref(input.path, input.page - 1)}` });
  if (input.page < input.pages) links.push({ tagName: "link", rel: "next", href: `${base}${pageHref(input.path, input.page + 1)}` });
  return links;
}

/** ?page=N as a number of 1 or more (anything else is the first page). */
export function pageParam(request: Request): number {
  const page = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1;
}

/** JSON for an inline script: every "<" escaped, so nothing in it can close the element. */
export const jsonLd = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
