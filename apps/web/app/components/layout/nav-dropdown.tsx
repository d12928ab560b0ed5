import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { NAV_TIMING, type NavLink } from "@vestin/shared/navigation";
import { cn } from "~/lib/cn";

type NavDropdownProps = {
  label: string;
  links?: NavLink[];
  children?: ReactNode;
  /** ms before the menu closes once the pointer leaves (spec: 100, submenus 50). */
  closeDelay?: number;
  align?: "left" | "right";
  tone?: "dark" | "light";
  onPointerEnterItem?: () => void;
};

/**
 * A disclosure menu for the header: opens on hover, focus or click, closes a moment after the
 * pointer leaves, on Escape (focus returns to the button), or when focus leaves it.
 */
export function NavDropdown({
  label,
  links,
  children,
  closeDelay = NAV_TIMING.dropdownCloseDelay,
  align = "left",
  tone = "dark",
  onPointerEnterItem,
}: NavDropdownProps) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A click right after the hover that opened the menu must not close it again.
  const hoverOpenedAt = useRef(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const cancelClose = () => clearTimeout(timer.current);
  const scheduleClose = () => {
    cancelClose();
    timer.current = setTimeout(() => setOpen(false), closeDelay);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only hears what bubbles from its button and links (hover opens the panel, Escape and focus leaving close it); the control people and assistive technology use is the button, with aria-expanded.
    <div
      ref={rootRef}
      className="relative"
      onPointerEnter={(e) => {
        if (e.pointerType === "touch") return;
        cancelClose();
        if (!open) hoverOpenedAt.current = Date.now();
        setOpen(true);
        onPointerEnterItem?.();
      }}
      onPointerLeave={(e) => {
        if (e.pointerType === "touch") return;
        scheduleClose();
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (Date.now() - hoverOpenedAt.current < 600) setOpen(true);
          else setOpen((v) => !v);
        }}
        className={cn(
          "inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-medium transition-colors",
          tone === "dark" ? "text-slate-200 hover:text-white" : "text-ink hover:bg-slate-100",
          open && (tone === "dark" ? "text-white" : "bg-slate-100"),
        )}
      >
        {label}
        <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-180")} />
      </button>
      <div id={panelId} hidden={!open} className={cn("absolute top-full z-50 pt-2", align === "right" ? "right-0" : "left-0")}>
        <div className="min-w-64 rounded-2xl border border-line bg-white p-2 text-ink shadow-xl animate-fade-up">
          {links && (
            <ul className="grid gap-0.5">
              {links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} onClick={() => setOpen(false)} className="block rounded-xl px-3 py-2.5 hover:bg-surface focus-visible:bg-surface">
                    <span className="block text-sm font-semibold">{link.label}</span>
                    {link.description && <span className="block text-xs text-muted">{link.description}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {children}
        </div>
      </div>
    </div>
  );
}
