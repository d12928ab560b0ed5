import { adminRequest } from "./admin-request";

/** An article's schedule after a write (PUT or DELETE /admin/articles/:id/schedule). */
export type ScheduleState = { _id: string; status: "published" | "draft" | "scheduled"; scheduledAt: string | null };

/** Schedules a draft, or moves a schedule, to `scheduledAt` (an ISO moment). */
export function scheduleArticle(id: string, scheduledAt: string) {
  return adminRequest<ScheduleState>(`/admin/articles/${encodeURIComponent(id)}/schedule`, { method: "PUT", body: { scheduledAt } });
}

/** Cancels a schedule: the article is a draft again. */
export function cancelSchedule(id: string) {
  return adminRequest<ScheduleState>(`/admin/articles/${encodeURIComponent(id)}/schedule`, { method: "DELETE" });
}
