import { describeMoment } from "@vestin/shared/article-schedule-core";
import { CalendarClock } from "lucide-react";
import { useEffect, useState } from "react";

/**
 * When a scheduled article goes public, in the administrator's time zone (read once the page
 * runs in the browser; UTC in the server's render).
 */
export function ScheduledMoment({ at }: { at: string }) {
  const [zone, setZone] = useState("UTC");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return (
    <span className="inline-flex items-center gap-1.5 text-brand-violet" title={describeMoment(at, zone)}>
      <CalendarClock aria-hidden="true" className="size-3.5" />
      {describeMoment(at, zone).replace(/ \(.*\)$/, "")}
    </span>
  );
}
