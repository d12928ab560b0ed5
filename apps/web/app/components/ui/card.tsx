import { createElement, type HTMLAttributes } from "react";
import { cn } from "~/lib/cn";

type CardProps = HTMLAttributes<HTMLElement> & {
  /** "plain" on white reading areas, "dark" on navy sections. */
  tone?: "plain" | "dark";
  /** Use a list item when cards sit in a <ul>. */
  as?: "div" | "li" | "article" | "section";
};

/** A soft-bordered, rounded surface with the card shadow. */
export function Card({ tone = "plain", as = "div", className, ...props }: CardProps) {
  return createElement(as, {
    className: cn("rounded-card border", tone === "dark" ? "border-white/10 bg-white/[0.04] text-white" : "border-line bg-white shadow-card", className),
    ...props,
  });
}
