import {
  ArrowLeftRight,
  BadgeCheck,
  Banknote,
  Building2,
  Circle,
  Cpu,
  Globe,
  GraduationCap,
  Landmark,
  Layers,
  Leaf,
  Repeat,
  Rocket,
  Sprout,
  Sun,
  Users,
  type LucideIcon,
} from "lucide-react";
import { cn } from "~/lib/cn";

/** The icons the content modules name, mapped explicitly so only these are bundled. */
const ICONS: Record<string, LucideIcon> = {
  ArrowLeftRight,
  BadgeCheck,
  Banknote,
  Building2,
  Cpu,
  Globe,
  GraduationCap,
  Landmark,
  Layers,
  Leaf,
  Repeat,
  Rocket,
  Sprout,
  Sun,
  Users,
};

/** A lucide icon named by a content module; decorative, so hidden from assistive technology. */
export function ContentIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Circle;
  return <Icon aria-hidden="true" className={cn("size-6", className)} />;
}

/** The icon in a soft rounded tile, as used on feature cards. */
export function IconTile({ name, tone = "light", className }: { name: string; tone?: "light" | "dark"; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex size-12 shrink-0 items-center justify-center rounded-xl",
        tone === "dark" ? "bg-white/10 text-brand-teal" : "bg-brand-teal/10 text-brand-teal-dark",
        className,
      )}
    >
      <ContentIcon name={name} />
    </span>
  );
}
