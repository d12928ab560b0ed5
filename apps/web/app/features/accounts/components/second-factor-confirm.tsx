import type { FormEvent } from "react";
import type { SecondStepProof } from "../api/accounts-api";
import { SecondFactorField } from "./second-factor-field";
import { useProofSubmit } from "./use-proof-submit";
import { useSecondFactorProof } from "./use-second-factor-proof";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { cn } from "~/lib/cn";
import type { ApiResult } from "~/lib/api-client";
import { ACCOUNT_COPY } from "../own-account-copy";

/**
 * A change that needs a current code first (new recovery codes, turning it off): the code from
 * the app, or a recovery code, checked by the server; a wrong one is named on the field.
 */
export function SecondFactorConfirm<T>({
  title,
  intro,
  confirmLabel,
  busyLabel,
  tone = "plain",
  send,
  onDone,
  onCancel,
}: {
  title: string;
  intro: string;
  confirmLabel: string;
  busyLabel: string;
  tone?: "plain" | "danger";
  send: (proof: SecondStepProof) => Promise<ApiResult<T>>;
  onDone: (data: T) => void;
  onCancel: () => void;
}) {
  const proof = useSecondFactorProof();
  const { message, busy, ...sending } = useProofSubmit(proof);

  const submit = async (event: FormEvent) => {
    const refusal = await sending.submit(event, send, onDone);
    if (refusal) sending.refused(refusal);
  };

  return (
    // POST, should the form ever be sent without its scripts: a code never goes into an address.
    <form
      method="post"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={title}
      className={cn("grid gap-5 rounded-xl border p-4 sm:p-6", tone === "danger" ? "border-red-200 bg-danger-bg/40" : "border-line bg-surface")}
    >
      <div>
        <h3 className="font-semibold">{title}</h3>
        <p className="mt-1 text-sm leading-relaxed text-muted">{intro}</p>
      </div>
      <SecondFactorField {...proof.field} autoFocus codeLabel={ACCOUNT_COPY.confirmLabel} />
      {message && <Notice tone="danger">{message}</Notice>}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          type="submit"
          variant={tone === "danger" ? "outline" : "primary"}
          className={tone === "danger" ? "border-red-300 text-danger hover:border-danger hover:bg-danger-bg" : undefined}
          disabled={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {ACCOUNT_COPY.cancel}
        </Button>
      </div>
    </form>
  );
}
