import { Fragment } from "react";
import { cn } from "~/lib/cn";

/**
 * An e-mail address that wraps in a narrow column instead of being cut off: it may break before
 * the @ and before each dot of the domain, and anywhere only when a single part is still too
 * long for the line.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf("@");
  const local = at < 0 ? email : email.slice(0, at);
  const domain = at < 0 ? "" : email.slice(at);
  const parts = domain.split(/(?=\.)/);
  return (
    <span className={cn("[overflow-wrap:break-word]", className)}>
      {local}
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never move
        <Fragment key={index}>
          <wbr />
          {part}
        </Fragment>
      ))}
    </span>
  );
}
