import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "The Tokenization Education Hub",
    description: "Courses, tracks and certificates on real-world-asset tokenization: real estate, commodities, securities, NFTs and advanced topics.",
  });

export default function LearnPage() {
  return <PageHeader eyebrow="Learn" title="The Tokenization Education Hub" intro="12 courses, 110+ lessons and 5 tracks that take you from first principles to professional practice." />;
}
