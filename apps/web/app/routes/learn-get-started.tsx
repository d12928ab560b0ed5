import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-get-started";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Get Started",
    description: "Start your tokenization journey: choose a path, learn at your own pace and earn a certificate.",
  });

export default function LearnGetStartedPage() {
  return <PageHeader eyebrow="Get started" title="Start Your Tokenization Journey" intro="Choose a path, learn at your own pace and earn your certification." />;
}
