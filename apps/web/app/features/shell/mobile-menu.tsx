import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { ECOSYSTEM_LINKS, LEARN_LINKS, LEARN_MORE_LINKS, RESOURCE_LINKS, type NavLink } from "@vestin/shared/navigation";
import { Logo } from "~/components/layout/logo";
import { PlatformTeaser } from "~/components/layout/platform-teaser";
import { MobileAccountActions } from "~/features/accounts";
import { MY_LEARNING_COPY, MY_LEARNING_PATH } from "~/features/my-learning";
import { useIsAuthenticated } from "~/lib/session/auth-store";

function Section({ title, links, onNavigate }: { title: string; links: NavLink[]; onNavigate: () => void }) {
  return (
    <section aria-label={title} className="border-t border-line py-4">
      <h2 className="px-2 text-xs font-semibold uppercase tracking-widest text-muted">{title}</h2>
      <ul className="mt-2 grid gap-0.5">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={onNavigate} className="block rounded-xl px-2 py-2.5 text-base font-medium hover:bg-surface">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The slide-in menu for small screens; mirrors the desktop header. Focus is trapped while open. */
export function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { pathname } = useLocation();
  const isAuthenticated = useIsAuthenticated();
  const close = () => onOpenChange(false);
  // Navigating closes the menu. It mounts when first opened, so only a change of page counts.
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    onOpenChange(false);
  }, [pathname, onOpenChange]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-sm" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col bg-white text-ink shadow-2xl animate-slide-in focus:outline-none"
          aria-describedby={undefined}
        >
          <div className="flex h-16 items-center justify-between border-b border-line px-4">
            <Dialog.Title asChild>
              <span>
                <span className="sr-only">Menu</span>
                <Logo tone="light" />
              </span>
            </Dialog.Title>
            <Dialog.Close className="inline-flex size-11 items-center justify-center rounded-full hover:bg-slate-100" aria-label="Close menu">
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-3 pb-6">
            <section aria-label="Platform" className="py-3">
              <h2 className="px-2 text-xs font-semibold uppercase tracking-widest text-muted">Platform</h2>
              <PlatformTeaser />
            </section>
            <Section
              title="Learn"
              links={[
                ...LEARN_LINKS,
                { label: "Courses", to: "/learn/courses" },
                ...LEARN_MORE_LINKS,
                ...(isAuthenticated ? [{ label: MY_LEARNING_COPY.navLabel, to: MY_LEARNING_PATH }] : []),
              ]}
              onNavigate={close}
            />
            <Section title="Ecosystem" links={ECOSYSTEM_LINKS} onNavigate={close} />
            <Section title="Resources" links={RESOURCE_LINKS} onNavigate={close} />
          </div>
          <div className="border-t border-line p-4">
            <MobileAccountActions onNavigate={close} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
