import { Tabs as RadixTabs } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** Radix Tabs (arrow keys move between tabs, roving focus, aria-selected) with the site's look. */
export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn("flex w-full gap-1 overflow-x-auto rounded-full border border-line bg-white p-1 sm:inline-flex sm:w-auto", className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        "inline-flex h-10 flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-full px-2 text-sm font-semibold text-muted transition-colors duration-150 sm:flex-none",
        "hover:text-ink data-[state=active]:bg-navy-900 data-[state=active]:text-white data-[state=active]:shadow-sm",
        "focus-visible:outline-2 focus-visible:outline-offset-2 min-[400px]:px-3 sm:px-5",
        className,
      )}
      {...props}
    />
  );
}

/**
 * Panels stay mounted (inactive ones are display:none), so every panel's text is in the
 * server-rendered HTML.
 */
export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return (
    <RadixTabs.Content
      forceMount
      className={cn("mt-8 focus-visible:outline-2 focus-visible:outline-offset-4 data-[state=active]:animate-fade-up data-[state=inactive]:hidden", className)}
      {...props}
    />
  );
}
