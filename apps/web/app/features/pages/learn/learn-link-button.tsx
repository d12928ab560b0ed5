import { ArrowRight } from "lucide-react";
import { ButtonLink, type ButtonVariant } from "~/components/ui/button";
import type { LearnLink } from "~/content/learning-pages";

/** A content link as a button; the primary one carries an arrow. */
export function LearnLinkButton({ link, variant = "primary", arrow = variant === "primary" }: { link: LearnLink; variant?: ButtonVariant; arrow?: boolean }) {
  return (
    <ButtonLink to={link.href} variant={variant} size="lg">
      {link.label}
      {arrow && <ArrowRight aria-hidden="true" className="size-4" />}
    </ButtonLink>
  );
}
