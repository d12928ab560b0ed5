import type { MetaDescriptor } from "react-router";
import { PRODUCT_NAME, TAGLINE } from "@vestin/shared/brand";

export type PageMetaInput = {
  title: string;
  description: string;
  /** Defaults to the current path. */
  path?: string;
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  noindex?: boolean;
};

type MetaArgsLike = {
  location: { pathname: string };
  matches: ReadonlyArray<unknown>;
};

/** PUBLIC_URL, as the root loader passed it from the server. */
export function publicUrlFrom(matches: ReadonlyArray<unknown>): string {
  for (const match of matches) {
    const m = match as { id?: string; loaderData?: { publicUrl?: string } } | undefined;
    if (m?.id === "root" && m.loaderData?.publicUrl) return m.loaderData.publicUrl;
  }
  return "";
}

/** Title, description, canonical URL, Open Graph and Twitter card tags for one page. */
export function pageMeta(args: MetaArgsLike, input: PageMetaInput): MetaDescriptor[] {
  const base = publicUrlFrom(args.matches);
  const url = `${base}${input.path ?? args.location.pathname}`;
  const title = input.title.includes(PRODUCT_NAME) ? input.title : `${input.title} | ${PRODUCT_NAME}`;
  const image = `${base}${input.image ?? "/og-image.png"}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: input.imageAlt ?? `${PRODUCT_NAME}: ${TAGLINE}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
