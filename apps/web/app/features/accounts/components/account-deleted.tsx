import { CheckCircle2, Info, Trash2, type LucideIcon } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { signOutLocally } from "~/lib/session/auth-store";
import { ButtonLink } from "~/components/ui/button";
import { ACCOUNT_COPY, ACCOUNT_DELETED_STATE } from "../own-account-copy";

/** One part of the account's fate (what went, what stays) as a titled list. */
function FateList({ icon: Icon, title, items }: { icon: LucideIcon; title: string; items: readonly string[] }) {
  return (
    <>
      <h2 className="mt-8 flex items-center gap-2 text-lg font-semibold">
        <Icon aria-hidden="true" className="size-5 text-muted" />
        {title}
      </h2>
      <ul className="mt-3 grid list-disc gap-1.5 pl-5 text-sm leading-relaxed marker:text-muted">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}

/** Where a person lands after deleting their account: what went, what stays by law, and the ways on. */
export function AccountDeleted() {
  const location = useLocation();
  const justDeleted = (location.state as Record<string, unknown> | null)?.[ACCOUNT_DELETED_STATE] === true;
  // Arrived from the deletion: the server has ended every session; this browser forgets its own now.
  useEffect(() => {
    if (justDeleted) signOutLocally();
  }, [justDeleted]);

  return (
    <div className="bg-surface">
      <div className="container-page py-12 sm:py-16">
        <section
          aria-labelledby="account-deleted-title"
          className="mx-auto max-w-2xl rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-10"
        >
          <span aria-hidden="true" className="inline-flex size-12 items-center justify-center rounded-2xl bg-success-bg text-success">
            <CheckCircle2 className="size-6" />
          </span>
          <h1 id="account-deleted-title" className="mt-5 text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {ACCOUNT_COPY.deletedTitle}
          </h1>
          <p className="mt-3 text-muted">{ACCOUNT_COPY.deletedIntro}</p>

          <FateList icon={Trash2} title={ACCOUNT_COPY.deletedWhatTitle} items={ACCOUNT_COPY.deletedWhat} />
          <FateList icon={Info} title={ACCOUNT_COPY.deletedKeptTitle} items={ACCOUNT_COPY.deletedKept} />
          <p className="mt-3 text-sm text-muted">
            <Link to="/privacy#7-data-retention" className="font-medium text-brand-violet underline underline-offset-2">
              {ACCOUNT_COPY.deletedPrivacy}
            </Link>
          </p>

          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/" size="lg">
              {ACCOUNT_COPY.deletedHome}
            </ButtonLink>
            <ButtonLink to="/signup" size="lg" variant="outline">
              {ACCOUNT_COPY.deletedNewAccount}
            </ButtonLink>
          </div>
          <p className="mt-4 text-sm text-muted">{ACCOUNT_COPY.deletedNewAccountNote}</p>
        </section>
      </div>
    </div>
  );
}
