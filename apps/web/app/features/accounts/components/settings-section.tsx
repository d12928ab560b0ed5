import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Notice } from "~/components/ui/notice";
import { cn } from "~/lib/cn";
import { ACCOUNT_COPY } from "../own-account-copy";

/** One card of the account pages, named by its h2 (a landmark region for screen readers). */
export function SettingsSection({
  id,
  title,
  intro,
  tone = "plain",
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  tone?: "plain" | "danger";
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} id={id} className={cn("scroll-mt-24 p-6 sm:p-8", tone === "danger" && "border-red-200")}>
      <h2 id={`${id}-title`} className={cn("text-xl font-bold tracking-tight", tone === "danger" && "text-danger")}>
        {title}
      </h2>
      {intro && <div className="mt-2 leading-relaxed text-muted">{intro}</div>}
      <div className="mt-6">{children}</div>
    </Card>
  );
}

export type SectionStatus = { tone: "success" | "danger"; text: string } | null;

/** A section's outcome beside its Save button, in a live region that is always in the page. */
export function SectionStatusMessage({ status, testId }: { status: SectionStatus; testId?: string }) {
  return (
    <div aria-live="polite" data-testid={testId}>
      {status && <Notice tone={status.tone}>{status.text}</Notice>}
    </div>
  );
}

/** A section's own data on its way, or why it could not be read with a way to ask again. */
export function SectionLoading({ error, onRetry, text }: { error: string | null; onRetry: () => void; text: string }) {
  if (!error) {
    return (
      <p role="status" className="text-sm text-muted">
        {text}
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <Notice tone="danger">{error}</Notice>
      <div>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {ACCOUNT_COPY.tryAgain}
        </Button>
      </div>
    </div>
  );
}
