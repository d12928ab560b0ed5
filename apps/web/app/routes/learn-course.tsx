import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-course";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Course",
    description: "A Vestin course and its lessons.",
  });

export default function LearnCoursePage() {
  return <PageHeader eyebrow="Course" title="Course" />;
}
