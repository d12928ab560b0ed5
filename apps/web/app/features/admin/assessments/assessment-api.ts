import type { AssessmentReport, AuthoredAssessment } from "@vestin/shared/assessments";
import { adminRequest } from "../api/admin-request";
import type { AdminAssessment } from "./assessment-draft";

/** GET/PUT /admin/courses/{id}/assessment. `assessment` is null while the course has none. */
export type StoredAssessment = {
  assessment: AuthoredAssessment | AdminAssessment | null;
  updatedAt: string | null;
};

export type { AssessmentReport };

export function assessmentPath(courseId: string): string {
  return `/admin/courses/${encodeURIComponent(courseId)}/assessment`;
}

export function assessmentReportPath(courseId: string): string {
  return `${assessmentPath(courseId)}/report`;
}

/** Replaces the course's assessment; attempts already started keep the copy they began with. */
export function saveAssessment(courseId: string, assessment: AdminAssessment) {
  return adminRequest<StoredAssessment>(assessmentPath(courseId), { method: "PUT", body: assessment });
}

/** 204: the course goes back to a certificate for completing its lessons. */
export function deleteAssessment(courseId: string) {
  return adminRequest<unknown>(assessmentPath(courseId), { method: "DELETE" });
}
