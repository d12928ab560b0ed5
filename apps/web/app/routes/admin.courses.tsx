import { adminMeta } from "~/features/admin/admin-meta";
import { CoursesList } from "~/features/admin/content/courses-list";
import type { Route } from "./+types/admin.courses";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Courses");

export default function AdminCoursesPage() {
  return <CoursesList />;
}
