import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "~/components/layout/logo";

/** The frame of the account screens: a calm card on a soft background. */
export function AuthCard({ title, subtitle, children, aside }: { title: string; subtitle?: ReactNode; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="bg-surface">
      <div className="container-page grid items-start gap-10 py-12 sm:py-16 lg:grid-cols-[1fr_28rem] lg:gap-16">
        <div className="order-2 lg:order-1">{aside}</div>
        <section className="order-1 w-full rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-8 lg:order-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-2 text-muted">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </section>
      </div>
    </div>
  );
}

/** The standalone frame (no header or footer) of the forgot/reset password screens. */
export function BareAuthFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-surface px-4 py-12">
      <Link to="/" aria-label="Vestin home" className="mb-8 rounded-lg">
        <Logo tone="light" />
      </Link>
      <section className="w-full max-w-md rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-8">{children}</section>
    </div>
  );
}

export function OrDivider() {
  return (
    <div data-testid="or-divider" className="my-6 flex items-center gap-3 text-xs font-medium uppercase tracking-widest text-muted">
      <span className="h-px flex-1 bg-line" /> or <span className="h-px flex-1 bg-line" />
    </div>
  );
}
