import type { AdminAuthor, AuthorLinks } from "@vestin/shared/authors";
import type { ApiResult } from "~/lib/api-client";
import { adminRequest } from "../api/admin-request";
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from "../api/content-api";

/** The console's calls to /admin/authors and /admin/author-photos. */

export const AUTHORS_PATH = "/admin/authors";

/** What the form sends; "" for the account e-mail unlinks the account. */
export type AuthorFields = {
  name: string;
  slug?: string;
  bio: string;
  links: AuthorLinks;
  photoUrl: string;
  photoSmallUrl: string;
  accountEmail: string;
};

export function saveAuthor(id: string | null, fields: AuthorFields) {
  return id
    ? adminRequest<AdminAuthor>(`${AUTHORS_PATH}/${encodeURIComponent(id)}`, { method: "PUT", body: fields })
    : adminRequest<AdminAuthor>(AUTHORS_PATH, { method: "POST", body: fields });
}

export function deleteAuthor(id: string) {
  return adminRequest<null>(`${AUTHORS_PATH}/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export type UploadedPhoto = { photoUrl: string; photoSmallUrl: string };

/** Checks type and size in the browser (the server checks again), then uploads a square photo. */
export async function uploadAuthorPhoto(file: File): Promise<ApiResult<UploadedPhoto>> {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return { ok: false, status: 0, message: "Choose a JPEG, PNG, WebP, GIF or AVIF image." };
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, status: 0, message: "Images can be at most 5 MB." };
  const form = new FormData();
  form.append("file", file, file.name);
  return adminRequest<UploadedPhoto>("/admin/author-photos", {
    method: "POST",
    body: form,
    describe: ({ errors, serverMessage, status }) => errors?.file ?? serverMessage ?? `The upload failed (HTTP ${status}).`,
    network: "The upload failed: the server did not answer.",
  });
}
