import { useEffect, useRef, useState } from "react";
import type { TeamMember } from "~/content/team";
import { cn } from "~/lib/cn";

const SIZES = { md: "size-16 text-lg", lg: "size-24 text-2xl" } as const;

/**
 * A round photo with the member's initials underneath: the initials show whenever there is no
 * photo or it fails to load (the failed image removes itself).
 */
export function TeamAvatar({ member, size = "lg" }: { member: TeamMember; size?: keyof typeof SIZES }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  const showPhoto = Boolean(member.image) && !failed;
  return (
    <span
      className={cn(
        "relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-navy-900 font-semibold tracking-wide text-white ring-4 ring-white shadow-card",
        SIZES[size],
      )}
    >
      <span aria-hidden="true" className="absolute inset-0 bg-brand-gradient opacity-30" />
      <span aria-hidden="true" className="relative">
        {member.initials}
      </span>
      {showPhoto && member.image && (
        <img
          ref={ref}
          src={member.image}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </span>
  );
}
