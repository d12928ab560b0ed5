import { ArrowLeft, ExternalLink, Pencil, Plus, Save, Trash2, Video } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { DIFFICULTIES, TRACKS } from "@vestin/shared/learning";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { describeFailure } from "../api/admin-request";
import { deleteCourse, deleteLesson, saveCourse, type AdminCourse, type AdminLesson, type CoursePayload } from "../api/content-api";
import { AdminInput, AdminSelect, AdminTextarea } from "../components/admin-fields";
import { AdminPageTitle } from "../components/admin-page-title";
import { ConfirmDialog } from "../components/confirm-dialog";
import { EmptyRow, TableFrame, tdClasses, Th } from "../components/data-table";
import { LoadError, LoadingBlock, Panel } from "../components/query-states";
import { PublishBadge } from "../components/status-badge";
import { useAdminQuery } from "../hooks/use-admin-query";
import { CourseAssessment } from "../assessments/course-assessment";
import { useSearchState } from "../hooks/use-search-state";
import { fieldError, otherErrors } from "./field-errors";
import { LessonEditor } from "./lesson-editor";
import { PublishSwitch } from "./publish-switch";

type Form = { title: string; slug: string; description: string; category: string; difficulty: string; order: string; published: boolean };
const EMPTY: Form = { title: "", slug: "", description: "", category: "", difficulty: "Beginner", order: "1", published: false };
const FIELDS = ["title", "slug", "description", "category", "difficulty", "order", "status"];

function formOf(course: AdminCourse): Form {
  return {
    title: course.title,
    slug: course.slug,
    description: course.description,
    category: course.category,
    difficulty: course.difficulty,
    order: String(course.order),
    published: course.status === "published",
  };
}

/** A course's fields and status, and below them its lessons (add, edit, delete). */
export function CourseEditor({ id }: { id: string }) {
  const isNew = id === "new";
  const navigate = useNavigate();
  const { get, set } = useSearchState();
  const loaded = useAdminQuery<{ course: AdminCourse; lessons: AdminLesson[] }>(isNew ? null : `/admin/courses/${encodeURIComponent(id)}/lessons`);
  const course = isNew ? undefined : loaded.data?.course;
  const lessons = isNew ? [] : [...(loaded.data?.lessons ?? [])].sort((a, b) => a.lessonNumber - b.lessonNumber);
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [lessonToDelete, setLessonToDelete] = useState<AdminLesson | null>(null);
  const editing = get("lesson");
  const editedLesson = editing && editing !== "new" ? (lessons.find((l) => l._id === editing) ?? null) : null;

  useEffect(() => {
    if (course) setForm(formOf(course));
    else if (isNew) setForm(EMPTY);
  }, [course, isNew]);

  const update = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const err = (field: string) => fieldError(errors, field);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!form.title.trim()) local.title = "Title is required";
    if (!form.description.trim()) local.description = "Description is required";
    if (!form.category.trim()) local.category = "Track is required";
    const order = Number(form.order);
    if (!Number.isInteger(order) || order < 1 || order > 1000) local.order = "A whole number from 1 to 1000";
    if (Object.keys(local).length) {
      setErrors(local);
      setFormError("Some fields need attention.");
      return;
    }
    const payload: CoursePayload = {
      title: form.title.trim(),
      description: form.description.trim(),
      category: form.category.trim(),
      difficulty: form.difficulty,
      order,
      status: form.published ? "published" : "draft",
    };
    if (form.slug.trim() && form.slug.trim() !== course?.slug) payload.slug = form.slug.trim();
    setSaving(true);
    setFormError(null);
    try {
      const result = await saveCourse(isNew ? null : id, payload);
      if (!result.ok) {
        setErrors(result.errors ?? {});
        setFormError(describeFailure(result));
        return;
      }
      setErrors({});
      toast.success(isNew ? "Course created" : "Course saved", { description: isNew ? "Now add its lessons." : undefined });
      if (isNew) navigate(`/admin/courses/${result.data._id}`, { replace: true });
      else loaded.reload();
    } catch {
      setFormError("The server did not answer. Nothing was saved.");
    } finally {
      setSaving(false);
    }
  };

  const removeCourse = async () => {
    const result = await deleteCourse(id);
    if (!result.ok) {
      toast.error("Not deleted", { description: describeFailure(result) });
      return;
    }
    setConfirmDelete(false);
    toast.success("Course deleted");
    navigate("/admin/courses");
  };

  const removeLesson = async () => {
    if (!lessonToDelete) return;
    const result = await deleteLesson(lessonToDelete._id);
    if (!result.ok) {
      toast.error("Not deleted", { description: describeFailure(result) });
      return;
    }
    setLessonToDelete(null);
    toast.success("Lesson deleted");
    loaded.reload();
  };

  const back = (
    <Link to="/admin/courses" className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
      <ArrowLeft aria-hidden="true" className="size-4" /> All courses
    </Link>
  );

  if (!isNew && !course) {
    return (
      <>
        <AdminPageTitle title="Edit course" back={back} />
        {loaded.error ? (
          <LoadError message={loaded.error} status={loaded.status} onRetry={loaded.reload} />
        ) : (
          <LoadingBlock label="Loading the course…" rows={8} />
        )}
      </>
    );
  }

  if (course && editing && (editing === "new" || editedLesson)) {
    return (
      <>
        <AdminPageTitle back={back} title={course.title} description="Editing a lesson of this course." />
        <LessonEditor
          key={editing}
          courseId={course._id}
          lesson={editedLesson}
          nextNumber={(lessons.at(-1)?.lessonNumber ?? 0) + 1}
          onDone={(changed) => {
            set({ lesson: null }, { keepPage: true });
            if (changed) loaded.reload();
          }}
        />
      </>
    );
  }

  const extra = otherErrors(errors, FIELDS);

  return (
    <>
      <form onSubmit={(event) => void save(event)} noValidate aria-label={isNew ? "New course" : "Edit course"}>
        <AdminPageTitle
          back={back}
          title={isNew ? "New course" : form.title || "Untitled course"}
          description={
            course ? (
              <span className="inline-flex flex-wrap items-center gap-2">
                <PublishBadge status={course.status} /> {course.totalLessons} lessons · {course.enrollmentCount.toLocaleString("en-US")} enrolments
              </span>
            ) : (
              "Create the course first, then add its lessons."
            )
          }
          actions={
            course?.status === "published" && (
              <a
                href={`/learn/course/${course.slug}`}
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
        <Panel title="Course">
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
              hint={isNew ? "Optional: made from the title when empty." : "Changing it changes the course's address."}
              maxLength={120}
            />
            <AdminInput
              label="Track"
              required
              value={form.category}
              onChange={(e) => update("category", e.target.value)}
              error={err("category")}
              list="course-tracks"
              maxLength={100}
              hint="The learning track the course belongs to."
            />
            <datalist id="course-tracks">
              {TRACKS.map((track) => (
                <option key={track.slug} value={track.title} />
              ))}
            </datalist>
            <AdminTextarea
              wrapperClassName="md:col-span-2"
              label="Description"
              required
              rows={4}
              maxLength={2000}
              value={form.description}
              onChange={(e) => update("description", e.target.value)}
              error={err("description")}
            />
            <AdminSelect label="Level" value={form.difficulty} onChange={(e) => update("difficulty", e.target.value)} error={err("difficulty")}>
              {DIFFICULTIES.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </AdminSelect>
            <AdminInput
              label="Order in its track"
              type="number"
              min={1}
              max={1000}
              value={form.order}
              onChange={(e) => update("order", e.target.value)}
              error={err("order")}
            />
          </div>
          <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
            <PublishSwitch published={form.published} onChange={(value) => update("published", value)} />
            <div className="flex items-center gap-2">
              {!isNew && (
                <Button variant="ghost" size="sm" className="text-danger hover:bg-danger-bg" onClick={() => setConfirmDelete(true)}>
                  <Trash2 aria-hidden="true" className="size-4" /> Delete course
                </Button>
              )}
              <Button type="submit" size="sm" variant="secondary" disabled={saving}>
                <Save aria-hidden="true" className="size-4" /> {saving ? "Saving…" : isNew ? "Create course" : "Save course"}
              </Button>
            </div>
          </div>
        </Panel>
      </form>

      {course && (
        <section aria-labelledby="lessons-title" className="mt-8">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="lessons-title" className="text-lg font-bold text-ink">
              Lessons <span className="text-sm font-normal text-muted">({lessons.length})</span>
            </h2>
            <Button size="sm" onClick={() => set({ lesson: "new" }, { keepPage: true })}>
              <Plus aria-hidden="true" className="size-4" /> Add lesson
            </Button>
          </div>
          <TableFrame label="Lessons of this course" busy={loaded.loading}>
            <thead>
              <tr>
                <Th className="w-12 text-right">#</Th>
                <Th>Lesson</Th>
                <Th>Duration</Th>
                <Th>Video</Th>
                <Th className="text-right">Actions</Th>
              </tr>
            </thead>
            <tbody>
              {lessons.length === 0 ? (
                <EmptyRow columns={5}>No lessons yet. Add the first one.</EmptyRow>
              ) : (
                lessons.map((lesson) => (
                  <tr key={lesson._id} className="hover:bg-surface">
                    <td className={`${tdClasses} text-right tabular-nums text-muted`}>{lesson.lessonNumber}</td>
                    <td className={tdClasses}>
                      <span className="font-medium">{lesson.title}</span>
                      {lesson.description && <span className="line-clamp-1 text-xs text-muted">{lesson.description}</span>}
                    </td>
                    <td className={`${tdClasses} whitespace-nowrap`}>{lesson.duration}</td>
                    <td className={tdClasses}>
                      {lesson.videoUrl ? <Video aria-label="Has a video" className="size-4 text-muted" /> : <span className="sr-only">No video</span>}
                    </td>
                    <td className={`${tdClasses} text-right whitespace-nowrap`}>
                      <Button size="sm" variant="ghost" className="h-8 px-3" onClick={() => set({ lesson: lesson._id }, { keepPage: true })}>
                        <Pencil aria-hidden="true" className="size-3.5" /> Edit<span className="sr-only"> lesson {lesson.lessonNumber}</span>
                      </Button>
                      <Button size="sm" variant="ghost" className="h-8 px-3 text-danger hover:bg-danger-bg" onClick={() => setLessonToDelete(lesson)}>
                        <Trash2 aria-hidden="true" className="size-3.5" /> Delete<span className="sr-only"> lesson {lesson.lessonNumber}</span>
                      </Button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </TableFrame>
        </section>
      )}

      {course && <CourseAssessment courseId={course._id} lessonCount={lessons.length} />}

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this course?"
        description={
          <>
            “{form.title}” and all {lessons.length} of its lessons will be removed, with learners' enrolments and progress in it. This cannot be undone; to hide
            it, switch it to draft instead.
          </>
        }
        confirmLabel="Delete course"
        typeToConfirm={course?.slug}
        onConfirm={removeCourse}
      />
      <ConfirmDialog
        open={lessonToDelete !== null}
        onOpenChange={(open) => !open && setLessonToDelete(null)}
        title="Delete this lesson?"
        description={<>“{lessonToDelete?.title}” will be removed from the course, and learners will no longer see it. This cannot be undone.</>}
        confirmLabel="Delete lesson"
        onConfirm={removeLesson}
      />
    </>
  );
}
