import { Database, Settings } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { ACCOUNT_COPY } from "../own-account-copy";

const PAGES = [
  { to: "/account", label: ACCOUNT_COPY.settingsTitle, icon: Settings },
  { to: "/account/data", label: ACCOUNT_COPY.dataTitle, icon: Database },
] as const;

export type FrameSection = { id: string; label: string };

/**
 * The frame of the member's own pages: a light header band with the page's h1 and the switch
 * between Account settings and Your data, then the page's sections (with an "On this page" list
 * beside them on wide screens).
 */
export function AccountFrame({
  current,
  title,
  intro,
  sections = [],
  children,
}: {
  current: "/account" | "/account/data";
  title: string;
  intro: string;
  sections?: FrameSection[];
  children: ReactNode;
}) {
  return (
    <>
      <header className="border-b border-line bg-surface">
        <div className="container-page py-10 sm:py-14">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-teal-dark">Your account</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
          <p className="mt-3 max-w-2xl text-lg leading-relaxed text-muted">{intro}</p>
          <nav aria-label="Your account pages" className="mt-6">
            <ul className="flex flex-wrap gap-2">
              {PAGES.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    aria-current={current === to ? "page" : undefined}
                    className={cn(
                      "inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors duration-150",
                      "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-violet",
                      current === to ? "border-navy-900 bg-navy-900 text-white" : "border-line bg-white text-ink hover:border-slate-300",
                    )}
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <div className="container-page py-10 sm:py-14">
        <div className={cn("grid gap-10", sections.length > 0 && "lg:grid-cols-[13rem_minmax(0,1fr)]")}>
          {sections.length > 0 && (
            <nav aria-label="On this page" className="hidden lg:block">
              <div className="sticky top-24">
                <p className="text-xs font-semibold uppercase tracking-widest text-muted">On this page</p>
                <ul className="mt-3 grid gap-1 border-l border-line">
                  {sections.map((s) => (
                    <li key={s.id}>
                      <a
                        href={`#${s.id}`}
                        className="-ml-px block border-l-2 border-transparent py-1.5 pl-4 text-sm text-muted hover:border-brand-violet hover:text-ink"
                      >
                        {s.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            </nav>
          )}
          <div className="grid max-w-3xl min-w-0 content-start gap-8">{children}</div>
        </div>
      </div>
    </>
  );
}
