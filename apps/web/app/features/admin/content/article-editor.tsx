import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { BLOG_MESSAGES, firstImageWithoutAlt, imageAltRequired } from "@vestin/shared/blog-core";
import { CheckboxField } from "~/components/ui/field";
import { deleteArticle, parseTags, saveArticle, type AdminArticle, type ArticlePayload } from "../api/content-api";
import { AdminInput, AdminTextarea, FieldError } from "../components/admin-fields";
import { BackLink } from "../components/admin-page-title";
import { ConfirmDialog, LeaveWithoutSavingDialog } from "../components/confirm-dialog";
import { DeleteButton, EditorBar, FormErrorNotice, SaveButton } from "../components/editor-parts";
import { Panel, PendingPage } from "../components/query-states";
import { useAdminQuery } from "../hooks/use-admin-query";
import { reportDelete, useEditorForm } from "../hooks/use-editor-form";
import { useUnsavedChanges } from "../hooks/use-unsaved-changes";
import { SendToSubscribersSwitch } from "../newsletter/send-to-subscribers-switch";
import { AuthorPicker } from "./author-picker";
import { ContentTitle } from "./content-title";
import { fromLocalInput, toLocalInput } from "./field-errors";
import { ImageUploadButton } from "./image-upload-button";
import { MarkdownEditor } from "./markdown-editor";
import { PreviewLinksPanel } from "./preview-links";
import { PublishSwitch } from "./publish-switch";
import { RevisionHistory } from "./revision-history";
import { ScheduleControl } from "./schedule-control";

type Form = {
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  tags: string;
  /** The chosen authors' ids in byline order, joined by commas. */
  authorIds: string;
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
  authorIds: "",
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
  "authorIds",
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
    authorIds: (article.authors ?? []).map((a) => a._id).join(","),
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
  const loaded = useAdminQuery<AdminArticle>(isNew ? null : `/admin/articles/${encodeURIComponent(id)}`);
  const categories = useAdminQuery<Array<{ category: string; count: number }>>("/blogs/categories");
  const article = loaded.data && !isNew ? loaded.data : undefined;
  const { form, setForm, update, text, error, saving, save, clearErrors, formError, otherErrors } = useEditorForm<Form>(EMPTY);
  const [markdown, setMarkdown] = useState("");
  // The Markdown last saved; the box keeps it after a save so the admin can go on editing.
  const [savedMarkdown, setSavedMarkdown] = useState("");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const justCreated = useRef<string | null>(null);

  // Opening another article starts clean; the one just created keeps what was typed.
  const startClean = useEffectEvent(() => {
    setMarkdown("");
    setSavedMarkdown("");
    clearErrors();
    if (isNew) setForm(EMPTY);
  });
  useEffect(() => {
    if (justCreated.current !== id) startClean();
  }, [id]);

  useEffect(() => {
    if (article) setForm(formOf(article));
  }, [article, setForm]);

  const baseline = article ? formOf(article) : EMPTY;
  const dirty = markdown !== savedMarkdown || (Object.keys(baseline) as Array<keyof Form>).some((key) => form[key] !== baseline[key]);
  const { blocker, leaveTo } = useUnsavedChanges(dirty && !saving);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!form.title.trim()) problems.title = "Title is required";
    if (!form.excerpt.trim()) problems.excerpt = "Excerpt is required";
    if (!form.category.trim()) problems.category = "Category is required";
    const authorIds = form.authorIds.split(",").filter(Boolean);
    if (authorIds.length === 0) problems.authorIds = "Choose at least one author";
    if (isNew && !markdown.trim()) problems.markdown = "Write the article's text";
    // The server's rule, checked first so the editor points at the field: every image says what it shows.
    if (form.featuredImage.trim() && !form.featuredImageAlt.trim()) problems.featuredImageAlt = BLOG_MESSAGES.featuredAltRequired;
    const withoutAlt = firstImageWithoutAlt(markdown);
    if (withoutAlt) problems.markdown = imageAltRequired(withoutAlt);
    const payload: ArticlePayload = {
      title: form.title.trim(),
      excerpt: form.excerpt.trim(),
      category: form.category.trim(),
      tags: parseTags(form.tags),
      authorIds,
      featuredImage: form.featuredImage.trim(),
      featuredImageAlt: form.featuredImageAlt.trim(),
      isFeatured: form.isFeatured,
      // A scheduled article keeps its schedule unless the switch publishes it now.
      ...(article?.status === "scheduled" && !form.published ? {} : { status: form.published ? "published" : "draft" }),
      sendToSubscribers: form.sendToSubscribers,
    };
    if (form.slug.trim() && form.slug.trim() !== article?.slug) payload.slug = form.slug.trim();
    const publishedAt = fromLocalInput(form.publishedAt);
    if (publishedAt && publishedAt !== article?.publishedAt) payload.publishedAt = publishedAt;
    if (markdown.trim()) payload.markdown = markdown;

    // save() shows every failure in the form.
    void save(
      problems,
      () => saveArticle(isNew ? null : id, payload),
      (saved) => {
        setSavedMarkdown(markdown);
        toast.success(isNew ? "Article created" : "Article saved", {
          description: payload.status === "published" ? "It is live on the site." : payload.status ? "Saved as a draft." : "Saved; it stays scheduled.",
        });
        if (isNew) {
          justCreated.current = saved._id;
          leaveTo(`/admin/articles/${saved._id}`, { replace: true });
        } else loaded.reload();
      },
    );
  };

  const remove = async () => {
    if (!reportDelete(await deleteArticle(id), "Article deleted")) return;
    setConfirmDelete(false);
    leaveTo("/admin/articles");
  };

  const back = <BackLink to="/admin/articles">All articles</BackLink>;

  if (!isNew && !article) return <PendingPage title="Edit article" back={back} query={loaded} label="Loading the article…" rows={8} />;

  return (
    <>
      <form onSubmit={submit} noValidate aria-label={isNew ? "New article" : "Edit article"}>
        <ContentTitle
          back={back}
          title={isNew ? "New article" : form.title || "Untitled article"}
          status={article?.status}
          facts={
            article && (
              <>
                /blog/{article.slug} · {article.viewCount.toLocaleString("en-US")} views · {article.likeCount.toLocaleString("en-US")} likes
              </>
            )
          }
          intro="Write in Markdown; the preview shows how it will read."
          siteHref={`/blog/${article?.slug}`}
        />

        <FormErrorNotice message={formError} details={otherErrors(FIELDS)} />

        <div className="space-y-6">
          <Panel title="Details">
            <div className="grid gap-4 md:grid-cols-2">
              <AdminInput wrapperClassName="md:col-span-2" label="Title" required {...text("title")} maxLength={200} />
              <AdminInput
                label="Slug"
                {...text("slug")}
                hint={
                  isNew
                    ? "Optional: made from the title when empty. Lower-case letters, digits and hyphens."
                    : "Changing it changes the article's address; the old one redirects here (see Redirects)."
                }
                pattern="[a-z0-9]+(-[a-z0-9]+)*"
                maxLength={120}
              />
              <AdminInput label="Category" required {...text("category")} list="article-categories" maxLength={60} />
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
                {...text("excerpt")}
                hint={`Shown on article cards and in search results. ${400 - form.excerpt.length} characters left.`}
              />
              <AdminInput label="Tags" {...text("tags")} hint="Separated by commas, at most 12." />
              <AuthorPicker
                value={form.authorIds.split(",").filter(Boolean)}
                onChange={(ids) => update("authorIds", ids.join(","))}
                error={error("authorIds")}
              />
              <AdminInput label="Publication date" type="datetime-local" {...text("publishedAt")} hint={isNew ? "Optional: now when empty." : undefined} />
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
                  <AdminInput wrapperClassName="min-w-0 flex-1" label="Image address" {...text("featuredImage")} placeholder="/media/… or https://…" />
                  <ImageUploadButton label="Upload image" className="h-10" onUploaded={(image) => update("featuredImage", image.url)} />
                </div>
                <AdminInput
                  label="Alternative text"
                  {...text("featuredImageAlt")}
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
              error={error("markdown") ?? error("content")}
            />
          </Panel>

          <Panel title="Newsletter">
            <SendToSubscribersSwitch
              checked={form.sendToSubscribers}
              onChange={(value) => update("sendToSubscribers", value)}
              sentAt={article?.newsletterSentAt}
            />
            {error("sendToSubscribers") && <FieldError>{error("sendToSubscribers")}</FieldError>}
          </Panel>

          {article && <ScheduleControl article={article} onChanged={loaded.reload} />}
          {article && <RevisionHistory kind="article" subjectId={article._id} onRestored={loaded.reload} />}
        </div>

        <EditorBar
          status={<PublishSwitch published={form.published} scheduled={article?.status === "scheduled"} onChange={(value) => update("published", value)} />}
        >
          {!isNew && <DeleteButton onClick={() => setConfirmDelete(true)}>Delete</DeleteButton>}
          <SaveButton saving={saving}>{isNew ? "Create article" : "Save changes"}</SaveButton>
        </EditorBar>
      </form>
      {article && (
        <div className="mt-6">
          <PreviewLinksPanel kind="article" subjectId={article._id} />
        </div>
      )}

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
      <LeaveWithoutSavingDialog blocker={blocker} description="Your changes to this article are not saved yet. They will be lost if you leave this page." />
    </>
  );
}
