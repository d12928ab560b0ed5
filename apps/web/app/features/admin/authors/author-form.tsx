import { ImageUp, Trash2, X } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { AUTHOR_BIO_MAX, AUTHOR_LINK_KINDS, AUTHOR_LINK_LABELS, type AuthorLinkKind } from "@vestin/shared/authors-core";
import type { AdminAuthor } from "@vestin/shared/authors";
import { Button, buttonClasses } from "~/components/ui/button";
import { AuthorPhoto } from "~/features/blog";
import { describeFailure } from "../api/admin-request";
import { IMAGE_TYPES } from "../api/content-api";
import { AdminInput, AdminTextarea } from "../components/admin-fields";
import { fieldError } from "../content/field-errors";
import { saveAuthor, uploadAuthorPhoto, type AuthorFields } from "./authors-api";

const LINK_PLACEHOLDERS: Record<AuthorLinkKind, string> = {
  website: "https://example.com",
  x: "https://x.com/handle",
  linkedin: "https://www.linkedin.com/in/name",
  github: "https://github.com/name",
};

const emptyFields = (): AuthorFields => ({ name: "", slug: "", bio: "", links: {}, photoUrl: "", photoSmallUrl: "", accountEmail: "" });

const fieldsOf = (author: AdminAuthor): AuthorFields => ({
  name: author.name,
  slug: author.slug,
  bio: author.bio,
  links: author.links,
  photoUrl: author.photoUrl,
  photoSmallUrl: author.photoSmallUrl,
  accountEmail: author.accountEmail ?? "",
});

/**
 * Adds an author, or edits the one given: name, slug, bio, links, a square photo and the
 * account they are. The server checks every rule again and names the field it refuses.
 */
export function AuthorForm({ author, onSaved, onCancel }: { author: AdminAuthor | null; onSaved: (saved: AdminAuthor) => void; onCancel: () => void }) {
  const [fields, setFields] = useState<AuthorFields>(() => (author ? fieldsOf(author) : emptyFields()));
  const [errors, setErrors] = useState<Record<string, string> | undefined>();
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const set = <K extends keyof AuthorFields>(key: K, value: AuthorFields[K]) => setFields((f) => ({ ...f, [key]: value }));
  const setLink = (kind: AuthorLinkKind, value: string) =>
    setFields((f) => {
      const links = { ...f.links };
      if (value.trim()) links[kind] = value.trim();
      else delete links[kind];
      return { ...f, links };
    });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    const result = await uploadAuthorPhoto(file);
    setUploading(false);
    if (fileInput.current) fileInput.current.value = "";
    if (!result.ok) {
      toast.error("Photo not uploaded", { description: result.message });
      return;
    }
    setFields((f) => ({ ...f, ...result.data }));
    toast.success("Photo uploaded", { description: "Cropped square, stored at 256 px and 64 px." });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { slug, ...rest } = fields;
      const result = await saveAuthor(author?._id ?? null, slug?.trim() ? { ...rest, slug: slug.trim() } : rest);
      if (!result.ok) {
        setErrors(result.errors ?? { name: describeFailure(result) });
        return;
      }
      setErrors(undefined);
      toast.success(author ? "Author saved" : "Author added", { description: result.data.name });
      onSaved(result.data);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="mb-6 rounded-xl border border-line bg-white p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-ink">
          {author ? `Edit ${author.name}` : "Add an author"}
        </h2>
        <Button variant="ghost" size="sm" onClick={onCancel} aria-label="Close the author form">
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 grid gap-5">
        <div className="flex flex-wrap items-center gap-4">
          <AuthorPhoto name={fields.name || "?"} photoUrl={fields.photoUrl} size="lg" />
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_TYPES.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="author-photo-input"
            onChange={(event) => void upload(event.target.files?.[0])}
          />
          <button type="button" className={buttonClasses("outline", "sm")} disabled={uploading} onClick={() => fileInput.current?.click()}>
            <ImageUp aria-hidden="true" className="size-4" />
            {uploading ? "Uploading…" : fields.photoUrl ? "Replace photo" : "Upload photo"}
          </button>
          {fields.photoUrl && (
            <Button variant="ghost" size="sm" onClick={() => setFields((f) => ({ ...f, photoUrl: "", photoSmallUrl: "" }))}>
              <Trash2 aria-hidden="true" className="size-4" /> Remove photo
            </Button>
          )}
          {fieldError(errors, "photoUrl") && <p className="text-sm text-danger">{fieldError(errors, "photoUrl")}</p>}
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <AdminInput
            label="Name"
            required
            value={fields.name}
            onChange={(e) => set("name", e.target.value)}
            error={fieldError(errors, "name")}
            maxLength={100}
            autoComplete="off"
          />
          <AdminInput
            label="Slug"
            value={fields.slug ?? ""}
            onChange={(e) => set("slug", e.target.value)}
            hint={`The page's address: /blog/author/${fields.slug?.trim() || "made-from-the-name"}`}
            error={fieldError(errors, "slug")}
            maxLength={80}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <AdminTextarea
          label="Bio"
          value={fields.bio}
          onChange={(e) => set("bio", e.target.value)}
          rows={3}
          maxLength={AUTHOR_BIO_MAX}
          hint={`Plain text, ${fields.bio.length}/${AUTHOR_BIO_MAX} characters.`}
          error={fieldError(errors, "bio")}
        />
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-ink">Links (https only)</legend>
          {AUTHOR_LINK_KINDS.map((kind) => (
            <AdminInput
              key={kind}
              label={AUTHOR_LINK_LABELS[kind]}
              type="url"
              inputMode="url"
              value={fields.links[kind] ?? ""}
              onChange={(e) => setLink(kind, e.target.value)}
              placeholder={LINK_PLACEHOLDERS[kind]}
              error={fieldError(errors, `links.${kind}`)}
              maxLength={500}
              autoComplete="off"
              spellCheck={false}
            />
          ))}
        </fieldset>
        <AdminInput
          label="Account e-mail"
          type="email"
          value={fields.accountEmail}
          onChange={(e) => set("accountEmail", e.target.value)}
          hint="Optional: the e-mail of this author's account on the site. Leave empty when they have none."
          error={fieldError(errors, "accountEmail")}
          maxLength={254}
          autoComplete="off"
        />
        <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:justify-end">
          <Button variant="outline" size="sm" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="secondary" size="sm" disabled={busy || uploading}>
            {author ? "Save author" : "Add author"}
          </Button>
        </div>
      </form>
    </section>
  );
}
