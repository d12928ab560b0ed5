import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-how-it-works";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "How It Works",
    description: "How learning works at Vestin: choose a track, work through interactive lessons, pass assessments and earn a certificate.",
  });

export default function LearnHowItWorksPage() {
  return <PageHeader eyebrow="How it works" title="How learning with Vestin works" intro="Four steps from your first lesson to your certificate." />;
}
