import { cn } from "~/lib/cn";
import { AuthorAvatar } from "./author-avatar";

/** An author's photo (square, uploaded or linked), or their initials when they have none. */
export function AuthorPhoto({ name, photoUrl, size = "md" }: { name: string; photoUrl: string; size?: "md" | "lg" | "xl" }) {
  if (!photoUrl) return size === "xl" ? <AuthorAvatar name={name} size="lg" /> : <AuthorAvatar name={name} size={size} />;
  const px = size === "xl" ? 128 : size === "lg" ? 56 : 40;
  return (
    <img
      src={photoUrl}
      alt=""
      width={px}
      height={px}
      decoding="async"
      className={cn("shrink-0 rounded-full bg-surface object-cover", size === "xl" ? "size-24 sm:size-32" : size === "lg" ? "size-14" : "size-10")}
    />
  );
}
