import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { ACCOUNT_COPY } from "../own-account-copy";

/** What a member's page shows until their data is in: a quiet placeholder, or the error with a retry. */
export function AccountGate({ ready, error, onRetry, children }: { ready: boolean; error: string | null; onRetry: () => void; children: ReactNode }) {
  if (error) {
    return (
      <div className="grid gap-4">
        <Notice tone="danger">
          {ACCOUNT_COPY.loadFailed} {error}
        </Notice>
        <div>
          <Button variant="outline" onClick={onRetry}>
            {ACCOUNT_COPY.tryAgain}
          </Button>
        </div>
      </div>
    );
  }
  if (!ready) {
    return (
      <div role="status" aria-busy="true" className="grid gap-8">
        <span className="sr-only">{ACCOUNT_COPY.loading}</span>
        {[0, 1].map((i) => (
          <div key={i} aria-hidden="true" className="h-48 animate-pulse rounded-card border border-line bg-surface motion-reduce:animate-none" />
        ))}
      </div>
    );
  }
  return <>{children}</>;
}
