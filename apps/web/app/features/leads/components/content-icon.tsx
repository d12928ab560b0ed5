import {
  Bell,
  Building2,
  ChartLine,
  Code,
  Coins,
  GraduationCap,
  Handshake,
  Lightbulb,
  Mail,
  Megaphone,
  MessageCircle,
  Rocket,
  ShieldCheck,
  Sparkles,
  Wallet,
  type LucideIcon,
} from "lucide-react";

/** The icons the lead pages' content modules name. */
const ICONS: Record<string, LucideIcon> = {
  Bell,
  Building2,
  ChartLine,
  Code,
  Coins,
  GraduationCap,
  Handshake,
  Lightbulb,
  Mail,
  Megaphone,
  MessageCircle,
  Rocket,
  ShieldCheck,
  Wallet,
};

export function LeadIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Sparkles;
  return <Icon aria-hidden="true" className={className} />;
}
