import {
  Award,
  BadgePercent,
  BookOpen,
  Briefcase,
  Building2,
  Calculator,
  Circle,
  CircleDollarSign,
  ClipboardCheck,
  Clock,
  Coins,
  Compass,
  CreditCard,
  Globe,
  GraduationCap,
  Layers,
  Lightbulb,
  ListChecks,
  MonitorPlay,
  Scale,
  Users,
  Bitcoin,
  type LucideIcon,
} from "lucide-react";
import { cn } from "~/lib/cn";

/** The icons named in content/learning-pages.ts, listed explicitly so only these are bundled. */
const ICONS: Record<string, LucideIcon> = {
  Award,
  BadgePercent,
  Bitcoin,
  BookOpen,
  Briefcase,
  Building2,
  Calculator,
  CircleDollarSign,
  ClipboardCheck,
  Clock,
  Coins,
  Compass,
  CreditCard,
  Globe,
  GraduationCap,
  Layers,
  Lightbulb,
  ListChecks,
  MonitorPlay,
  Scale,
  Users,
};

/** A decorative icon in a soft rounded tile, as on every learning-page card. */
export function LearnIconTile({ name, tone = "light", className }: { name: string; tone?: "light" | "dark"; className?: string }) {
  const Icon = ICONS[name] ?? Circle;
  return (
    <span
      className={cn(
        "inline-flex size-12 shrink-0 items-center justify-center rounded-xl",
        tone === "dark" ? "bg-white/10 text-brand-teal" : "bg-brand-teal/10 text-brand-teal-dark",
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}
