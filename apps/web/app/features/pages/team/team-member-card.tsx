import { Card } from "~/components/ui/card";
import type { TeamMember } from "~/content/team";
import { cn } from "~/lib/cn";
import { TeamAvatar } from "./team-avatar";

/** Photo (or initials), name and role; the full variant adds the one-sentence bio. */
export function TeamMemberCard({ member, compact = false, nameLevel = 3 }: { member: TeamMember; compact?: boolean; nameLevel?: 3 | 4 }) {
  const Name = nameLevel === 3 ? "h3" : "h4";
  return (
    <Card as="li" className={cn("flex flex-col items-center text-center", compact ? "p-5" : "p-6")}>
      <TeamAvatar member={member} size={compact ? "md" : "lg"} />
      <Name className={cn("font-semibold text-ink", compact ? "mt-3 text-base" : "mt-4 text-lg")}>{member.name}</Name>
      <p className="mt-1 text-sm font-medium text-brand-teal-dark">{member.role}</p>
      {!compact && <p className="mt-3 text-sm leading-relaxed text-muted">{member.bio}</p>}
    </Card>
  );
}
