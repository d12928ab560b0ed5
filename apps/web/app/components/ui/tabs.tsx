import { ChevronLeft, ChevronRight } from "lucide-react";
import { Tabs as RadixTabs } from "radix-ui";
import { type ComponentProps, useCallback, useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";

/** Radix Tabs (arrow keys move between tabs, roving focus, aria-selected) with the site's look. */
export const Tabs = RadixTabs.Root;

/** How far a scroll button moves the tabs: most of the visible width, so one tab stays in view as a landmark. */
const SCROLL_SHARE = 0.7;

/**
 * The tab bar. When its tabs are wider than the screen it scrolls sideways: a faded edge and an
 * arrow button show on each side that has more tabs, and the selected tab is scrolled into view
 * whenever it changes (also when the page opens on a tab far along). The arrow buttons are for
 * pointers; keyboards move between tabs with the arrow keys, which scrolls them too.
 */
export function TabsList({ className, children, ...props }: ComponentProps<typeof RadixTabs.List>) {
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const scrolledByHand = useRef(() => {});

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const before = list.scrollLeft > 1;
    const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setMore((current) => (current.before === before && current.after === after ? current : { before, after }));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    // Once the person scrolls the bar themselves, it follows them until the selected tab changes.
    let followSelected = true;
    let selected: Element | null = null;
    const showSelected = () => {
      const active = list.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
      if (active !== selected) {
        selected = active;
        followSelected = true;
      }
      if (active && followSelected && list.scrollWidth > list.clientWidth) {
        const start = active.offsetLeft - list.offsetLeft;
        const end = start + active.offsetWidth;
        // Leave room for the faded edge, so the tab is not half under it.
        const edge = 48;
        if (start - edge < list.scrollLeft) list.scrollLeft = Math.max(0, start - edge);
        else if (end + edge > list.scrollLeft + list.clientWidth) list.scrollLeft = end + edge - list.clientWidth;
      }
      measure();
    };
    const stopFollowing = () => {
      followSelected = false;
    };
    showSelected();
    // The tabs change width after the first paint (web fonts, counts that load later).
    const resized = new ResizeObserver(showSelected);
    resized.observe(list);
    for (const tab of list.children) resized.observe(tab);
    const changed = new MutationObserver(showSelected);
    changed.observe(list, { subtree: true, childList: true, characterData: true, attributeFilter: ["data-state"] });
    list.addEventListener("wheel", stopFollowing, { passive: true });
    list.addEventListener("touchstart", stopFollowing, { passive: true });
    scrolledByHand.current = stopFollowing;
    return () => {
      resized.disconnect();
      changed.disconnect();
      list.removeEventListener("wheel", stopFollowing);
      list.removeEventListener("touchstart", stopFollowing);
    };
  }, [measure]);

  const scrollBy = (direction: -1 | 1) => {
    const list = listRef.current;
    if (!list) return;
    scrolledByHand.current();
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    list.scrollBy({ left: direction * list.clientWidth * SCROLL_SHARE, behavior: reduced ? "auto" : "smooth" });
  };

  return (
    <div className="relative max-w-full sm:inline-block">
      <RadixTabs.List
        ref={listRef}
        onScroll={measure}
        className={cn(
          "flex w-full max-w-full gap-1 overflow-x-auto rounded-full border border-line bg-white p-1 [scrollbar-width:none] sm:inline-flex sm:w-auto [&::-webkit-scrollbar]:hidden",
          className,
        )}
        {...props}
      >
        {children}
      </RadixTabs.List>
      {more.before && <ScrollEdge side="before" onClick={() => scrollBy(-1)} />}
      {more.after && <ScrollEdge side="after" onClick={() => scrollBy(1)} />}
    </div>
  );
}

/** A faded edge of the tab bar with an arrow button: there are more tabs this way. */
function ScrollEdge({ side, onClick }: { side: "before" | "after"; onClick: () => void }) {
  const Icon = side === "before" ? ChevronLeft : ChevronRight;
  return (
    <div
      className={cn(
        "pointer-events-none absolute inset-y-px flex w-14 items-center",
        side === "before"
          ? "left-px justify-start rounded-l-full bg-linear-to-r from-white from-55% to-transparent pl-1"
          : "right-px justify-end rounded-r-full bg-linear-to-l from-white from-55% to-transparent pr-1",
      )}
    >
      <button
        type="button"
        tabIndex={-1}
        aria-label={side === "before" ? "Show earlier tabs" : "Show more tabs"}
        onClick={onClick}
        className="pointer-events-auto inline-flex size-8 items-center justify-center rounded-full border border-line bg-white text-ink shadow-sm hover:bg-surface"
      >
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        "inline-flex h-10 flex-1 shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-full px-2 text-sm font-semibold text-muted transition-colors duration-150 sm:flex-none",
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
