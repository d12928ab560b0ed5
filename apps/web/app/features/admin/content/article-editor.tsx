import { ArrowLeft, ExternalLink, Save, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { describeFailure } from "../api/admin-request";
import { deleteArticle, parseTags, saveArticle, type AdminArticle, type ArticlePayload } from "../api/content-api";
import { AdminInput, AdminTextarea } from "../components/admin-fields";
import { AdminPageTitle } from "../components/admin-page-title";
import { ConfirmDialog } from "../components/confirm-dialog";
import { LoadError, LoadingBlock, Panel } from "../components/query-states";
import { PublishBadge } from "../components/status-badge";
import { useAdminQuery } from "../hooks/use-admin-query";
import { useUnsavedChanges } from "../hooks/use-unsaved-changes";
import { fieldError, fromLocalInput, otherErrors, toLocalInput } from "./field-errors";
import { ImageUploadButton } from "./image-upload-button";
import { MarkdownEditor } from "./markdown-editor";
import { SendToSubscribersSwitch } from "../newsletter/send-to-subscribers-switch";
import { PublishSwitch } from "./publish-switch";

type Form = {
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  tags: string;
  author: string;
  featuredImage: string;
  featuredImageAlt: string;
  publishedAt: string;
  isFeatured: boolean;
  published: boolean;
  sendToSubscribers: boolean;
};

const EMPTY: Form = {
  title: "",
  slug: "",
  excerpt: "",
  category: "",
  tags: "",
  author: "",
  featuredImage: "",
  featuredImageAlt: "",
  publishedAt: "",
  isFeatured: false,
  published: false,
  sendToSubscribers: false,
};

const FIELDS = [
  "title",
  "slug",
  "excerpt",
  "category",
  "tags",
  "author",
  "featuredImage",
  "featuredImageAlt",
  "publishedAt",
  "isFeatured",
  "status",
  "content",
  "markdown",
  "sendToSubscribers",
];

function formOf(article: AdminArticle): Form {
  return {
    title: article.title,
    slug: article.slug,
    excerpt: article.excerpt,
    category: article.category,
    tags: article.tags.join(", "),
    author: article.author?.name ?? "",
    featuredImage: article.featuredImage ?? "",
    featuredImageAlt: article.featuredImageAlt ?? "",
    publishedAt: toLocalInput(article.publishedAt),
    isFeatured: article.isFeatured,
    published: article.status === "published",
    sendToSubscribers: article.sendToSubscribers ?? false,
  };
}

/** Create (id "new") or edit one article: fields, featured image, Markdown body with preview. */
export function ArticleEditor({ id }: { id: string }) {
  const isNew = id === "new";
  const navigate = useNavigate();
  const loaded = useAdminQuery<AdminArticle>(isNew ? null : `/admin/articles/${encodeURIComponent(id)}`);
  const categories = useAdminQuery<Array<{ category: string; count: number }>>("/blogs/categories");
  const article = loaded.data && !isNew ? loaded.data : undefined;
  const [form, setForm] = useState<Form>(EMPTY);
  const [markdown, setMarkdown] = useState("");
  // The Markdown last saved; the box keeps it after a save so the admin can go on editing.
  const [savedMarkdown, setSavedMarkdown] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const justCreated = useRef<string | null>(null);

  // Opening another article starts clean; the one just created keeps what was typed.
  useEffect(() => {
    if (justCreated.current === id) return;
    setMarkdown("");
    setSavedMarkdown("");
    setErrors({});
    setFormError(null);
    if (isNew) setForm(EMPTY);
  }, [id, isNew]);

  useEffect(() => {
    if (article) setForm(formOf(article));
  }, [article]);

  const update = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const err = (field: string) => fieldError(errors, field);
  const baseline = article ? formOf(article) : EMPTY;
  const dirty = markdown !== savedMarkdown || (Object.keys(baseline) as Array<keyof Form>).some((key) => form[key] !== baseline[key]);
  const { blocker, allowNextNavigation } = useUnsavedChanges(dirty && !saving);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    const local: Record<string, string> = {};
    if (!form.title.trim()) local.title = "Title is required";
    if (!form.excerpt.trim()) local.excerpt = "Excerpt is required";
    if (!form.category.trim()) local.category = "Category is required";
    if (!form.author.trim()) local.author = "Author is required";
    if (isNew && !markdown.trim()) local.markdown = "Write the article's text";
    if (Object.keys(local).length) {
      setErrors(local);
      setFormError("Some fields need attention.");
      return;
    }
    const payload: ArticlePayload = {
      title: form.title.trim(),
      excerpt: form.excerpt.trim(),
      category: form.category.trim(),
      tags: parseTags(form.tags),
      author: { name: form.author.trim() },
      featuredImage: form.featuredImage.trim(),
      featuredImageAlt: form.featuredImageAlt.trim(),
      isFeatured: form.isFeatured,
      status: form.published ? "published" : "draft",
      sendToSubscribers: form.sendToSubscribers,
    };
    if (form.slug.trim() && form.slug.trim() !== article?.slug) payload.slug = form.slug.trim();
    const publishedAt = fromLocalInput(form.publishedAt);
    if (publishedAt && publishedAt !== article?.publishedAt) payload.publishedAt = publishedAt;
    if (markdown.trim()) payload.markdown = markdown;

    setSaving(true);
    setFormError(null);
    try {
      const result = await saveArticle(isNew ? null : id, payload);
      if (!result.ok) {
        setErrors(result.errors ?? {});
        setFormError(describeFailure(result));
        return;
      }
      setErrors({});
      setSavedMarkdown(markdown);
      toast.success(isNew ? "Article created" : "Article saved", {
        description: payload.status === "published" ? "It is live on the site." : "Saved as a draft.",
      });
      if (isNew) {
        justCreated.current = result.data._id;
        allowNextNavigation();
        navigate(`/admin/articles/${result.data._id}`, { replace: true });
      } else loaded.reload();
    } catch {
      setFormError("The server did not answer. Nothing was saved.");
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    const result = await deleteArticle(id);
    if (!result.ok) {
      toast.error("Not deleted", { description: describeFailure(result) });
      return;
    }
    setConfirmDelete(false);
    toast.success("Article deleted");
    allowNextNavigation();
    navigate("/admin/articles");
  };

  const back = (
    <Link to="/admin/articles" className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
      <ArrowLeft aria-hidden="true" className="size-4" /> All articles
    </Link>
  );

  if (!isNew && !article) {
    return (
      <>
        <AdminPageTitle title="Edit article" back={back} />
        {loaded.error ? (
          <LoadError message={loaded.error} status={loaded.status} onRetry={loaded.reload} />
        ) : (
          <LoadingBlock label="Loading the article…" rows={8} />
        )}
      </>
    );
  }

  const extra = otherErrors(errors, [...FIELDS]);

  return (
    <>
      <form onSubmit={(event) => void save(event)} noValidate aria-label={isNew ? "New article" : "Edit article"}>
        <AdminPageTitle
          back={back}
          title={isNew ? "New article" : form.title || "Untitled article"}
          description={
            article ? (
              <span className="inline-flex flex-wrap items-center gap-2">
                <PublishBadge status={article.status} /> /blog/{article.slug} · {article.viewCount.toLocaleString("en-US")} views ·{" "}
                {article.likeCount.toLocaleString("en-US")} likes
              </span>
            ) : (
              "Write in Markdown; the preview shows how it will read."
            )
          }
          actions={
            article?.status === "published" && (
              <a
                href={`/blog/${article.slug}`}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-violet hover:underline"
              >
                View on the site <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">(new tab)</span>
              </a>
            )
          }
        />

        {formError && (
          <Notice tone="danger" className="mb-4">
            <p>{formError}</p>
            {extra.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {extra.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            )}
          </Notice>
        )}

        <div className="space-y-6">
          <Panel title="Details">
            <div className="grid gap-4 md:grid-cols-2">
              <AdminInput
                wrapperClassName="md:col-span-2"
                label="Title"
                required
                value={form.title}
                onChange={(e) => update("title", e.target.value)}
                error={err("title")}
                maxLength={200}
              />
              <AdminInput
                label="Slug"
                value={form.slug}
                onChange={(e) => update("slug", e.target.value)}
                error={err("slug")}
                hint={
                  isNew ? "Optional: made from the title when empty. Lower-case letters, digits and hyphens." : "Changing it changes the article's address."
                }
                pattern="[a-z0-9]+(-[a-z0-9]+)*"
                maxLength={120}
              />
              <AdminInput
                label="Category"
                required
                value={form.category}
                onChange={(e) => update("category", e.target.value)}
                error={err("category")}
                list="article-categories"
                maxLength={60}
              />
              <datalist id="article-categories">
                {(categories.data ?? []).map((c) => (
                  <option key={c.category} value={c.category} />
                ))}
              </datalist>
              <AdminTextarea
                wrapperClassName="md:col-span-2"
                label="Excerpt"
                required
                rows={3}
                maxLength={400}
                value={form.excerpt}
                onChange={(e) => update("excerpt", e.target.value)}
                error={err("excerpt")}
                hint={`Shown on article cards and in search results. ${400 - form.excerpt.length} characters left.`}
              />
              <AdminInput
                label="Tags"
                value={form.tags}
                onChange={(e) => update("tags", e.target.value)}
                error={err("tags")}
                hint="Separated by commas, at most 12."
              />
              <AdminInput
                label="Author"
                required
                value={form.author}
                onChange={(e) => update("author", e.target.value)}
                error={err("author")}
                maxLength={100}
                autoComplete="name"
              />
              <AdminInput
                label="Publication date"
                type="datetime-local"
                value={form.publishedAt}
                onChange={(e) => update("publishedAt", e.target.value)}
                error={err("publishedAt")}
                hint={isNew ? "Optional: now when empty." : undefined}
              />
              <CheckboxField
                className="self-end pb-2"
                label="Featured article"
                checked={form.isFeatured}
                onChange={(e) => update("isFeatured", e.target.checked)}
              />
            </div>
          </Panel>

          <Panel title="Featured image">
            <div className="grid gap-4 md:grid-cols-[1fr_12rem]">
              <div className="space-y-4">
                <div className="flex flex-wrap items-end gap-2">
                  <AdminInput
                    wrapperClassName="min-w-0 flex-1"
                    label="Image address"
                    value={form.featuredImage}
                    onChange={(e) => update("featuredImage", e.target.value)}
                    error={err("featuredImage")}
                    placeholder="/media/… or https://…"
                  />
                  <ImageUploadButton label="Upload image" className="h-10" onUploaded={(image) => update("featuredImage", image.url)} />
                </div>
                <AdminInput
                  label="Alternative text"
                  value={form.featuredImageAlt}
                  onChange={(e) => update("featuredImageAlt", e.target.value)}
                  error={err("featuredImageAlt")}
                  maxLength={300}
                  hint="What the image shows, for readers who cannot see it."
                />
              </div>
              <div className="flex aspect-video items-center justify-center overflow-hidden rounded-lg border border-line bg-surface text-xs text-muted">
                {form.featuredImage ? <img src={form.featuredImage} alt="" className="size-full object-cover" /> : "No image"}
              </div>
            </div>
          </Panel>

          <Panel title="Body">
            <MarkdownEditor
              label="Article text (Markdown)"
              value={markdown}
              onChange={setMarkdown}
              currentHtml={article?.content}
              error={err("markdown") ?? err("content")}
            />
          </Panel>

          <Panel title="Newsletter">
            <SendToSubscribersSwitch
              checked={form.sendToSubscribers}
              onChange={(value) => update("sendToSubscribers", value)}
              sentAt={article?.newsletterSentAt}
            />
            {err("sendToSubscribers") && (
              <p role="alert" className="mt-1 text-sm font-medium text-danger">
                {err("sendToSubscribers")}
              </p>
            )}
          </Panel>
        </div>

        <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-line bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          <PublishSwitch published={form.published} onChange={(value) => update("published", value)} />
          <div className="flex items-center gap-2">
            {!isNew && (
              <Button variant="ghost" size="sm" className="text-danger hover:bg-danger-bg" onClick={() => setConfirmDelete(true)}>
                <Trash2 aria-hidden="true" className="size-4" /> Delete
              </Button>
            )}
            <Button type="submit" size="sm" variant="secondary" disabled={saving}>
              <Save aria-hidden="true" className="size-4" /> {saving ? "Saving…" : isNew ? "Create article" : "Save changes"}
            </Button>
          </div>
        </div>
      </form>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this article?"
        description={
          <>
            “{form.title}” will be removed from the site and from the console, with its views and likes. This cannot be undone; to hide it for a while, switch
            it to draft instead.
          </>
        }
        confirmLabel="Delete article"
        onConfirm={remove}
      />
      <ConfirmDialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => {
          if (!open && blocker.state === "blocked") blocker.reset();
        }}
        title="Leave without saving?"
        description="Your changes to this article are not saved yet. They will be lost if you leave this page."
        confirmLabel="Leave the page"
        onConfirm={() => {
          if (blocker.state === "blocked") blocker.proceed();
        }}
      />
    </>
  );
}
