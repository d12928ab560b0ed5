import { useState, type FormEvent } from "react";
import { fieldErrors, pioneerClaimSchema } from "@vestin/shared/leads";
import { WALLET_MESSAGES, type ClaimStatus } from "@vestin/shared/wallet-core";
import { FormGuardFields } from "~/components/form-guard/form-guard-fields";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { verificationPageCopy as copy } from "~/content/airdrop";
import { WalletVerify, type VerifiedWallet } from "~/features/wallet/components/wallet-verify";
import { useFormGuard } from "~/lib/form-guard";
import { submitClaim } from "../api/leads-api";
import { useFocusFirstError } from "../hooks/use-form-focus";
import { storeLeadEmail } from "../stored-email";
import { ClaimResultDialog } from "./claim-result-dialog";

type ClaimForm = Record<"zealyUsername" | "walletAddress" | "email" | "tgAccount", string>;
const EMPTY: ClaimForm = { zealyUsername: "", walletAddress: "", email: "", tgAccount: "" };

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The airdrop claim (spec sections 4, 5, 8): four required fields, then the full-screen result.
 * The wallet address is proven by a signature (issue #16) bound to the Zealy username typed above
 * it, so changing either after signing drops the proof.
 */
export function VerificationForm() {
  const [form, setForm] = useState<ClaimForm>(EMPTY);
  const [proof, setProof] = useState<VerifiedWallet | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ open: boolean; claimStatus?: ClaimStatus | undefined; message?: string | undefined }>({ open: false });
  const { ref, focusFirstError } = useFocusFirstError<HTMLFormElement>();
  const guard = useFormGuard();

  const clearError = (key: string) =>
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _removed, ...rest } = e;
      return rest;
    });

  const update = (key: keyof ClaimForm, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    // The signature names the username and the address: another one needs a new signature.
    if (key === "zealyUsername" || key === "walletAddress") setProof(null);
    clearError(key);
  };

  const canSign = () => {
    if (form.zealyUsername.trim()) return true;
    const found = { zealyUsername: WALLET_MESSAGES.usernameRequired };
    setErrors((e) => ({ ...e, ...found }));
    focusFirstError(found);
    return false;
  };

  const walletVerified = (wallet: VerifiedWallet) => {
    setForm((f) => ({ ...f, walletAddress: wallet.address }));
    setProof(wallet);
    clearError("walletAddress");
    setFailure(null);
  };

  const forgetWallet = () => {
    setProof(null);
    setForm((f) => ({ ...f, walletAddress: "" }));
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
    if (!proof || !sameAddress(proof.address, form.walletAddress)) {
      const found = { walletAddress: WALLET_MESSAGES.proofRequired };
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setBusy(true);
    const walletProof = { message: proof.message, signature: proof.signature };
    const answer = guard.settle(await submitClaim({ ...form, walletProof, ...(await guard.prepare()) }));
    setBusy(false);
    if (!answer.ok) {
      setFailure(answer.message);
      if (answer.errors) {
        // A refused signature (expired, used, not the linked wallet …) cannot be sent again.
        if (answer.errors.walletAddress) setProof(null);
        setErrors(answer.errors);
        focusFirstError(answer.errors);
      }
      return;
    }
    storeLeadEmail(parsed.data.email);
    setResult({ open: true, claimStatus: answer.claimStatus, message: answer.message });
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
      <form ref={ref} noValidate onSubmit={(e) => void submit(e)} className="grid gap-5">
        <Field
          label={copy.zealyUsernameLabel}
          name="zealyUsername"
          data-field="zealyUsername"
          autoComplete="username"
          placeholder={copy.zealyUsernamePlaceholder}
          required
          value={form.zealyUsername}
          error={errors.zealyUsername}
          onChange={(e) => update("zealyUsername", e.target.value)}
        />
        <div className="grid gap-3">
          <Field
            id="claim-walletAddress"
            label={copy.walletAddressLabel}
            name="walletAddress"
            data-field="walletAddress"
            autoComplete="off"
            spellCheck={false}
            placeholder={copy.walletAddressPlaceholder}
            required
            hint={proof ? undefined : copy.walletAddressHint}
            className="[&_input]:font-mono"
            value={form.walletAddress}
            error={errors.walletAddress}
            onChange={(e) => update("walletAddress", e.target.value)}
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
            onFieldErrors={(found) => {
              setErrors((e) => ({ ...e, ...found }));
              focusFirstError(found);
            }}
          />
        </div>
        <Field
          label={copy.emailLabel}
          type="email"
          name="email"
          data-field="email"
          autoComplete="email"
          placeholder={copy.emailPlaceholder}
          required
          value={form.email}
          error={errors.email}
          onChange={(e) => update("email", e.target.value)}
        />
        <Field
          label={copy.tgAccountLabel}
          name="tgAccount"
          data-field="tgAccount"
          placeholder={copy.tgAccountPlaceholder}
          required
          value={form.tgAccount}
          error={errors.tgAccount}
          onChange={(e) => update("tgAccount", e.target.value)}
        />
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
