import { diffWordsWithSpace, type Change } from "diff";
import type { ArticleSnapshot, LessonSnapshot, RevisionKind } from "@vestin/shared/revisions";
import { formatLocalDateTime } from "@vestin/shared/format-date";
import { plural } from "~/lib/plural";
import { useAdminQuery } from "../hooks/use-admin-query";
import { QueryFallback } from "../components/query-states";
import { htmlToMarkdown } from "./html-to-markdown";

type Revision<S> = { number: number; snapshot: S };
type Field = { label: string; text: string };

const lines = (items: string[]) => items.join("\n");
const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** The fields of a saved article, as text to compare, in the editor's order. */
function articleFields(s: ArticleSnapshot): Field[] {
  return [
    { label: "Title", text: s.title },
    { label: "Slug", text: s.slug },
    { label: "Excerpt", text: s.excerpt },
    { label: "Category", text: s.category },
    { label: "Tags", text: s.tags.join(", ") },
    { label: "Author", text: s.author },
    // To the minute, as the editor shows it: its date field drops seconds on every save.
    { label: "Publication date", text: formatLocalDateTime(s.publishedAt) },
    { label: "Featured article", text: yesNo(s.isFeatured) },
    { label: "Status", text: s.status === "published" ? "Published" : "Draft" },
    { label: "Send to subscribers", text: yesNo(s.sendToSubscribers) },
    { label: "Featured image", text: s.featuredImage },
    { label: "Alternative text", text: s.featuredImageAlt },
    { label: "Body", text: htmlToMarkdown(s.content) },
  ];
}

/** The fields of a saved lesson, as text to compare, in the editor's order. */
function lessonFields(s: LessonSnapshot): Field[] {
  return [
    { label: "Title", text: s.title },
    { label: "Number", text: String(s.lessonNumber) },
    { label: "Duration", text: s.duration },
    { label: "Description", text: s.description },
    { label: "Text", text: htmlToMarkdown(s.content) },
    { label: "Learning objectives", text: lines(s.learningObjectives) },
    { label: "Key takeaways", text: lines(s.keyTakeaways) },
    { label: "Prerequisites", text: lines(s.prerequisites) },
    { label: "Resources", text: lines(s.resources.map((r) => (r.url ? `${r.name} (${r.url})` : r.name))) },
    { label: "Video address", text: s.videoUrl ?? "" },
    { label: "Video description", text: s.videoDescription ?? "" },
  ];
}

const fieldsOf = (kind: RevisionKind, snapshot: unknown) =>
  kind === "article" ? articleFields(snapshot as ArticleSnapshot) : lessonFields(snapshot as LessonSnapshot);

/** One side of a field's diff: the older side shows what went (struck through), the newer what came. */
function Side({ parts, side }: { parts: Change[]; side: "old" | "new" }) {
  // Each part keyed by where it starts in this side's text: stable for a given pair of revisions.
  let offset = 0;
  const shown = parts
    .filter((p) => (side === "old" ? !p.added : !p.removed))
    .map((part) => {
      const key = `${offset}:${part.added ? "+" : part.removed ? "-" : "="}`;
      offset += part.value.length;
      return { ...part, key };
    });
  if (shown.every((p) => p.value === "")) return <p className="text-sm italic text-muted">(empty)</p>;
  return (
    <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-ink">
      {shown.map((part) =>
        part.removed ? (
          <del key={part.key} className="rounded-sm bg-red-100 text-red-900 decoration-red-400">
            {part.value}
          </del>
        ) : part.added ? (
          <ins key={part.key} className="rounded-sm bg-emerald-100 text-emerald-900 no-underline">
            {part.value}
          </ins>
        ) : (
          <span key={part.key}>{part.value}</span>
        ),
      )}
    </p>
  );
}

/**
 * Two revisions side by side, field by field: only the fields that differ, each as a word diff
 * (bodies compared as Markdown). Loaded with the history only when an administrator compares.
 */
export default function RevisionDiff({ kind, basePath, older, newer }: { kind: RevisionKind; basePath: string; older: number; newer: number }) {
  const left = useAdminQuery<Revision<unknown>>(`${basePath}/${older}`);
  const right = useAdminQuery<Revision<unknown>>(`${basePath}/${newer}`);
  if (!left.data || left.data.number !== older) return <QueryFallback query={left} label={`Loading revision #${older}…`} rows={4} />;
  if (!right.data || right.data.number !== newer) return <QueryFallback query={right} label={`Loading revision #${newer}…`} rows={4} />;

  const before = fieldsOf(kind, left.data.snapshot);
  const after = fieldsOf(kind, right.data.snapshot);
  const changed = after.flatMap((field, i) => {
    const old = before[i]?.text ?? "";
    return old === field.text ? [] : [{ label: field.label, parts: diffWordsWithSpace(old, field.text) }];
  });
  const same = after.length - changed.length;

  return (
    <div aria-label={`Changes from revision #${older} to #${newer}`} role="region">
      {changed.length === 0 ? (
        <p className="rounded-lg bg-surface px-4 py-3 text-sm text-muted">
          Revisions #{older} and #{newer} have the same content.
        </p>
      ) : (
        <div className="space-y-4">
          {changed.map(({ label, parts }) => (
            <section key={label} className="overflow-hidden rounded-lg border border-line">
              <h4 className="border-b border-line bg-surface px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted">{label}</h4>
              <div className="grid divide-y divide-line md:grid-cols-2 md:divide-x md:divide-y-0">
                <div className="min-w-0 p-3">
                  <p className="mb-1 text-xs font-medium text-muted">#{older}</p>
                  <Side parts={parts} side="old" />
                </div>
                <div className="min-w-0 p-3">
                  <p className="mb-1 text-xs font-medium text-muted">#{newer}</p>
                  <Side parts={parts} side="new" />
                </div>
              </div>
            </section>
          ))}
        </div>
      )}
      {changed.length > 0 && same > 0 && <p className="mt-3 text-xs text-muted">{plural(same, "other field")} unchanged.</p>}
    </div>
  );
}
