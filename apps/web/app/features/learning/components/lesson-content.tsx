import { CheckCircle2, ListChecks, Lightbulb, PlayCircle } from "lucide-react";
import { useMemo } from "react";
import { LEARNING_MESSAGES, toEmbedUrl } from "@vestin/shared/learning-core";
import type { Lesson } from "@vestin/shared/learning";
import { safeHtml } from "~/lib/safe-html";
import { LessonVideo } from "./lesson-video";

function ListSection({ title, items, icon: Icon }: { title: string; items: string[]; icon: typeof ListChecks }) {
  if (items.length === 0) return null;
  return (
    <section className="rounded-2xl border border-line bg-surface p-5">
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-5 text-brand-teal-dark" /> {title}
      </h3>
      <ul className="mt-3 grid gap-2 text-[0.975rem] leading-relaxed">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brand-violet" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A lesson's reading view: description, prerequisites, objectives, content, video and takeaways. */
export function LessonContent({ lesson }: { lesson: Lesson }) {
  const html = useMemo(() => safeHtml(lesson.content), [lesson.content]);
  const embed = toEmbedUrl(lesson.videoUrl);
  return (
    <div className="grid gap-8">
      <p className="max-w-[70ch] text-lg leading-relaxed text-muted">{lesson.description || LEARNING_MESSAGES.noDescription}</p>
      {/* What a lesson builds on is read before the lesson itself. */}
      {lesson.prerequisites.length > 0 && <ListSection title="Prerequisites:" items={lesson.prerequisites} icon={CheckCircle2} />}
      {lesson.learningObjectives.length > 0 && <ListSection title="What you'll learn:" items={lesson.learningObjectives} icon={ListChecks} />}
      {lesson.content && (
        <section aria-labelledby={`content-${lesson._id}`}>
          <h3 id={`content-${lesson._id}`} className="sr-only">
            Lesson Content
          </h3>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: lesson HTML is sanitised when written (sanitizeArticleHtml or markdownToSafeHtml, apps/server/src/lib/sanitize.ts, called by features/learning/authoring.ts and seed.ts) and again in the browser by DOMPurify with the same allowlist (safeHtml, lib/safe-html.ts) */}
          <div className="prose-article" dangerouslySetInnerHTML={{ __html: html }} />
        </section>
      )}
      {embed && (
        <section aria-labelledby={`video-${lesson._id}`}>
          <h3 id={`video-${lesson._id}`} className="flex items-center gap-2 text-lg font-semibold">
            <PlayCircle aria-hidden="true" className="size-5 text-brand-violet" /> Lesson Video
          </h3>
          <LessonVideo key={embed} embedUrl={embed} title={`Video: ${lesson.title}`} />
          {lesson.videoDescription && <p className="mt-2 text-sm text-muted">{lesson.videoDescription}</p>}
        </section>
      )}
      {lesson.keyTakeaways.length > 0 && <ListSection title="Key Takeaways:" items={lesson.keyTakeaways} icon={Lightbulb} />}
    </div>
  );
}
