import { useState } from "react";
import { useNavigate } from "react-router";
import type { Course } from "@vestin/shared/learning";
import { useIsAuthenticated } from "~/lib/session/auth-store";

export type CourseOpener = ReturnType<typeof useCourseOpener>;

/** Opening a course: signed-in learners go to it; visitors get the Login Required dialog. */
export function useCourseOpener() {
  const isAuthenticated = useIsAuthenticated();
  const navigate = useNavigate();
  const [loginFor, setLoginFor] = useState<string | null>(null);
  return {
    open(course: Pick<Course, "slug">) {
      const path = `/learn/course/${course.slug}`;
      if (isAuthenticated) void navigate(path);
      else setLoginFor(path);
    },
    loginFor,
    closeLogin: () => setLoginFor(null),
  };
}
