import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-track";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Learning Track",
    description: "A Vestin learning track and its courses.",
  });

export default function LearnTrackPage() {
  return <PageHeader eyebrow="Track" title="Learning track" />;
}
