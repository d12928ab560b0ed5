import { PRODUCT_NAME } from "@vestin/shared/brand";
import { cn } from "~/lib/cn";

/** The wordmark: a gradient mark and the name. */
export function Logo({ tone = "dark", className }: { tone?: "dark" | "light"; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-bold tracking-tight", className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <defs>
          <linearGradient id="vestin-mark" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#14b8a6" />
            <stop offset="1" stopColor="#7c3aed" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#vestin-mark)" />
        <path d="M8 9.5 16 23l8-13.5" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={cn("text-xl", tone === "dark" ? "text-white" : "text-ink")}>{PRODUCT_NAME}</span>
    </span>
  );
}
