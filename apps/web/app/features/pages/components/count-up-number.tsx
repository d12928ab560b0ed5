import { useCountUp } from "../hooks/use-count-up";

type CountUpNumberProps = {
  value: number;
  prefix?: string | undefined;
  suffix?: string | undefined;
  decimals?: number;
  className?: string;
};

/**
 * A figure that counts up when it scrolls into view. Screen readers get the final figure once;
 * the moving digits are hidden from them.
 */
export function CountUpNumber({ value, prefix = "", suffix = "", decimals = 0, className }: CountUpNumberProps) {
  const { ref, value: shown } = useCountUp<HTMLSpanElement>(value, { decimals });
  const final = `${prefix}${value.toFixed(decimals)}${suffix}`;
  return (
    <span ref={ref} className={className}>
      <span aria-hidden="true" className="tabular-nums">
        {prefix}
        {shown.toFixed(decimals)}
        {suffix}
      </span>
      <span className="sr-only">{final}</span>
    </span>
  );
}
