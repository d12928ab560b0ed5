import { Plus, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import type { AdminCourse } from "../api/content-api";
import { AdminInput, AdminSelect } from "../components/admin-fields";
import { AdminPageTitle } from "../components/admin-page-title";
import { EmptyRow, TableFrame, tdClasses, Th } from "../components/data-table";
import { LoadError, LoadingBlock } from "../components/query-states";
import { PublishBadge } from "../components/status-badge";
import { useAdminQuery } from "../hooks/use-admin-query";

/** Every course, drafts included, in catalogue order; filtered in the browser (there are few). */
export function CoursesList() {
  const list = useAdminQuery<AdminCourse[]>("/admin/courses");
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (list.data ?? []).filter(
      (c) => (!status || c.status === status) && (!q || c.title.toLowerCase().includes(q) || c.category.toLowerCase().includes(q) || c.slug.includes(q)),
    );
  }, [list.data, search, status]);

  return (
    <>
      <AdminPageTitle
        title="Courses"
        description="The learning catalogue, drafts included. Open a course to edit it and its lessons."
        actions={
          <ButtonLink to="/admin/courses/new" size="sm">
            <Plus aria-hidden="true" className="size-4" /> New course
          </ButtonLink>
        }
      />
      <form
        role="search"
        aria-label="Filter courses"
        className="mb-4 grid gap-3 rounded-xl border border-line bg-white p-3 sm:grid-cols-[1fr_12rem]"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="relative">
          <AdminInput
            label="Search courses"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Title or track…"
            className="pl-9"
          />
          <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-4 text-muted" />
        </div>
        <AdminSelect label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All</option>
          <option value="published">Published</option>
          <option value="draft">Drafts</option>
        </AdminSelect>
      </form>
      {list.error && <LoadError message={list.error} status={list.status} onRetry={list.reload} />}
      {!list.data ? (
        !list.error && <LoadingBlock label="Loading courses…" />
      ) : (
        <>
          <TableFrame label="Courses" busy={list.loading}>
            <thead>
              <tr>
                <Th>Course</Th>
                <Th>Status</Th>
                <Th>Track</Th>
                <Th>Level</Th>
                <Th className="text-right">Lessons</Th>
                <Th className="text-right">Enrolments</Th>
                <Th className="text-right">Order</Th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <EmptyRow columns={7}>{list.data.length ? "No courses match these filters." : "No courses yet."}</EmptyRow>
              ) : (
                rows.map((course) => (
                  <tr key={course._id} className="hover:bg-surface">
                    <td className={tdClasses}>
                      <Link to={`/admin/courses/${course._id}`} className="font-medium text-ink hover:underline">
                        {course.title}
                      </Link>
                      <span className="block text-xs text-muted">/learn/course/{course.slug}</span>
                    </td>
                    <td className={tdClasses}>
                      <PublishBadge status={course.status} />
                    </td>
                    <td className={`${tdClasses} whitespace-nowrap`}>{course.category}</td>
                    <td className={tdClasses}>{course.difficulty}</td>
                    <td className={`${tdClasses} text-right tabular-nums`}>{course.totalLessons}</td>
                    <td className={`${tdClasses} text-right tabular-nums`}>{course.enrollmentCount.toLocaleString("en-US")}</td>
                    <td className={`${tdClasses} text-right tabular-nums`}>{course.order}</td>
                  </tr>
                ))
              )}
            </tbody>
          </TableFrame>
          <p className="mt-3 text-sm text-muted" aria-live="polite">
            {rows.length} of {list.data.length} courses
          </p>
        </>
      )}
    </>
  );
}
