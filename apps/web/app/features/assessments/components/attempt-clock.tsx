import { Hourglass, Timer } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { formatRemaining, formatTime, remainingInWords } from "../format";

/** Minutes left at which a screen reader hears how much time remains. */
const ANNOUNCE_AT = [30, 10, 5, 1];

/**
 * The time an open attempt has left. Timed mode: a countdown (announced at 30, 10, 5 and 1 minutes
 * left, not every second) that calls `onTimeUp` once when it runs out. Untimed: when it closes.
 */
export function AttemptClock({ expiresAt, timed, onTimeUp }: { expiresAt: string; timed: boolean; onTimeUp?: () => void }) {
  const end = new Date(expiresAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState("");
  const announced = useRef(new Set<number>());
  const fired = useRef(false);
  const left = end - now;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!timed) return;
    const minutes = Math.ceil(left / 60_000);
    const mark = ANNOUNCE_AT.find((m) => minutes <= m && !announced.current.has(m));
    if (mark !== undefined && left > 0) {
      for (const m of ANNOUNCE_AT) if (m >= mark) announced.current.add(m);
      setAnnouncement(remainingInWords(left));
    }
    // A second early, so the answers reach the server before the attempt closes there.
    if (left <= 1000 && !fired.current) {
      fired.current = true;
      onTimeUp?.();
    }
  }, [left, timed, onTimeUp]);

  if (!timed) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-muted sm:text-sm">
        <Hourglass aria-hidden="true" className="size-4 shrink-0" />
        <span>
          Open until <span className="font-semibold text-ink">{formatTime(expiresAt)}</span>
        </span>
      </p>
    );
  }
  const low = left < 5 * 60_000;
  return (
    <div className={cn("flex items-center gap-1.5 text-xs font-semibold tabular-nums sm:text-sm", low ? "text-danger" : "text-ink")}>
      <Timer aria-hidden="true" className="size-4 shrink-0" />
      <span role="timer" aria-label={`Time left: ${remainingInWords(left)}`}>
        <span aria-hidden="true">{formatRemaining(left)}</span>
      </span>
      <span className="sr-only" aria-live="assertive">
        {announcement}
      </span>
    </div>
  );
}
