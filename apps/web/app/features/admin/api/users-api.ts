import { adminRequest, queryString } from "./admin-request";

export type AdminUser = { _id: string; firstName: string; lastName: string; email: string; role: string; createdAt: string; activeSessions?: number };

export type AdminUserDetail = {
  user: AdminUser & { activeSessions: number };
  enrollments: Array<{
    courseId: string;
    slug: string;
    title: string;
    enrolledAt: string;
    completedAt: string | null;
    completedLessons: number;
    totalLessons: number;
    progressPercentage: number;
  }>;
  certificates: Array<{ code: string; courseId: string; courseTitle: string; issuedAt: string }>;
};

export function userListPath(q: { search?: string; page?: number; limit?: number }) {
  return `/admin/users${queryString(q)}`;
}

export function revokeSessions(id: string) {
  return adminRequest<{ revoked: number }>(`/admin/users/${encodeURIComponent(id)}/revoke-sessions`, { method: "POST" });
}

export type PrivacyExport = { email: string; exportedAt: string; account: unknown; learning: unknown; leads: unknown };
export type ErasureResult = { erased: { leads: Record<string, number>; account: boolean } };

export function exportPersonalData(email: string) {
  return adminRequest<PrivacyExport>("/admin/privacy/export", { method: "POST", body: { email } });
}

export function erasePersonalData(email: string) {
  return adminRequest<ErasureResult>("/admin/privacy/erase", { method: "POST", body: { email, confirm: true } });
}

export type AuditEntry = {
  _id: string;
  actorEmail: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: unknown;
  createdAt: string;
};
