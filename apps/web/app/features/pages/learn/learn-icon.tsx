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
import { IconTile } from "~/components/ui/icon-tile";

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
export function LearnIconTile({ name, ...tile }: { name: string; tone?: "light" | "dark"; className?: string }) {
  return <IconTile icon={ICONS[name] ?? Circle} {...tile} />;
}
