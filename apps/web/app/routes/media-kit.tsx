import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/media-kit";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Vestin Media Kit",
    description: "Vestin logos, colours and brand guidelines for press and partners.",
  });

export default function MediaKitPage() {
  return <PageHeader eyebrow="Press" title="Vestin Media Kit" intro="Logos, colours and usage guidelines for press and partners." />;
}
