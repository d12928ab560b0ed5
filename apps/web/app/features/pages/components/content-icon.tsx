import * as lucide from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { IconTile as UiIconTile } from "~/components/ui/icon-tile";
import { cn } from "~/lib/cn";

/** The icons the content modules name, mapped explicitly so only these are bundled. */
const ICONS: Record<string, LucideIcon> = {
  ArrowLeftRight: lucide.ArrowLeftRight,
  BadgeCheck: lucide.BadgeCheck,
  Banknote: lucide.Banknote,
  Building2: lucide.Building2,
  Cpu: lucide.Cpu,
  Globe: lucide.Globe,
  GraduationCap: lucide.GraduationCap,
  Landmark: lucide.Landmark,
  Layers: lucide.Layers,
  Leaf: lucide.Leaf,
  Repeat: lucide.Repeat,
  Rocket: lucide.Rocket,
  Sprout: lucide.Sprout,
  Sun: lucide.Sun,
  Users: lucide.Users,
};

/** The lucide icon a content module names (a circle for a name not listed). */
function contentIcon(name: string): LucideIcon {
  return ICONS[name] ?? lucide.Circle;
}

/** A lucide icon named by a content module; decorative, so hidden from assistive technology. */
export function ContentIcon({ name, className }: { name: string; className?: string }) {
  const Icon = contentIcon(name);
  return <Icon aria-hidden="true" className={cn("size-6", className)} />;
}

/** The named icon in a soft rounded tile, as used on feature cards. */
export function IconTile({ name, ...tile }: { name: string; tone?: "light" | "dark"; className?: string }) {
  return <UiIconTile icon={contentIcon(name)} {...tile} />;
}
