import { useMemo, useState } from "react";
import { Link } from "react-router";
import type { AdminCourse } from "../api/content-api";
import { SearchField } from "../components/admin-fields";
import { AdminPageTitle, NewLink } from "../components/admin-page-title";
import { DataTable, Td } from "../components/data-table";
import { FilterBar } from "../components/filter-bar";
import { QueryView } from "../components/query-states";
import { PublishBadge } from "../components/status-badge";
import { useAdminQuery } from "../hooks/use-admin-query";
import { PublishStatusSelect } from "./publish-status-select";

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
        actions={<NewLink to="/admin/courses/new">New course</NewLink>}
      />
      <FilterBar label="Filter courses" className="mb-4 grid gap-3 sm:grid-cols-[1fr_12rem]">
        <SearchField label="Search courses" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Title or track…" />
        <PublishStatusSelect value={status} onChange={setStatus} />
      </FilterBar>
      <QueryView query={list} label="Loading courses…">
        {(courses) => (
          <>
            <DataTable
              label="Courses"
              busy={list.loading}
              columns={[
                "Course",
                "Status",
                "Track",
                "Level",
                { label: "Lessons", className: "text-right" },
                { label: "Enrolments", className: "text-right" },
                { label: "Order", className: "text-right" },
              ]}
              rows={rows}
              empty={courses.length ? "No courses match these filters." : "No courses yet."}
            >
              {(course) => (
                <tr key={course._id} className="hover:bg-surface">
                  <Td>
                    <Link to={`/admin/courses/${course._id}`} className="font-medium text-ink hover:underline">
                      {course.title}
                    </Link>
                    <span className="block text-xs text-muted">/learn/course/{course.slug}</span>
                  </Td>
                  <Td>
                    <PublishBadge status={course.status} />
                  </Td>
                  <Td className="whitespace-nowrap">{course.category}</Td>
                  <Td>{course.difficulty}</Td>
                  <Td className="text-right tabular-nums">{course.totalLessons}</Td>
                  <Td className="text-right tabular-nums">{course.enrollmentCount.toLocaleString("en-US")}</Td>
                  <Td className="text-right tabular-nums">{course.order}</Td>
                </tr>
              )}
            </DataTable>
            <p className="mt-3 text-sm text-muted" aria-live="polite">
              {rows.length} of {courses.length} courses
            </p>
          </>
        )}
      </QueryView>
    </>
  );
}
