import {
  BadgeCheck,
  BookOpen,
  ChartColumn,
  FileText,
  Gauge,
  History,
  Inbox,
  Mail,
  Network,
  PenLine,
  Route,
  ShieldCheck,
  Sparkles,
  Users,
  Webhook,
  type LucideIcon,
} from "lucide-react";

export type AdminNavItem = { to: string; label: string; icon: LucideIcon; end?: boolean };

/** The console's sections, in the order the team uses them most. */
export const ADMIN_NAV: AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", icon: Gauge, end: true },
  { to: "/admin/leads", label: "Leads inbox", icon: Inbox },
  { to: "/admin/sources", label: "Sources", icon: ChartColumn },
  { to: "/admin/airdrop", label: "Airdrop review", icon: BadgeCheck },
  { to: "/admin/quests", label: "Quests", icon: Sparkles },
  { to: "/admin/referrals", label: "Referral clusters", icon: Network },
  { to: "/admin/articles", label: "Articles", icon: FileText },
  { to: "/admin/authors", label: "Authors", icon: PenLine },
  { to: "/admin/redirects", label: "Redirects", icon: Route },
  { to: "/admin/newsletter", label: "Newsletter", icon: Mail },
  { to: "/admin/courses", label: "Courses", icon: BookOpen },
  { to: "/admin/users", label: "Users", icon: Users },
  { to: "/admin/webhooks", label: "Webhooks", icon: Webhook },
  { to: "/admin/privacy", label: "Privacy requests", icon: ShieldCheck },
  { to: "/admin/audit", label: "Audit log", icon: History },
];
