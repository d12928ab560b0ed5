import { Check, Copy, KeyRound } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import type { WebhookSecretAnswer } from "@vestin/shared/webhooks-core";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";

/**
 * The signing secret of a new or rotated endpoint, shown this once: the server keeps it
 * encrypted and never answers it again, so the admin copies it now or rotates it later.
 */
export function SecretDialog({ answer, rotated, onClose }: { answer: WebhookSecretAnswer | null; rotated: boolean; onClose: () => void }) {
  // How the last copy went, for the secret shown then: a new secret starts without one.
  const [copy, setCopy] = useState<{ answer: WebhookSecretAnswer; result: "yes" | "failed" } | null>(null);
  const copied = copy && copy.answer === answer ? copy.result : null;

  const copySecret = async () => {
    if (!answer) return;
    try {
      await navigator.clipboard.writeText(answer.secret);
      setCopy({ answer, result: "yes" });
    } catch {
      setCopy({ answer, result: "failed" });
    }
  };

  return (
    <Dialog.Root open={answer !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none">
          <Dialog.Title className="flex items-center gap-2 text-lg font-bold text-ink">
            <KeyRound aria-hidden="true" className="size-5 text-brand-violet" />
            {rotated ? "Your new signing secret" : "Endpoint added: copy its signing secret"}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm leading-relaxed text-muted">
            Your receiver uses this secret to check that each delivery comes from Vestin (the <code className="font-mono text-xs">webhook-signature</code>{" "}
            header).
            {answer?.endpoint.format === "slack" && " Slack does not check signatures, so a Slack endpoint can ignore it."}
          </Dialog.Description>
          <Notice tone="notice" className="mt-4">
            <p>
              <strong>This is the only time the secret is shown.</strong> Store it in your receiver&apos;s settings now. If it is lost, rotate the secret and
              store the new one.
              {rotated && " The previous secret no longer signs deliveries."}
            </p>
          </Notice>
          <div className="mt-4">
            <label htmlFor="webhook-secret" className="mb-1 block text-sm font-medium text-ink">
              Signing secret
            </label>
            <div className="flex items-stretch gap-2">
              <input
                id="webhook-secret"
                readOnly
                value={answer?.secret ?? ""}
                onFocus={(event) => event.currentTarget.select()}
                spellCheck={false}
                className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-sm text-ink focus:border-brand-violet focus:outline-none focus:ring-2 focus:ring-brand-violet/20"
              />
              <Button variant="outline" size="sm" className="h-auto" onClick={() => void copySecret()}>
                {copied === "yes" ? <Check aria-hidden="true" className="size-4 text-success" /> : <Copy aria-hidden="true" className="size-4" />}
                {copied === "yes" ? "Copied" : "Copy"}
              </Button>
            </div>
            <p aria-live="polite" className="mt-1 min-h-5 text-xs text-muted">
              {copied === "yes" ? "The secret is on your clipboard." : copied === "failed" ? "Copying failed: select the secret and copy it by hand." : ""}
            </p>
          </div>
          <div className="mt-4 flex justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" size="sm">
                I have stored the secret
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
