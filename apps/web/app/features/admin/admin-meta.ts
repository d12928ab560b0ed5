import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/lib/meta";

type MetaArgs = Parameters<typeof pageMeta>[0];

/** Console pages are never indexed; their title says which part of the console is open. */
export function adminMeta(args: MetaArgs, title: string): MetaDescriptor[] {
  return pageMeta(args, { title: `${title} · Team console`, description: "The Vestin team console.", noindex: true });
}
