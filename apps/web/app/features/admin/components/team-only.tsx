import { LockKeyhole } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { Logo } from "~/components/layout/logo";
import { Button, ButtonLink } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { signOut } from "~/lib/session/auth-store";
import { signInPath } from "~/lib/session/redirects";

/** The frame of what the console shows instead of itself: the logo bar and one centred card. */
export function ConsoleAccessPanel({
  id,
  icon,
  title,
  children,
  actions,
  wide = false,
}: {
  id: string;
  icon: ReactNode;
  title: ReactNode;
  children: ReactNode;
  actions: ReactNode;
  /** Room for two full-size buttons side by side. */
  wide?: boolean;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <div className="bg-navy-950 px-4 py-3">
        <ButtonLink to="/" variant="ghost" size="sm" className="px-0 hover:bg-transparent" aria-label="Vestin home">
          <Logo className="[&_span]:text-lg [&_svg]:size-7" />
        </ButtonLink>
      </div>
      <div className="flex flex-1 items-center justify-center px-4 py-16">
        <section
          aria-labelledby={id}
          className={cn("w-full rounded-xl border border-line bg-white p-6 text-center shadow-card sm:p-8", wide ? "max-w-lg" : "max-w-md")}
        >
          <span aria-hidden="true" className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-slate-100 text-navy-900">
            {icon}
          </span>
          <h1 id={id} className="mt-4 text-2xl font-bold tracking-tight text-balance text-ink">
            {title}
          </h1>
          <div className="mt-3 text-sm leading-relaxed text-muted">{children}</div>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">{actions}</div>
        </section>
      </div>
    </div>
  );
}

/** What a signed-in visitor without the admin role sees instead of the console. No data is loaded. */
export function TeamOnly({ email }: { email: string | undefined }) {
  const navigate = useNavigate();
  const switchAccount = async () => {
    await signOut();
    await navigate(signInPath("/admin"));
  };
  return (
    <ConsoleAccessPanel
      id="team-only-title"
      icon={<LockKeyhole className="size-6" />}
      title="This area is for the Vestin team"
      actions={
        <>
          <ButtonLink to="/" variant="secondary" size="sm">
            Back to the site
          </ButtonLink>
          <Button variant="outline" size="sm" onClick={() => void switchAccount()}>
            Use another account
          </Button>
        </>
      }
    >
      <p>
        You are signed in
        {email ? (
          <>
            {" "}
            as <strong className="text-ink [overflow-wrap:anywhere]">{email}</strong>
          </>
        ) : null}
        , but this account does not have access to the team console. If you work at Vestin, ask an administrator to give your account access.
      </p>
    </ConsoleAccessPanel>
  );
}

/** While the browser reads the stored session: nothing to show yet, and nothing from the server. */
export function CheckingAccess() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-surface" role="status" aria-live="polite">
      <span className="flex flex-col items-center gap-3 text-sm text-muted">
        <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-violet" />
        Checking your access…
      </span>
    </div>
  );
}
