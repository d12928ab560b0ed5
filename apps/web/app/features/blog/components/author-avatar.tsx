import { cn } from "~/lib/cn";
import { initials } from "../format";

const HUES = [
  "from-brand-teal to-brand-violet",
  "from-sky-500 to-brand-violet",
  "from-emerald-500 to-brand-teal",
  "from-amber-500 to-rose-500",
  "from-violet-500 to-fuchsia-500",
];

/** An initials avatar drawn locally from the author's name (no third-party image request). */
export function AuthorAvatar({ name, size = "md" }: { name: string; size?: "md" | "lg" }) {
  const hue = HUES[[...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % HUES.length];
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br font-bold text-white",
        hue,
        size === "lg" ? "size-14 text-lg" : "size-10 text-sm",
      )}
    >
      {initials(name)}
    </span>
  );
}
