import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-tracks";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Learning Tracks",
    description: "Structured learning tracks on real estate, physical assets, securities, NFTs and advanced tokenization topics.",
  });

export default function LearnTracksPage() {
  return <PageHeader eyebrow="Tracks" title="Learning tracks" intro="Follow a track of courses that build on one another." />;
}
