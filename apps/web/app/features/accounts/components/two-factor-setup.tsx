import { Copy } from "lucide-react";
import { useState, type FormEvent } from "react";
import { normaliseTotpCode, TWO_FACTOR_MESSAGES, type TwoFactorSetup } from "@vestin/shared/two-factor";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { useApiForm } from "~/lib/use-api-form";
import { enableTwoFactor } from "../api/own-account-api";
import { ACCOUNT_COPY } from "../own-account-copy";

/** "JBSW Y3DP EHPK 3PXP": the key in groups of four, easier to type and to check. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * Setting it up: the QR code (the server's SVG, shown as an image so nothing in it can run), the
 * key for apps that cannot scan, and the first code, which turns it on.
 */
export function TwoFactorSetupForm({ setup, onEnabled, onCancel }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const form = useApiForm({ defaultValues: { code: "" } });
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const busy = form.busy;

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(setup.secret);
      setMessage({ tone: "success", text: ACCOUNT_COPY.keyCopied });
    } catch {
      setMessage({ tone: "danger", text: ACCOUNT_COPY.copyFailed });
    }
  };

  const send = async ({ code }: { code: string }) => {
    const typed = normaliseTotpCode(code);
    if (!/^\d{6}$/.test(typed)) return form.showErrors({ code: TWO_FACTOR_MESSAGES.required });
    const result = await enableTwoFactor(typed);
    if (result.ok) {
      onEnabled(result.data.recoveryCodes);
      return;
    }
    if (result.errors?.code) {
      // A refused code is typed again from the start.
      form.reset({ code: "" });
      form.showErrors({ code: result.errors.code });
    } else setMessage({ tone: "danger", text: result.message });
  };

  const submit = (event: FormEvent) => {
    setMessage(null);
    void form.handleSubmit(send)(event);
  };

  return (
    // POST, should the form ever be sent without its scripts: a code never goes into an address.
    <form method="post" onSubmit={submit} noValidate aria-label={ACCOUNT_COPY.twoFactorSetUp} className="grid gap-6">
      <ol className="grid gap-6">
        <li className="rounded-xl border border-line bg-surface p-4 sm:p-6">
          <StepTitle n={1}>{ACCOUNT_COPY.scanTitle}</StepTitle>
          <p className="mt-1 text-sm text-muted sm:pl-8">{ACCOUNT_COPY.scanHint}</p>
          <div className="mt-5 grid gap-5 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center sm:gap-6 sm:pl-8">
            <div className="mx-auto rounded-xl border border-line bg-white p-2 shadow-sm sm:mx-0">
              <img
                src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
                alt={ACCOUNT_COPY.qrAlt}
                width={176}
                height={176}
                className="size-44"
                data-testid="two-factor-qr"
              />
            </div>
            <div className="min-w-0">
              <p className="text-sm font-medium">{ACCOUNT_COPY.keyTitle}</p>
              <code
                data-testid="two-factor-key"
                className="mt-2 block rounded-lg border border-line bg-white px-3 py-2 font-mono text-sm font-semibold tracking-wider break-words text-ink select-all"
              >
                {groupedKey(setup.secret)}
              </code>
              <p className="mt-2 text-xs text-muted">{ACCOUNT_COPY.keyHint}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void copyKey()}>
                <Copy aria-hidden="true" className="size-4" />
                {ACCOUNT_COPY.copyKey}
              </Button>
            </div>
          </div>
        </li>
        <li className="rounded-xl border border-line bg-surface p-4 sm:p-6">
          <StepTitle n={2}>{ACCOUNT_COPY.confirmTitle}</StepTitle>
          <Field
            label={ACCOUNT_COPY.confirmLabel}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={9}
            spellCheck={false}
            required
            value={form.values.code}
            error={form.error("code")}
            onChange={(e) => form.set("code", e.target.value)}
            className="mt-4 sm:max-w-[22rem] sm:pl-8 [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.3em]"
          />
        </li>
      </ol>
      <div>
        <div aria-live="polite">
          {message && (
            <Notice tone={message.tone} className="mb-4">
              {message.text}
            </Notice>
          )}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" disabled={busy}>
            {busy ? ACCOUNT_COPY.turningOn : ACCOUNT_COPY.turnOn}
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {ACCOUNT_COPY.cancel}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** A numbered step's heading; the number is drawn, the list gives it to screen readers. */
function StepTitle({ n, children }: { n: number; children: string }) {
  return (
    <h3 className="flex items-start gap-2 font-semibold">
      <span aria-hidden="true" className="mt-px inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-navy-900 text-xs font-bold text-white">
        {n}
      </span>
      <span>{children}</span>
    </h3>
  );
}
