import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-courses";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Course Catalogue",
    description: "Browse Vestin’s tokenization courses by track and difficulty, and follow a learning track from start to finish.",
  });

export default function LearnCoursesPage() {
  return <PageHeader eyebrow="Courses" title="Course catalogue" intro="Find the course that fits where you are, or follow a track from start to finish." />;
}
