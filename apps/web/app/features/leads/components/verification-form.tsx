import { useState, type FormEvent } from "react";
import { fieldErrors, pioneerClaimSchema } from "@vestin/shared/leads";
import { FormGuardFields } from "~/components/form-guard/form-guard-fields";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { verificationPageCopy as copy } from "~/content/airdrop";
import { useFormGuard } from "~/lib/form-guard";
import { submitClaim } from "../api/leads-api";
import { useFocusFirstError } from "../hooks/use-form-focus";
import { storeLeadEmail } from "../stored-email";
import { ClaimResultDialog } from "./claim-result-dialog";

type ClaimForm = Record<"zealyUsername" | "walletAddress" | "email" | "tgAccount", string>;
const EMPTY: ClaimForm = { zealyUsername: "", walletAddress: "", email: "", tgAccount: "" };

/** The airdrop claim (spec sections 4, 5, 8): four required fields, then the full-screen result. */
export function VerificationForm() {
  const [form, setForm] = useState<ClaimForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resultOpen, setResultOpen] = useState(false);
  const { ref, focusFirstError } = useFocusFirstError<HTMLFormElement>();
  const guard = useFormGuard();

  const update = (key: keyof ClaimForm, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = pioneerClaimSchema.safeParse(form);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setBusy(true);
    const result = guard.settle(await submitClaim({ ...form, ...(await guard.prepare()) }));
    setBusy(false);
    if (!result.ok) {
      setFailure(result.message);
      if (result.errors) {
        setErrors(result.errors);
        focusFirstError(result.errors);
      }
      return;
    }
    storeLeadEmail(parsed.data.email);
    setResultOpen(true);
  };

  const closeResult = () => {
    setResultOpen(false);
    setForm(EMPTY);
    setErrors({});
    setFailure(null);
  };

  return (
    <>
      <form ref={ref} noValidate onSubmit={(e) => void submit(e)} className="grid gap-5">
        <Field label={copy.zealyUsernameLabel} name="zealyUsername" data-field="zealyUsername" autoComplete="username" placeholder={copy.zealyUsernamePlaceholder} required value={form.zealyUsername} error={errors.zealyUsername} onChange={(e) => update("zealyUsername", e.target.value)} />
        <Field
          label={copy.walletAddressLabel}
          name="walletAddress"
          data-field="walletAddress"
          autoComplete="off"
          spellCheck={false}
          placeholder={copy.walletAddressPlaceholder}
          required
          className="[&_input]:font-mono"
          value={form.walletAddress}
          error={errors.walletAddress}
          onChange={(e) => update("walletAddress", e.target.value)}
        />
        <Field label={copy.emailLabel} type="email" name="email" data-field="email" autoComplete="email" placeholder={copy.emailPlaceholder} required value={form.email} error={errors.email} onChange={(e) => update("email", e.target.value)} />
        <Field label={copy.tgAccountLabel} name="tgAccount" data-field="tgAccount" placeholder={copy.tgAccountPlaceholder} required value={form.tgAccount} error={errors.tgAccount} onChange={(e) => update("tgAccount", e.target.value)} />
        <FormGuardFields guard={guard} />
        {failure && <Notice tone="danger">{failure}</Notice>}
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? copy.submittingLabel : copy.submitLabel}
        </Button>
      </form>
      <ClaimResultDialog open={resultOpen} onClose={closeResult} />
    </>
  );
}
