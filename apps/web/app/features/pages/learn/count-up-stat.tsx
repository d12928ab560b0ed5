import { useCountUp } from "~/features/pages";
import { cn } from "~/lib/cn";

const numberFormat = new Intl.NumberFormat("en-US");

export function formatStat(value: number, suffix = ""): string {
  return `${numberFormat.format(value)}${suffix}`;
}

/**
 * A figure that counts up over 1.2 s when it scrolls into view (the shared count-up hook: the
 * server, a page without JavaScript and reduced motion all show the final figure). The final text
 * sits invisibly underneath so the moving digits never shift the layout; screen readers get it once.
 */
export function CountUpStat({ value, suffix = "", className }: { value: number; suffix?: string; className?: string }) {
  const { ref, value: shown } = useCountUp<HTMLSpanElement>(value);
  const final = formatStat(value, suffix);
  return (
    <span ref={ref} className={cn("inline-grid tabular-nums", className)} data-count-up={value}>
      <span aria-hidden="true" className="invisible col-start-1 row-start-1">
        {final}
      </span>
      <span aria-hidden="true" className="col-start-1 row-start-1" data-count-up-shown="">
        {formatStat(shown, suffix)}
      </span>
      <span className="sr-only">{final}</span>
    </span>
  );
}
