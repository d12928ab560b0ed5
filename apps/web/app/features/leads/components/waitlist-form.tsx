import { CheckCircle2 } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { fieldErrors, LEAD_MESSAGES, waitlistSchema } from "@vestin/shared/leads";
import { disableBanner } from "~/components/layout/testnet-banner";
import { FormGuardFields } from "~/components/form-guard/form-guard-fields";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { waitlistFormCopy as copy } from "~/content/testnet";
import { useFormGuard } from "~/lib/form-guard";
import { REFERRAL_RULE } from "@vestin/shared/referrals";
import { storeReferralCode } from "~/features/referrals/referral-storage";
import { joinWaitlist } from "../api/leads-api";
import { useFocusFirstError, useLaterTimer } from "../hooks/use-form-focus";

const REDIRECT_AFTER_MS = 1800;
type WaitlistFields = "username" | "email" | "twitterHandle" | "telegramHandle";
const EMPTY: Record<WaitlistFields, string> = { username: "", email: "", twitterHandle: "", telegramHandle: "" };

/** The testnet waitlist (spec section 4): one request at a time, then the overlay and a redirect home. */
export function WaitlistForm() {
  const navigate = useNavigate();
  const [form, setForm] = useState<Record<WaitlistFields, string>>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<"idle" | "submitting" | "done">("idle");
  const [referred, setReferred] = useState(false);
  // A ref, not state: a second click in the same tick must already see the request in flight.
  const inFlight = useRef(false);
  const { ref, focusFirstError } = useFocusFirstError<HTMLFormElement>();
  const { later } = useLaterTimer();
  const guard = useFormGuard();

  const update = (key: WaitlistFields, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || status === "done") return;
    setFailure(null);
    const parsed = waitlistSchema.safeParse(form);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      focusFirstError(found);
      return;
    }
    inFlight.current = true;
    setStatus("submitting");
    const result = guard.settle(await joinWaitlist({ ...form, ...(await guard.prepare()) }));
    if (!result.ok) {
      inFlight.current = false;
      setStatus("idle");
      setFailure(result.message);
      if (result.errors) {
        setErrors(result.errors);
        focusFirstError(result.errors);
      }
      return;
    }
    // The overlay leaves for the home page after 1.8 s (the spec's timer): the link waits in the
    // confirmation e-mail and in the referral card of /testnet.
    if (result.referral) storeReferralCode("testnet", result.referral.code);
    setReferred(Boolean(result.referral));
    setStatus("done");
    disableBanner();
    later(REDIRECT_AFTER_MS, () => navigate("/"));
  };

  const submitting = status === "submitting";

  return (
    <>
      <form ref={ref} noValidate onSubmit={(e) => void submit(e)} className="grid gap-5" aria-busy={submitting}>
        <Field
          label={copy.fullNameLabel}
          name="username"
          data-field="username"
          autoComplete="name"
          placeholder={copy.fullNamePlaceholder}
          required
          value={form.username}
          error={errors.username}
          onChange={(e) => update("username", e.target.value)}
        />
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
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={copy.twitterLabel}
            name="twitterHandle"
            data-field="twitterHandle"
            maxLength={50}
            placeholder={copy.twitterPlaceholder}
            value={form.twitterHandle}
            error={errors.twitterHandle}
            onChange={(e) => update("twitterHandle", e.target.value)}
          />
          <Field
            label={copy.telegramLabel}
            name="telegramHandle"
            data-field="telegramHandle"
            maxLength={50}
            placeholder={copy.telegramPlaceholder}
            value={form.telegramHandle}
            error={errors.telegramHandle}
            onChange={(e) => update("telegramHandle", e.target.value)}
          />
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
            {referred && <p className="mt-4 text-sm text-muted">{REFERRAL_RULE} Your personal link is in your confirmation e-mail and on the testnet page.</p>}
          </div>
        </div>
      )}
    </>
  );
}
