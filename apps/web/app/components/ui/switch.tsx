import { Switch as RadixSwitch } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** An on/off switch (role="switch", aria-checked); label it with a <label htmlFor> or aria-labelledby. */
export function Switch({ className, ...props }: ComponentProps<typeof RadixSwitch.Root>) {
  return (
    <RadixSwitch.Root
      className={cn(
        "relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-slate-500 transition-colors duration-200",
        "data-[state=checked]:bg-brand-teal-dark disabled:cursor-not-allowed disabled:opacity-70",
        "focus-visible:outline-2 focus-visible:outline-offset-2",
        className,
      )}
      {...props}
    >
      <RadixSwitch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform duration-200 ease-out data-[state=checked]:translate-x-6" />
    </RadixSwitch.Root>
  );
}
