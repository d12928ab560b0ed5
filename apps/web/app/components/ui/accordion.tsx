import { ChevronDown } from "lucide-react";
import { Accordion as RadixAccordion } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * Radix Accordion with the site's look. Radix gives keyboard support (Enter/Space, arrow keys,
 * Home/End) and aria-expanded/aria-controls on each trigger.
 */
export const Accordion = RadixAccordion.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof RadixAccordion.Item>) {
  return (
    <RadixAccordion.Item
      className={cn("rounded-card border border-line bg-white transition-shadow duration-200 data-[state=open]:shadow-card", className)}
      {...props}
    />
  );
}

type TriggerProps = ComponentProps<typeof RadixAccordion.Trigger> & {
  /** The heading level that wraps the trigger (WAI-ARIA accordion pattern). */
  level?: 3 | 4;
  children: ReactNode;
};

export function AccordionTrigger({ className, children, level = 3, ...props }: TriggerProps) {
  return (
    <RadixAccordion.Header asChild>
      {level === 3 ? (
        <h3 className="flex">
          <TriggerButton className={className} {...props}>
            {children}
          </TriggerButton>
        </h3>
      ) : (
        <h4 className="flex">
          <TriggerButton className={className} {...props}>
            {children}
          </TriggerButton>
        </h4>
      )}
    </RadixAccordion.Header>
  );
}

function TriggerButton({ className, children, ...props }: ComponentProps<typeof RadixAccordion.Trigger>) {
  return (
    <RadixAccordion.Trigger
      className={cn(
        "group flex flex-1 items-center justify-between gap-4 rounded-card px-5 py-4 text-left text-base font-semibold text-ink",
        "transition-colors duration-150 hover:text-brand-violet focus-visible:outline-2 focus-visible:outline-offset-2",
        className,
      )}
      {...props}
    >
      {children}
      <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-muted transition-transform duration-200 ease-out group-data-[state=open]:rotate-180" />
    </RadixAccordion.Trigger>
  );
}

/** Closed panels stay in the markup (display:none), so their text is server-rendered too. */
export function AccordionContent({ className, children, ...props }: ComponentProps<typeof RadixAccordion.Content>) {
  return (
    <RadixAccordion.Content forceMount className={cn("overflow-hidden data-[state=closed]:hidden data-[state=open]:animate-fade-up", className)} {...props}>
      <div className="px-5 pb-5 leading-relaxed text-muted">{children}</div>
    </RadixAccordion.Content>
  );
}
