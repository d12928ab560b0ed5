import type { Redirect } from "@vestin/shared/blog-core";
import { adminRequest } from "../api/admin-request";

/** The console's calls to /admin/redirects. */

export const REDIRECTS_PATH = "/admin/redirects";

export function addRedirect(fields: { fromPath: string; toPath: string }) {
  return adminRequest<Redirect>(REDIRECTS_PATH, { method: "POST", body: fields });
}

export function deleteRedirect(id: string) {
  return adminRequest<null>(`${REDIRECTS_PATH}/${encodeURIComponent(id)}`, { method: "DELETE" });
}
