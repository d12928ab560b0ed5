import { CheckCircle2 } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { LEAD_MESSAGES } from "@vestin/shared/leads-core";
import { disableBanner } from "~/components/layout/testnet-banner";
import { FormGuardFields } from "~/components/form-guard/form-guard-fields";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { waitlistFormCopy as copy } from "~/content/testnet";
import { useFormGuard } from "~/lib/form-guard";
import { REFERRAL_RULE } from "@vestin/shared/referrals";
import { storeReferralCode } from "~/features/referrals";
import { joinWaitlist } from "../api/leads-api";
import { useLaterTimer } from "../hooks/use-form-focus";
import { prepareLeadSchemas, schemasForCheck } from "../validation";
import { useLeadForm } from "../hooks/use-lead-form";

const REDIRECT_AFTER_MS = 1800;
type WaitlistFields = "username" | "email" | "twitterHandle" | "telegramHandle";
const EMPTY: Record<WaitlistFields, string> = { username: "", email: "", twitterHandle: "", telegramHandle: "" };

/** The testnet waitlist: one request at a time, then the overlay and a redirect home. */
export function WaitlistForm() {
  const navigate = useNavigate();
  const { ref, form, showErrors, field } = useLeadForm(EMPTY);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<"idle" | "submitting" | "done">("idle");
  const [referred, setReferred] = useState(false);
  // A ref, not state: a second click in the same tick must already see the request in flight.
  const inFlight = useRef(false);
  const { later } = useLaterTimer();
  const guard = useFormGuard();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Awaited before the in-flight check, so that a second click that also waited still sees the first request.
    const schemas = await schemasForCheck();
    if (!schemas) return;
    const { waitlistSchema, fieldErrors } = schemas;
    if (inFlight.current || status === "done") return;
    setFailure(null);
    const parsed = waitlistSchema.safeParse(form);
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    inFlight.current = true;
    setStatus("submitting");
    const result = guard.settle(await joinWaitlist({ ...form, ...(await guard.prepare()) }));
    if (!result.ok) {
      inFlight.current = false;
      setStatus("idle");
      setFailure(result.message);
      if (result.errors) showErrors(result.errors);
      return;
    }
    // The overlay leaves for the home page after 1.8 s (the spec's timer): the link waits in the
    // confirmation e-mail and in the referral card under this form, read from this browser's storage.
    if (result.data.referral) storeReferralCode("testnet", result.data.referral.code);
    setReferred(Boolean(result.data.referral));
    setStatus("done");
    disableBanner();
    later(REDIRECT_AFTER_MS, () => navigate("/"));
  };

  const submitting = status === "submitting";

  return (
    <>
      <form ref={ref} noValidate onSubmit={(e) => void submit(e)} onFocus={prepareLeadSchemas} className="grid gap-5" aria-busy={submitting}>
        <Field label={copy.fullNameLabel} autoComplete="name" placeholder={copy.fullNamePlaceholder} required {...field("username")} />
        <Field label={copy.emailLabel} type="email" autoComplete="email" placeholder={copy.emailPlaceholder} required {...field("email")} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={copy.twitterLabel} maxLength={50} placeholder={copy.twitterPlaceholder} {...field("twitterHandle")} />
          <Field label={copy.telegramLabel} maxLength={50} placeholder={copy.telegramPlaceholder} {...field("telegramHandle")} />
        </div>
        <FormGuardFields guard={guard} />
        {failure && <Notice tone="danger">{failure}</Notice>}
        {status === "done" && <Notice tone="success">{LEAD_MESSAGES.waitlistSuccess}</Notice>}
        <Button type="submit" size="lg" disabled={submitting || status === "done"} className="w-full">
          {submitting ? copy.submittingLabel : copy.submitLabel}
        </Button>
        <p className="text-center text-xs leading-relaxed text-muted">{copy.privacyNote}</p>
      </form>
      {status === "done" && (
        <div
          ref={(el) => el?.focus()}
          tabIndex={-1}
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="waitlist-overlay-title"
          aria-describedby="waitlist-overlay-text"
          className="fixed inset-0 z-[70] flex items-center justify-center bg-navy-950/80 p-4 backdrop-blur-sm animate-fade-up focus:outline-none"
        >
          <div className="w-full max-w-sm rounded-[var(--radius-card)] bg-white p-8 text-center shadow-2xl">
            <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-success-bg text-success">
              <CheckCircle2 aria-hidden="true" className="size-8" />
            </span>
            <h2 id="waitlist-overlay-title" className="mt-5 text-2xl font-bold tracking-tight">
              {copy.overlayTitle}
            </h2>
            <p id="waitlist-overlay-text" className="mt-2 text-muted" role="status">
              {copy.overlayRedirect}
            </p>
            {referred && (
              <p className="mt-4 text-sm text-muted">
                {REFERRAL_RULE} {copy.overlayReferral}
              </p>
            )}
          </div>
        </div>
      )}
    </>
  );
}
