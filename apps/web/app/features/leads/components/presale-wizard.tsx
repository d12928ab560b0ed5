import { Check } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { PresaleInput } from "@vestin/shared/leads";
import { LEAD_MESSAGES, PRESALE_STEP_FIELDS, type PresaleField } from "@vestin/shared/leads-core";
import { WALLET_MESSAGES } from "@vestin/shared/wallet-core";
import { FormGuardFields } from "~/components/form-guard/form-guard-fields";
import { Button } from "~/components/ui/button";
import { FieldError, inputClasses } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { presalePageCopy, presaleSteps } from "~/content/presale";
import { cn } from "~/lib/cn";
import { useFormGuard } from "~/lib/form-guard";
import { WalletVerify, type VerifiedWallet } from "~/features/wallet";
import { presaleWizardCopy } from "../copy";
import { useLeadForm } from "../hooks/use-lead-form";
import { usePresaleRequest } from "../hooks/use-presale-request";
import { storeReferralCode } from "~/features/referrals";
import { storeLeadEmail } from "../stored-email";
import { prepareLeadSchemas, schemasForCheck } from "../validation";
import { ChoiceCard } from "./form-fields";

const TOTAL = presaleSteps.length;
const EMPTY = Object.fromEntries(PRESALE_STEP_FIELDS.map((f) => [f, ""])) as Record<PresaleField, string>;

/** The 7-step presale questionnaire: one question per step, validated before moving on. */
export function PresaleWizard() {
  const navigate = useNavigate();
  const [step, setStep] = useState(1);
  /** Step 3's optional proof that the wallet is the person's; a hand-typed address is stored unverified. */
  const [proof, setProof] = useState<VerifiedWallet | null>(null);
  const guard = useFormGuard();
  const request = usePresaleRequest(guard);
  const {
    ref,
    form: values,
    setForm: setValues,
    errors,
    setErrors,
    clearErrors,
    focusFirstError,
    update,
  } = useLeadForm(EMPTY, {
    afterEdit: (name) => {
      // The signature proves one address: an edited one is unverified again.
      if (name === "walletAddress") setProof(null);
      request.clearError();
    },
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const current = presaleSteps[step - 1] ?? presaleSteps[0];
  if (!current) throw new Error("the presale steps are missing");
  const field = current.field;
  const error = errors[field];
  const percent = Math.round((step / TOTAL) * 100);
  const errorId = `presale-${field}-error`;
  const helpId = `presale-${field}-help`;
  const unverifiedId = "presale-walletAddress-unverified";
  const typedByHand = field === "walletAddress" && values.walletAddress.trim() !== "" && !proof;

  // After Next or Back, the new question's heading takes the focus (not on first load).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step is the trigger, not an input: the heading is the same element from step to step, so the effect must run again when the step changes
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    moved.current = true;
    setStep(next);
  };

  const walletVerified = (wallet: VerifiedWallet) => {
    setValues((v) => ({ ...v, walletAddress: wallet.address }));
    setProof(wallet);
    clearErrors(["walletAddress"]);
    request.clearError();
  };

  const forgetWallet = () => {
    setProof(null);
    setValues((v) => ({ ...v, walletAddress: "" }));
  };

  const submit = async () => {
    const proven =
      proof && proof.address.toLowerCase() === values.walletAddress.trim().toLowerCase()
        ? { walletProof: { message: proof.message, signature: proof.signature } }
        : {};
    const input = { ...(values as unknown as PresaleInput), ...proven };
    const result = await request.submit(input);
    if (result.ok) {
      storeLeadEmail(values.email.trim().toLowerCase());
      storeReferralCode("presale", result.data.referralCode);
      toast.success(LEAD_MESSAGES.presaleSuccessToast);
      void navigate("/presale/success");
      return;
    }
    toast.error(LEAD_MESSAGES.presaleFailureToast);
    // A refusal about one answer (e-mail or wallet already registered) goes back to its step.
    // A refused signature (expired, already used …) cannot be sent again: the address goes back to unverified.
    if (result.errors?.walletAddress) setProof(null);
    const refused = PRESALE_STEP_FIELDS.findIndex((f) => result.errors?.[f]);
    if (refused >= 0 && result.errors) {
      const name = PRESALE_STEP_FIELDS[refused] as PresaleField;
      const found = { [name]: result.errors[name] as string };
      setErrors(found);
      if (refused + 1 !== step) goTo(refused + 1);
      else focusFirstError(found);
    }
  };

  const next = async (event: FormEvent) => {
    event.preventDefault();
    if (request.isLoading) return;
    const schemas = await schemasForCheck();
    if (!schemas) return;
    const { presaleFieldError } = schemas;
    const message = presaleFieldError(field, values[field]);
    if (message) {
      setErrors((e) => ({ ...e, [field]: message }));
      focusFirstError({ [field]: message });
      return;
    }
    if (step < TOTAL) goTo(step + 1);
    else void submit();
  };

  const describedBy =
    [error ? errorId : undefined, current.helpText ? helpId : undefined, typedByHand ? unverifiedId : undefined].filter(Boolean).join(" ") || undefined;

  return (
    <form
      ref={ref}
      noValidate
      onSubmit={(e) => void next(e)}
      onFocus={prepareLeadSchemas}
      className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8"
    >
      <div className="flex items-center justify-between text-sm font-semibold">
        <span className="text-ink">{presaleWizardCopy.stepLabel(step, TOTAL)}</span>
        <span className="text-brand-violet">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={presaleWizardCopy.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${presaleWizardCopy.stepLabel(step, TOTAL)}, ${percent}%`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-gradient transition-[width] duration-300 ease-out" style={{ width: `${percent}%` }} />
      </div>
      <ol className="mt-5 flex items-start justify-between gap-1" aria-label="Steps">
        {presaleSteps.map((s) => {
          const done = s.step < step;
          const here = s.step === step;
          return (
            <li key={s.step} className="flex flex-1 items-center justify-center" aria-current={here ? "step" : undefined}>
              <span
                className={cn(
                  "flex size-8 items-center justify-center rounded-full border text-xs font-semibold transition-colors",
                  done && "border-transparent bg-brand-teal text-white",
                  here && "border-brand-violet bg-brand-violet text-white",
                  !done && !here && "border-line bg-white text-muted",
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : s.step}
                <span className="sr-only">{done ? ` ${s.title}, completed` : ` ${s.title}`}</span>
              </span>
            </li>
          );
        })}
      </ol>

      <div className="mt-8 min-h-52">
        <p className="mb-2 text-xs font-semibold uppercase tracking-widest text-brand-teal-dark">{current.title}</p>
        {current.input === "options" ? (
          <fieldset data-field={field} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
            <legend className="contents">
              <h2 ref={heading} tabIndex={-1} className="text-xl font-bold tracking-tight focus:outline-none sm:text-2xl">
                {current.question}
              </h2>
            </legend>
            {current.helpText && (
              <p id={helpId} className="mt-2 text-sm text-muted">
                {current.helpText}
              </p>
            )}
            <div className="mt-5 grid gap-2.5 sm:grid-cols-2">
              {(current.options ?? []).map((option) => (
                <ChoiceCard
                  key={option.value}
                  type="radio"
                  name={field}
                  value={option.value}
                  checked={values[field] === option.value}
                  onChange={() => update(field, option.value)}
                >
                  {option.label}
                </ChoiceCard>
              ))}
            </div>
          </fieldset>
        ) : (
          <div>
            <h2 ref={heading} tabIndex={-1} className="text-xl font-bold tracking-tight focus:outline-none sm:text-2xl">
              <label htmlFor={`presale-${field}`}>{current.question}</label>
            </h2>
            {current.helpText && (
              <p id={helpId} className="mt-2 text-sm text-muted">
                {current.helpText}
              </p>
            )}
            <input
              id={`presale-${field}`}
              name={field}
              data-field={field}
              type={current.input === "email" ? "email" : "text"}
              autoComplete={field === "email" ? "email" : field === "fullName" ? "name" : "off"}
              spellCheck={field === "walletAddress" ? false : undefined}
              inputMode={current.input === "email" ? "email" : undefined}
              placeholder={current.placeholder}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              value={values[field]}
              onChange={(e) => update(field, e.target.value)}
              className={cn(inputClasses, "mt-5", field === "walletAddress" && "font-mono text-sm sm:text-base")}
            />
          </div>
        )}
        {error && <FieldError id={errorId}>{error}</FieldError>}
        {typedByHand && (
          <p id={unverifiedId} className="mt-2 text-sm text-muted">
            {WALLET_MESSAGES.unverifiedNote}
          </p>
        )}
        {field === "walletAddress" && (
          <WalletVerify
            id="presale-walletAddress"
            className="mt-4"
            purpose="presale"
            actionLabel={WALLET_MESSAGES.verifyPresale}
            verified={proof}
            onVerified={walletVerified}
            onReset={forgetWallet}
          />
        )}
      </div>
      <FormGuardFields guard={guard} showChallenge={step === TOTAL} />

      {request.success && (
        <Notice tone="success" className="mt-6">
          {LEAD_MESSAGES.presaleSuccessBanner}
        </Notice>
      )}
      {request.error && (
        <Notice tone="danger" className="mt-6">
          {request.error}
        </Notice>
      )}

      <div className="mt-8 flex items-center justify-between gap-3 border-t border-line pt-6">
        <Button variant="outline" size="lg" disabled={step === 1 || request.isLoading} onClick={() => goTo(Math.max(1, step - 1))}>
          {presalePageCopy.backLabel}
        </Button>
        <Button type="submit" size="lg" disabled={request.isLoading}>
          {step < TOTAL ? presalePageCopy.nextLabel : request.isLoading ? presalePageCopy.submittingLabel : presalePageCopy.submitLabel}
        </Button>
      </div>
    </form>
  );
}
