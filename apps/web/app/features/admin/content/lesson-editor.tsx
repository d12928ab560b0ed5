import { ArrowLeft, Save, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { describeFailure } from "../api/admin-request";
import { deleteLesson, linesToList, saveLesson, type AdminLesson, type LessonPayload } from "../api/content-api";
import { AdminInput, AdminTextarea } from "../components/admin-fields";
import { ConfirmDialog } from "../components/confirm-dialog";
import { Panel } from "../components/query-states";
import { fieldError, otherErrors } from "./field-errors";
import { MarkdownEditor } from "./markdown-editor";

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
  const [title, setTitle] = useState(lesson?.title ?? "");
  const [lessonNumber, setLessonNumber] = useState(String(lesson?.lessonNumber ?? nextNumber));
  const [minutes, setMinutes] = useState(minutesOf(lesson?.duration) || "15");
  const [description, setDescription] = useState(lesson?.description ?? "");
  const [markdown, setMarkdown] = useState("");
  const [objectives, setObjectives] = useState((lesson?.learningObjectives ?? []).join("\n"));
  const [takeaways, setTakeaways] = useState((lesson?.keyTakeaways ?? []).join("\n"));
  const [prerequisites, setPrerequisites] = useState((lesson?.prerequisites ?? []).join("\n"));
  const [videoUrl, setVideoUrl] = useState(lesson?.videoUrl ?? "");
  const [videoDescription, setVideoDescription] = useState(lesson?.videoDescription ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const err = (field: string) => fieldError(errors, field);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!title.trim()) local.title = "Title is required";
    if (!lesson && !markdown.trim()) local.markdown = "Write the lesson's text";
    if (!/^\d{1,3}$/.test(minutes.trim()) || Number(minutes) < 1) local.duration = "Give the duration in whole minutes (1–999)";
    if (videoUrl.trim() && !/^https?:\/\//i.test(videoUrl.trim())) local.videoUrl = "Use a full http(s) address";
    if (Object.keys(local).length) {
      setErrors(local);
      setFormError("Some fields need attention.");
      return;
    }
    const payload: LessonPayload = {
      title: title.trim(),
      description: description.trim(),
      duration: `${Number(minutes)} min`,
      learningObjectives: linesToList(objectives),
      keyTakeaways: linesToList(takeaways),
      prerequisites: linesToList(prerequisites),
      videoUrl: videoUrl.trim() || null,
      videoDescription: videoDescription.trim() || null,
    };
    const number = Number(lessonNumber);
    if (Number.isInteger(number) && number >= 1) payload.lessonNumber = number;
    if (markdown.trim()) payload.markdown = markdown;
    setSaving(true);
    setFormError(null);
    try {
      const result = await saveLesson(lesson?._id ?? null, courseId, payload);
      if (!result.ok) {
        setErrors(result.errors ?? {});
        setFormError(describeFailure(result));
        return;
      }
      toast.success(lesson ? "Lesson saved" : "Lesson added", { description: result.data.title });
      onDone(true);
    } catch {
      setFormError("The server did not answer. Nothing was saved.");
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!lesson) return;
    const result = await deleteLesson(lesson._id);
    if (!result.ok) {
      toast.error("Not deleted", { description: describeFailure(result) });
      return;
    }
    setConfirmDelete(false);
    toast.success("Lesson deleted");
    onDone(true);
  };

  const extra = otherErrors(errors, FIELDS);

  return (
    <>
      <form onSubmit={(event) => void save(event)} noValidate aria-labelledby="lesson-editor-title">
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
          <Panel title="Lesson">
            <div className="grid gap-4 md:grid-cols-[1fr_8rem_9rem]">
              <AdminInput label="Title" required value={title} onChange={(e) => setTitle(e.target.value)} error={err("title")} maxLength={200} />
              <AdminInput
                label="Number"
                type="number"
                min={1}
                max={500}
                value={lessonNumber}
                onChange={(e) => setLessonNumber(e.target.value)}
                error={err("lessonNumber")}
              />
              <AdminInput
                label="Duration (minutes)"
                type="number"
                min={1}
                max={999}
                value={minutes}
                onChange={(e) => setMinutes(e.target.value)}
                error={err("duration")}
              />
              <AdminTextarea
                wrapperClassName="md:col-span-3"
                label="Description"
                rows={2}
                maxLength={2000}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                error={err("description")}
              />
            </div>
          </Panel>
          <Panel title="Text">
            <MarkdownEditor
              label="Lesson text (Markdown)"
              value={markdown}
              onChange={setMarkdown}
              currentHtml={lesson?.content}
              error={err("markdown") ?? err("content")}
              rows={16}
            />
          </Panel>
          <Panel title="Lists and video">
            <div className="grid gap-4 lg:grid-cols-3">
              <AdminTextarea
                label="Learning objectives"
                rows={5}
                value={objectives}
                onChange={(e) => setObjectives(e.target.value)}
                error={err("learningObjectives")}
                hint="One per line."
              />
              <AdminTextarea
                label="Key takeaways"
                rows={5}
                value={takeaways}
                onChange={(e) => setTakeaways(e.target.value)}
                error={err("keyTakeaways")}
                hint="One per line."
              />
              <AdminTextarea
                label="Prerequisites"
                rows={5}
                value={prerequisites}
                onChange={(e) => setPrerequisites(e.target.value)}
                error={err("prerequisites")}
                hint="One per line."
              />
              <AdminInput
                wrapperClassName="lg:col-span-1"
                label="Video address"
                type="url"
                value={videoUrl}
                onChange={(e) => setVideoUrl(e.target.value)}
                error={err("videoUrl")}
                placeholder="https://www.youtube.com/watch?v=…"
                hint="Optional. YouTube or Vimeo links are embedded."
              />
              <AdminTextarea
                wrapperClassName="lg:col-span-2"
                label="Video description"
                rows={2}
                maxLength={1000}
                value={videoDescription}
                onChange={(e) => setVideoDescription(e.target.value)}
                error={err("videoDescription")}
              />
            </div>
          </Panel>
        </div>
        <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-end gap-2 border-t border-line bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          <Button variant="ghost" size="sm" onClick={() => onDone(false)}>
            Cancel
          </Button>
          {lesson && (
            <Button variant="ghost" size="sm" className="text-danger hover:bg-danger-bg" onClick={() => setConfirmDelete(true)}>
              <Trash2 aria-hidden="true" className="size-4" /> Delete lesson
            </Button>
          )}
          <Button type="submit" size="sm" variant="secondary" disabled={saving}>
            <Save aria-hidden="true" className="size-4" /> {saving ? "Saving…" : lesson ? "Save lesson" : "Add lesson"}
          </Button>
        </div>
      </form>
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
