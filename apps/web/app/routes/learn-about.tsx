import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-about";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "About the Education Hub",
    description: "Pioneering tokenization education: our mission, values, faculty and achievements.",
  });

export default function LearnAboutPage() {
  return <PageHeader eyebrow="About" title="Pioneering Tokenization Education" intro="We teach the skills the tokenized economy needs, from first principles to professional practice." />;
}
