import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button";

type ExternalButtonLinkProps = {
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Where the external-link icon stands: after the label (the default) or before it. */
  icon?: "end" | "start";
  children: ReactNode;
};

/**
 * A link styled as a button that opens another site or a document in a new tab, without handing it
 * this page (noopener); the icon shows it, and screen readers hear it.
 */
export function ExternalButtonLink({ href, variant, size, className, icon = "end", children }: ExternalButtonLinkProps) {
  const mark = <ExternalLink aria-hidden="true" className="size-4" />;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClasses(variant, size, className)}>
      {icon === "start" && mark}
      {children}
      {icon === "end" && mark}
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
