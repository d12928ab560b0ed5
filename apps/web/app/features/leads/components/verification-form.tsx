import { useState, type FormEvent } from "react";
import { WALLET_MESSAGES, type ClaimStatus } from "@vestin/shared/wallet-core";
import { FormGuardFields } from "~/components/form-guard/form-guard-fields";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { verificationPageCopy as copy } from "~/content/airdrop";
import { WalletVerify, type VerifiedWallet } from "~/features/wallet";
import { useFormGuard } from "~/lib/form-guard";
import { prepareLeadSchemas, schemasForCheck } from "../validation";
import { submitClaim } from "../api/leads-api";
import { useLeadForm } from "../hooks/use-lead-form";
import { storeLeadEmail } from "../stored-email";
import { ClaimResultDialog } from "./claim-result-dialog";

type ClaimForm = Record<"zealyUsername" | "walletAddress" | "email" | "tgAccount", string>;
const EMPTY: ClaimForm = { zealyUsername: "", walletAddress: "", email: "", tgAccount: "" };

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The airdrop claim: four required fields, then the full-screen result.
 * The wallet address is proven by a signature bound to the Zealy username typed above
 * it, so changing either after signing drops the proof.
 */
export function VerificationForm() {
  const [proof, setProof] = useState<VerifiedWallet | null>(null);
  const { ref, form, setForm, setErrors, showErrors, clearErrors, focusFirstError, field } = useLeadForm(EMPTY, {
    // The signature names the username and the address: another one needs a new signature.
    afterEdit: (key) => {
      if (key === "zealyUsername" || key === "walletAddress") setProof(null);
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ open: boolean; claimStatus?: ClaimStatus | undefined; message?: string | undefined }>({ open: false });
  const guard = useFormGuard();

  /** Adds these errors to those shown and moves the focus to the first of them. */
  const addErrors = (found: Record<string, string>) => {
    setErrors((e) => ({ ...e, ...found }));
    focusFirstError(found);
  };

  const canSign = () => {
    if (form.zealyUsername.trim()) return true;
    addErrors({ zealyUsername: WALLET_MESSAGES.usernameRequired });
    return false;
  };

  const walletVerified = (wallet: VerifiedWallet) => {
    setForm((f) => ({ ...f, walletAddress: wallet.address }));
    setProof(wallet);
    clearErrors(["walletAddress"]);
    setFailure(null);
  };

  const forgetWallet = () => {
    setProof(null);
    setForm((f) => ({ ...f, walletAddress: "" }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await schemasForCheck();
    if (!schemas) return;
    const { airdropClaimSchema, fieldErrors } = schemas;
    if (busy) return;
    setFailure(null);
    const parsed = airdropClaimSchema.safeParse(form);
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    if (!proof || !sameAddress(proof.address, form.walletAddress)) return showErrors({ walletAddress: WALLET_MESSAGES.proofRequired });
    setBusy(true);
    const walletProof = { message: proof.message, signature: proof.signature };
    const answer = guard.settle(await submitClaim({ ...form, walletProof, ...(await guard.prepare()) }));
    setBusy(false);
    if (!answer.ok) {
      setFailure(answer.message);
      if (answer.errors) {
        // A refused signature (expired, used, not the linked wallet …) cannot be sent again.
        if (answer.errors.walletAddress) setProof(null);
        showErrors(answer.errors);
      }
      return;
    }
    storeLeadEmail(parsed.data.email);
    setResult({ open: true, claimStatus: answer.data.claimStatus, message: answer.data.message });
  };

  const closeResult = () => {
    setResult({ open: false });
    setForm(EMPTY);
    setProof(null);
    setErrors({});
    setFailure(null);
  };

  return (
    <>
      <form ref={ref} noValidate onSubmit={(e) => void submit(e)} onFocus={prepareLeadSchemas} className="grid gap-5">
        <Field label={copy.zealyUsernameLabel} autoComplete="username" placeholder={copy.zealyUsernamePlaceholder} required {...field("zealyUsername")} />
        <div className="grid gap-3">
          <Field
            id="claim-walletAddress"
            label={copy.walletAddressLabel}
            autoComplete="off"
            spellCheck={false}
            placeholder={copy.walletAddressPlaceholder}
            required
            hint={proof ? undefined : copy.walletAddressHint}
            className="[&_input]:font-mono"
            {...field("walletAddress")}
          />
          <WalletVerify
            id="claim-walletAddress"
            purpose="airdrop-claim"
            zealyUsername={form.zealyUsername}
            actionLabel={WALLET_MESSAGES.verifyClaim}
            verified={proof}
            onVerified={walletVerified}
            onReset={forgetWallet}
            canStart={canSign}
            onFieldErrors={addErrors}
          />
        </div>
        <Field label={copy.emailLabel} type="email" autoComplete="email" placeholder={copy.emailPlaceholder} required {...field("email")} />
        <Field label={copy.tgAccountLabel} placeholder={copy.tgAccountPlaceholder} required {...field("tgAccount")} />
        <FormGuardFields guard={guard} />
        {failure && <Notice tone="danger">{failure}</Notice>}
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? copy.submittingLabel : copy.submitLabel}
        </Button>
      </form>
      <ClaimResultDialog open={result.open} claimStatus={result.claimStatus} serverMessage={result.message} onClose={closeResult} />
    </>
  );
}
