import { ArrowLeft } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { deleteLesson, linesToList, saveLesson, type AdminLesson, type LessonPayload } from "../api/content-api";
import { AdminInput, AdminTextarea } from "../components/admin-fields";
import { ConfirmDialog } from "../components/confirm-dialog";
import { DeleteButton, EditorBar, FormErrorNotice, SaveButton } from "../components/editor-parts";
import { Panel } from "../components/query-states";
import { reportDelete, useEditorForm } from "../hooks/use-editor-form";
import { MarkdownEditor } from "./markdown-editor";
import { PreviewLinksPanel } from "./preview-links";
import { RevisionHistory } from "./revision-history";

const minutesOf = (duration: string | undefined) => /^(\d+)/.exec(duration ?? "")?.[1] ?? "";
const FIELDS = [
  "title",
  "description",
  "markdown",
  "content",
  "duration",
  "lessonNumber",
  "learningObjectives",
  "keyTakeaways",
  "prerequisites",
  "videoUrl",
  "videoDescription",
];

type Form = {
  title: string;
  lessonNumber: string;
  minutes: string;
  description: string;
  objectives: string;
  takeaways: string;
  prerequisites: string;
  videoUrl: string;
  videoDescription: string;
};

function formOf(lesson: AdminLesson | null, nextNumber: number): Form {
  return {
    title: lesson?.title ?? "",
    lessonNumber: String(lesson?.lessonNumber ?? nextNumber),
    minutes: minutesOf(lesson?.duration) || "15",
    description: lesson?.description ?? "",
    objectives: (lesson?.learningObjectives ?? []).join("\n"),
    takeaways: (lesson?.keyTakeaways ?? []).join("\n"),
    prerequisites: (lesson?.prerequisites ?? []).join("\n"),
    videoUrl: lesson?.videoUrl ?? "",
    videoDescription: lesson?.videoDescription ?? "",
  };
}

/** One lesson of a course: numbered, timed, written in Markdown, with its lists and optional video. */
export function LessonEditor({
  courseId,
  lesson,
  nextNumber,
  onDone,
}: {
  courseId: string;
  lesson: AdminLesson | null;
  nextNumber: number;
  onDone: (changed: boolean) => void;
}) {
  const { form, text, error, saving, save, formError, otherErrors } = useEditorForm<Form>(() => formOf(lesson, nextNumber));
  const [markdown, setMarkdown] = useState("");
  const [confirmDelete, setConfirmDelete] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { title, minutes, videoUrl } = form;
    const problems: Record<string, string> = {};
    if (!title.trim()) problems.title = "Title is required";
    if (!lesson && !markdown.trim()) problems.markdown = "Write the lesson's text";
    if (!/^\d{1,3}$/.test(minutes.trim()) || Number(minutes) < 1) problems.duration = "Give the duration in whole minutes (1–999)";
    if (videoUrl.trim() && !/^https?:\/\//i.test(videoUrl.trim())) problems.videoUrl = "Use a full http(s) address";
    const payload: LessonPayload = {
      title: title.trim(),
      description: form.description.trim(),
      duration: `${Number(minutes)} min`,
      learningObjectives: linesToList(form.objectives),
      keyTakeaways: linesToList(form.takeaways),
      prerequisites: linesToList(form.prerequisites),
      videoUrl: videoUrl.trim() || null,
      videoDescription: form.videoDescription.trim() || null,
    };
    const number = Number(form.lessonNumber);
    if (Number.isInteger(number) && number >= 1) payload.lessonNumber = number;
    if (markdown.trim()) payload.markdown = markdown;
    // save() shows every failure in the form.
    void save(
      problems,
      () => saveLesson(lesson?._id ?? null, courseId, payload),
      (saved) => {
        toast.success(lesson ? "Lesson saved" : "Lesson added", { description: saved.title });
        onDone(true);
      },
    );
  };

  const remove = async () => {
    if (!lesson || !reportDelete(await deleteLesson(lesson._id), "Lesson deleted")) return;
    setConfirmDelete(false);
    onDone(true);
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-labelledby="lesson-editor-title">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div>
            <button type="button" onClick={() => onDone(false)} className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
              <ArrowLeft aria-hidden="true" className="size-4" /> Back to the lessons
            </button>
            <h2 id="lesson-editor-title" className="mt-1 text-lg font-bold text-ink">
              {lesson ? `Lesson ${lesson.lessonNumber}: ${lesson.title}` : "New lesson"}
            </h2>
          </div>
        </div>
        <FormErrorNotice message={formError} details={otherErrors(FIELDS)} />
        <div className="space-y-6">
          <Panel title="Lesson">
            <div className="grid gap-4 md:grid-cols-[1fr_8rem_9rem]">
              <AdminInput label="Title" required {...text("title")} maxLength={200} />
              <AdminInput label="Number" type="number" min={1} max={500} {...text("lessonNumber")} />
              <AdminInput label="Duration (minutes)" type="number" min={1} max={999} {...text("minutes", "duration")} />
              <AdminTextarea wrapperClassName="md:col-span-3" label="Description" rows={2} maxLength={2000} {...text("description")} />
            </div>
          </Panel>
          <Panel title="Text">
            <MarkdownEditor
              label="Lesson text (Markdown)"
              value={markdown}
              onChange={setMarkdown}
              currentHtml={lesson?.content}
              error={error("markdown") ?? error("content")}
              rows={16}
            />
          </Panel>
          <Panel title="Lists and video">
            <div className="grid gap-4 lg:grid-cols-3">
              <AdminTextarea label="Learning objectives" rows={5} {...text("objectives", "learningObjectives")} hint="One per line." />
              <AdminTextarea label="Key takeaways" rows={5} {...text("takeaways", "keyTakeaways")} hint="One per line." />
              <AdminTextarea label="Prerequisites" rows={5} {...text("prerequisites")} hint="One per line." />
              <AdminInput
                wrapperClassName="lg:col-span-1"
                label="Video address"
                type="url"
                {...text("videoUrl")}
                placeholder="https://www.youtube.com/watch?v=…"
                hint="Optional. YouTube or Vimeo links are embedded."
              />
              <AdminTextarea wrapperClassName="lg:col-span-2" label="Video description" rows={2} maxLength={1000} {...text("videoDescription")} />
            </div>
          </Panel>
          {lesson && <RevisionHistory kind="lesson" subjectId={lesson._id} onRestored={() => onDone(true)} />}
        </div>
        <EditorBar>
          <Button variant="ghost" size="sm" onClick={() => onDone(false)}>
            Cancel
          </Button>
          {lesson && <DeleteButton onClick={() => setConfirmDelete(true)}>Delete lesson</DeleteButton>}
          <SaveButton saving={saving}>{lesson ? "Save lesson" : "Add lesson"}</SaveButton>
        </EditorBar>
      </form>
      {lesson && (
        <div className="mt-6">
          <PreviewLinksPanel kind="lesson" subjectId={lesson._id} />
        </div>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this lesson?"
        description={<>“{lesson?.title}” will be removed from the course, and learners will no longer see it. This cannot be undone.</>}
        confirmLabel="Delete lesson"
        onConfirm={remove}
      />
    </>
  );
}
