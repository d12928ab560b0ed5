import { adminMeta } from "~/features/admin/admin-meta";
import { CourseEditor } from "~/features/admin/content/course-editor";
import type { Route } from "./+types/admin.courses.$id";

export const meta: Route.MetaFunction = (args) => adminMeta(args, args.params.id === "new" ? "New course" : "Edit course");

export default function AdminCourseEditorPage({ params }: Route.ComponentProps) {
  return <CourseEditor id={params.id} />;
}
