import * as lucide from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { IconTile } from "~/components/ui/icon-tile";

/** The icons named in content/learning-pages.ts, listed explicitly so only these are bundled. */
const ICONS: Record<string, LucideIcon> = {
  Award: lucide.Award,
  BadgePercent: lucide.BadgePercent,
  Bitcoin: lucide.Bitcoin,
  BookOpen: lucide.BookOpen,
  Briefcase: lucide.Briefcase,
  Building2: lucide.Building2,
  Calculator: lucide.Calculator,
  CircleDollarSign: lucide.CircleDollarSign,
  ClipboardCheck: lucide.ClipboardCheck,
  Clock: lucide.Clock,
  Coins: lucide.Coins,
  Compass: lucide.Compass,
  CreditCard: lucide.CreditCard,
  Globe: lucide.Globe,
  GraduationCap: lucide.GraduationCap,
  Layers: lucide.Layers,
  Lightbulb: lucide.Lightbulb,
  ListChecks: lucide.ListChecks,
  MonitorPlay: lucide.MonitorPlay,
  Scale: lucide.Scale,
  Users: lucide.Users,
};

/** A decorative icon in a soft rounded tile, as on every learning-page card. */
export function LearnIconTile({ name, ...tile }: { name: string; tone?: "light" | "dark"; className?: string }) {
  return <IconTile icon={ICONS[name] ?? lucide.Circle} {...tile} />;
}
