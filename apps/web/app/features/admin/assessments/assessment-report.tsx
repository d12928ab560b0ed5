import { AlertTriangle, RotateCw } from "lucide-react";
import { useId, useMemo, useState } from "react";
import type { AssessmentReport as Report } from "@vestin/shared/assessments";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { cn } from "~/lib/cn";
import { LoadError, LoadingBlock } from "../components/query-states";
import { useAdminQuery } from "../hooks/use-admin-query";
import { assessmentReportPath } from "./assessment-api";
import { QUESTION_TYPE_LABELS } from "./assessment-draft";
import { REVIEW_BELOW, reportRows, type ReportOrder } from "./report-rows";

const count = (value: number) => value.toLocaleString("en-US");
const percent = (share: number) => `${Math.round(share * 100)}%`;

function StatTile({ label, value, detail }: { label: string; value: string; detail?: string | undefined }) {
  return (
    <div className="rounded-xl border border-line bg-white p-4">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-1">
        <span className="block text-2xl font-bold tabular-nums text-ink">{value}</span>
        {detail && <span className="mt-0.5 block text-xs text-muted">{detail}</span>}
      </dd>
    </div>
  );
}

/**
 * How learners did: attempts, learners, pass rate and average score, then the share of right
 * answers per question, with the questions under 40 % flagged for review.
 */
export function AssessmentReport({ courseId, passMark }: { courseId: string; passMark?: number | undefined }) {
  const report = useAdminQuery<Report>(assessmentReportPath(courseId));
  const [order, setOrder] = useState<ReportOrder>("assessment");
  const ids = useId();
  const data = report.data;
  const rows = useMemo(() => (data ? reportRows(data.questions, order) : []), [data, order]);

  if (!data) {
    if (report.status === 404) return <Notice tone="info">There is nothing to report: this course has no assessment.</Notice>;
    return report.error ? (
      <LoadError message={report.error} status={report.status} onRetry={report.reload} />
    ) : (
      <LoadingBlock label="Loading the report…" rows={4} />
    );
  }

  const flagged = rows.filter((row) => row.review).length;
  const noAttempts = data.attempts === 0;

  return (
    <div className="space-y-5" aria-busy={report.loading || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">Submitted attempts of this course's final assessment, all time.</p>
        <Button variant="outline" size="sm" onClick={report.reload} disabled={report.loading}>
          <RotateCw aria-hidden="true" className={cn("size-4", report.loading && "motion-safe:animate-spin")} /> Refresh
        </Button>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label="Attempts" value={count(data.attempts)} />
        <StatTile label="Learners" value={count(data.learners)} />
        <StatTile
          label="Pass rate"
          value={noAttempts ? "–" : percent(data.passRate)}
          detail={`${count(data.passed)} of ${count(data.attempts)} attempts passed`}
        />
        <StatTile
          label="Average score"
          value={noAttempts ? "–" : `${Math.round(data.averageScore)}%`}
          detail={passMark ? `Pass mark ${passMark}%` : undefined}
        />
      </dl>

      {noAttempts && <Notice tone="info">No learner has submitted this assessment yet. The figures fill in as attempts are graded.</Notice>}

      <section aria-labelledby={`${ids}-chart`} className="rounded-xl border border-line bg-white">
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-line px-4 py-3">
          <div className="min-w-0">
            <h3 id={`${ids}-chart`} className="text-sm font-semibold text-ink">
              Right answers per question
            </h3>
            <p className="mt-0.5 text-xs text-muted">
              {flagged > 0
                ? `The share of attempts that got each question right (an unanswered question counts as wrong). ${flagged} ${flagged === 1 ? "question is" : "questions are"} under ${percent(REVIEW_BELOW)}: review ${flagged === 1 ? "it" : "them"}.`
                : `The share of attempts that got each question right (an unanswered question counts as wrong). Questions under ${percent(REVIEW_BELOW)} are flagged for review.`}
            </p>
          </div>
          <fieldset className="flex shrink-0 items-center gap-1 rounded-full border border-line p-1 text-sm">
            <legend className="sr-only">Order of the questions</legend>
            {(
              [
                ["assessment", "In order"],
                ["hardest", "Hardest first"],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className={cn(
                  "inline-flex h-8 cursor-pointer items-center rounded-full px-3 font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-violet",
                  order === value ? "bg-navy-900 text-white" : "text-muted hover:text-ink",
                )}
              >
                <input type="radio" name={`${ids}-order`} value={value} checked={order === value} onChange={() => setOrder(value)} className="sr-only" />
                {label}
              </label>
            ))}
          </fieldset>
        </div>
        <ol aria-labelledby={`${ids}-chart`} className="divide-y divide-line">
          {rows.map((row) => (
            <li key={row.id} className="grid gap-x-6 gap-y-2 px-4 py-3 md:grid-cols-[minmax(0,1fr)_minmax(14rem,22rem)] md:items-center">
              <div className="min-w-0">
                <p className="line-clamp-2 text-sm text-ink">
                  <span className="font-semibold tabular-nums">{row.number}.</span> {row.prompt}
                </p>
                <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
                  <span>{QUESTION_TYPE_LABELS[row.type]}</span>
                  <span aria-hidden="true">·</span>
                  <code className="break-all font-mono">{row.id}</code>
                  {row.review && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-notice-bg px-2 py-0.5 font-semibold text-notice ring-1 ring-notice/25 ring-inset">
                      <AlertTriangle aria-hidden="true" className="size-3" /> Review this question
                    </span>
                  )}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <div aria-hidden="true" className="relative h-3 flex-1 overflow-hidden rounded-full bg-slate-100" data-bar>
                  {row.share !== null && (
                    <div
                      className={cn("h-full rounded-full", row.review ? "bg-amber-500" : "bg-brand-gradient")}
                      style={{ width: `${Math.max(row.share * 100, row.share > 0 ? 2 : 0)}%` }}
                    />
                  )}
                  <div className="absolute inset-y-0 w-px bg-slate-400" style={{ left: `${REVIEW_BELOW * 100}%` }} />
                </div>
                <p className="w-32 shrink-0 text-right text-sm tabular-nums">
                  {row.share === null ? (
                    <span className="text-muted">No answers yet</span>
                  ) : (
                    <>
                      <span className={cn("font-semibold", row.review ? "text-notice" : "text-ink")}>{percent(row.share)}</span>
                      <span className="text-muted"> right</span>
                      <span className="block text-xs text-muted">
                        <span className="sr-only">: </span>
                        {count(row.right)} right of {count(row.asked)} asked · {count(row.answered)} answered
                      </span>
                    </>
                  )}
                </p>
              </div>
            </li>
          ))}
        </ol>
        {rows.length === 0 && <p className="px-4 py-6 text-sm text-muted">The assessment has no questions to report on.</p>}
      </section>
    </div>
  );
}
