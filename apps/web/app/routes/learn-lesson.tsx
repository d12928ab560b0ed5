import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-lesson";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Lesson",
    description: "A lesson of a Vestin course.",
  });

export default function LearnLessonPage() {
  return <PageHeader eyebrow="Lesson" title="Lesson" />;
}
