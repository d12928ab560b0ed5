import { describeMoment, toLocalInput } from "@vestin/shared/article-schedule-core";
import { CalendarClock } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { describeFailure } from "../api/admin-request";
import { cancelSchedule, scheduleArticle } from "../api/schedule-api";
import { AdminInput } from "../components/admin-fields";
import { Panel } from "../components/query-states";

type Scheduled = { _id: string; status: string; scheduledAt?: string | null };

/** The browser's time zone (an IANA name such as Europe/Paris), once the page runs in it. */
function useTimeZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return zone;
}

/** A `datetime-local` value read in the browser's zone, as an ISO moment; null when incomplete. */
function momentOf(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Scheduled publishing in the article editor: pick a moment in the administrator's own time zone
 * (named, with the UTC moment beside it), schedule, move or cancel. Each button writes at once,
 * apart from the editor's Save; the server refuses a moment in the past.
 */
export function ScheduleControl({ article, onChanged }: { article: Scheduled; onChanged: () => void }) {
  const zone = useTimeZone();
  const scheduledAt = article.status === "scheduled" ? (article.scheduledAt ?? null) : null;
  const [local, setLocal] = useState(scheduledAt ? toLocalInput(scheduledAt) : "");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setLocal(scheduledAt ? toLocalInput(scheduledAt) : ""), [scheduledAt]);

  if (article.status === "published") return null;
  const chosen = momentOf(local);

  const submit = async () => {
    if (!chosen) {
      setError("Choose a date and time");
      return;
    }
    setBusy(true);
    const result = await scheduleArticle(article._id, chosen);
    setBusy(false);
    if (!result.ok) {
      setError(result.errors?.scheduledAt ?? describeFailure(result));
      return;
    }
    setError(undefined);
    toast.success(scheduledAt ? "Schedule moved" : "Article scheduled", { description: `Publishes ${describeMoment(chosen, zone ?? undefined)}` });
    onChanged();
  };

  const cancel = async () => {
    setBusy(true);
    const result = await cancelSchedule(article._id);
    setBusy(false);
    if (!result.ok) {
      toast.error("Schedule not cancelled", { description: describeFailure(result) });
      return;
    }
    toast.success("Schedule cancelled", { description: "The article is a draft again." });
    onChanged();
  };

  return (
    <Panel title="Schedule">
      {scheduledAt && (
        <p className="mb-4 flex items-start gap-2 rounded-lg bg-brand-violet/5 px-3 py-2.5 text-sm text-ink" data-testid="schedule-status">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-violet" />
          <span>
            Publishes <strong className="font-semibold">{describeMoment(scheduledAt, zone ?? "UTC")}</strong>
            {article.status === "scheduled" && " — with its newsletter, if “send to subscribers” is on."}
          </span>
        </p>
      )}
      <AdminInput
        wrapperClassName="max-w-md"
        label={scheduledAt ? "Move to" : "Publish at"}
        type="datetime-local"
        value={local}
        onChange={(event) => {
          setLocal(event.target.value);
          setError(undefined);
        }}
        error={error}
        hint={
          chosen && local !== (scheduledAt ? toLocalInput(scheduledAt) : "")
            ? `Publishes ${describeMoment(chosen, zone ?? undefined)}`
            : `In your time zone${zone ? ` (${zone})` : ""}. The article stays hidden until then.`
        }
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="primary" size="md" onClick={submit} disabled={busy}>
          {scheduledAt ? "Move schedule" : "Schedule"}
        </Button>
        {scheduledAt && (
          <Button variant="outline" size="md" onClick={cancel} disabled={busy}>
            Cancel schedule
          </Button>
        )}
      </div>
    </Panel>
  );
}
