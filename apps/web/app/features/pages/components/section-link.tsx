import type { ReactNode } from "react";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { scrollToSection } from "../hooks/scroll-to-section";

type SectionLinkProps = {
  /** Id of the section on this page. */
  target: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
};

/** A button-styled in-page link: a plain #anchor without JavaScript, a smooth scroll with it. */
export function SectionLink({ target, children, variant, size, className }: SectionLinkProps) {
  return (
    <a
      href={`#${target}`}
      className={buttonClasses(variant, size, className)}
      onClick={(event) => {
        if (scrollToSection(target)) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}
