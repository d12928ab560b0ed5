import * as lucide from "lucide-react";
import type { LucideIcon } from "lucide-react";

/** The icons the lead pages' content modules name. */
const ICONS: Record<string, LucideIcon> = {
  Bell: lucide.Bell,
  Building2: lucide.Building2,
  ChartLine: lucide.ChartLine,
  Code: lucide.Code,
  Coins: lucide.Coins,
  GraduationCap: lucide.GraduationCap,
  Handshake: lucide.Handshake,
  Lightbulb: lucide.Lightbulb,
  Mail: lucide.Mail,
  Megaphone: lucide.Megaphone,
  MessageCircle: lucide.MessageCircle,
  Rocket: lucide.Rocket,
  ShieldCheck: lucide.ShieldCheck,
  Wallet: lucide.Wallet,
};

export function LeadIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? lucide.Sparkles;
  return <Icon aria-hidden="true" className={className} />;
}
