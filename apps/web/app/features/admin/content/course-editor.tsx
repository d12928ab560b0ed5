import { Pencil, Plus, Trash2, Video } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { DIFFICULTIES, TRACKS } from "@vestin/shared/learning";
import { Button } from "~/components/ui/button";
import { plural } from "~/lib/plural";
import { deleteCourse, deleteLesson, saveCourse, type AdminCourse, type AdminLesson, type CoursePayload } from "../api/content-api";
import { CourseAssessment } from "../assessments/course-assessment";
import { AdminInput, AdminSelect, AdminTextarea } from "../components/admin-fields";
import { AdminPageTitle, BackLink } from "../components/admin-page-title";
import { ConfirmDialog } from "../components/confirm-dialog";
import { DataTable, Td } from "../components/data-table";
import { DeleteButton, EditorBar, FormErrorNotice, SaveButton } from "../components/editor-parts";
import { Panel, PendingPage } from "../components/query-states";
import { useAdminQuery } from "../hooks/use-admin-query";
import { reportDelete, useEditorForm } from "../hooks/use-editor-form";
import { useSearchState } from "../hooks/use-search-state";
import { ContentTitle } from "./content-title";
import { LessonEditor } from "./lesson-editor";
import { PreviewLinksPanel } from "./preview-links";
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
  // navigate() does not reject for a failing page (the route's error boundary shows it): its promise is left to run.
  const navigate = useNavigate();
  const { get, set } = useSearchState();
  const loaded = useAdminQuery<{ course: AdminCourse; lessons: AdminLesson[] }>(isNew ? null : `/admin/courses/${encodeURIComponent(id)}/lessons`);
  const course = isNew ? undefined : loaded.data?.course;
  const lessons = isNew ? [] : [...(loaded.data?.lessons ?? [])].sort((a, b) => a.lessonNumber - b.lessonNumber);
  const { form, setForm, update, text, saving, save, formError, otherErrors } = useEditorForm<Form>(EMPTY);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [lessonToDelete, setLessonToDelete] = useState<AdminLesson | null>(null);
  const editing = get("lesson");
  const editedLesson = editing && editing !== "new" ? (lessons.find((l) => l._id === editing) ?? null) : null;

  useEffect(() => {
    if (course) setForm(formOf(course));
    else if (isNew) setForm(EMPTY);
  }, [course, isNew, setForm]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!form.title.trim()) problems.title = "Title is required";
    if (!form.description.trim()) problems.description = "Description is required";
    if (!form.category.trim()) problems.category = "Track is required";
    const order = Number(form.order);
    if (!Number.isInteger(order) || order < 1 || order > 1000) problems.order = "A whole number from 1 to 1000";
    const payload: CoursePayload = {
      title: form.title.trim(),
      description: form.description.trim(),
      category: form.category.trim(),
      difficulty: form.difficulty,
      order,
      status: form.published ? "published" : "draft",
    };
    if (form.slug.trim() && form.slug.trim() !== course?.slug) payload.slug = form.slug.trim();
    // save() shows every failure in the form.
    void save(
      problems,
      () => saveCourse(isNew ? null : id, payload),
      (saved) => {
        toast.success(isNew ? "Course created" : "Course saved", { description: isNew ? "Now add its lessons." : undefined });
        if (isNew) void navigate(`/admin/courses/${saved._id}`, { replace: true });
        else loaded.reload();
      },
    );
  };

  const removeCourse = async () => {
    if (!reportDelete(await deleteCourse(id), "Course deleted")) return;
    setConfirmDelete(false);
    void navigate("/admin/courses");
  };

  const removeLesson = async () => {
    if (!lessonToDelete || !reportDelete(await deleteLesson(lessonToDelete._id), "Lesson deleted")) return;
    setLessonToDelete(null);
    loaded.reload();
  };

  const back = <BackLink to="/admin/courses">All courses</BackLink>;

  if (!isNew && !course) return <PendingPage title="Edit course" back={back} query={loaded} label="Loading the course…" rows={8} />;

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

  return (
    <>
      <form onSubmit={submit} noValidate aria-label={isNew ? "New course" : "Edit course"}>
        <ContentTitle
          back={back}
          title={isNew ? "New course" : form.title || "Untitled course"}
          status={course?.status}
          facts={course && `${plural(course.totalLessons, "lesson")} · ${plural(course.enrollmentCount, "enrolment")}`}
          intro="Create the course first, then add its lessons."
          siteHref={`/learn/course/${course?.slug}`}
        />
        <FormErrorNotice message={formError} details={otherErrors(FIELDS)} />
        <Panel title="Course">
          <div className="grid gap-4 md:grid-cols-2">
            <AdminInput wrapperClassName="md:col-span-2" label="Title" required {...text("title")} maxLength={200} />
            <AdminInput
              label="Slug"
              {...text("slug")}
              hint={isNew ? "Optional: made from the title when empty." : "Changing it changes the course's address."}
              maxLength={120}
            />
            <AdminInput label="Track" required {...text("category")} list="course-tracks" maxLength={100} hint="The learning track the course belongs to." />
            <datalist id="course-tracks">
              {TRACKS.map((track) => (
                <option key={track.slug} value={track.title} />
              ))}
            </datalist>
            <AdminTextarea wrapperClassName="md:col-span-2" label="Description" required rows={4} maxLength={2000} {...text("description")} />
            <AdminSelect label="Level" {...text("difficulty")}>
              {DIFFICULTIES.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </AdminSelect>
            <AdminInput label="Order in its track" type="number" min={1} max={1000} {...text("order")} />
          </div>
          <EditorBar placement="panel" status={<PublishSwitch published={form.published} onChange={(value) => update("published", value)} />}>
            {!isNew && <DeleteButton onClick={() => setConfirmDelete(true)}>Delete course</DeleteButton>}
            <SaveButton saving={saving}>{isNew ? "Create course" : "Save course"}</SaveButton>
          </EditorBar>
        </Panel>
      </form>
      {course && (
        <div className="mt-6">
          <PreviewLinksPanel kind="course" subjectId={course._id} />
        </div>
      )}

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
          <DataTable
            label="Lessons of this course"
            busy={loaded.loading}
            columns={[{ label: "#", className: "w-12 text-right" }, "Lesson", "Duration", "Video", { label: "Actions", className: "text-right", hidden: true }]}
            rows={lessons}
            empty="No lessons yet. Add the first one."
          >
            {(lesson) => (
              <tr key={lesson._id} className="hover:bg-surface">
                <Td className="text-right tabular-nums text-muted">{lesson.lessonNumber}</Td>
                <Td>
                  <span className="font-medium">{lesson.title}</span>
                  {lesson.description && <span className="line-clamp-1 text-xs text-muted">{lesson.description}</span>}
                </Td>
                <Td className="whitespace-nowrap">{lesson.duration}</Td>
                <Td>
                  {lesson.videoUrl ? (
                    <Video aria-label="Has a video" className="size-4 text-muted" />
                  ) : (
                    <span className="text-muted">
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">No video</span>
                    </span>
                  )}
                </Td>
                <Td>
                  <div className="flex justify-end gap-1 whitespace-nowrap max-sm:mt-1 max-sm:w-full max-sm:justify-start max-sm:border-t max-sm:border-line max-sm:pt-2">
                    <Button size="sm" variant="ghost" className="h-8 px-3" onClick={() => set({ lesson: lesson._id }, { keepPage: true })}>
                      <Pencil aria-hidden="true" className="size-3.5" /> Edit<span className="sr-only"> lesson {lesson.lessonNumber}</span>
                    </Button>
                    <Button size="sm" variant="ghost" className="h-8 px-3 text-danger hover:bg-danger-bg" onClick={() => setLessonToDelete(lesson)}>
                      <Trash2 aria-hidden="true" className="size-3.5" /> Delete<span className="sr-only"> lesson {lesson.lessonNumber}</span>
                    </Button>
                  </div>
                </Td>
              </tr>
            )}
          </DataTable>
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
