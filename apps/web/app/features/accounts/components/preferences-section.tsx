import { useId, useState, type FormEvent } from "react";
import type { AccountSettings } from "@vestin/shared/me";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { useApiForm } from "~/lib/use-api-form";
import { savePreferences } from "../api/own-account-api";
import { ACCOUNT_COPY } from "../own-account-copy";
import { formatDateTime } from "../format";
import { SectionStatusMessage, SettingsSection, type SectionStatus } from "./settings-section";

/** The newsletter choice, with when it was last given or withdrawn (a consent record the member can see). */
export function PreferencesSection({ settings, onSaved }: { settings: AccountSettings; onSaved: (settings: AccountSettings) => void }) {
  const form = useApiForm({ defaultValues: { newsletter: settings.newsletter } });
  const [status, setStatus] = useState<SectionStatus>(null);
  const id = useId();

  const save = async (preferences: { newsletter: boolean }) => {
    const result = await savePreferences(preferences);
    if (!result.ok) {
      setStatus({ tone: "danger", text: result.message });
      return;
    }
    form.reset({ newsletter: result.data.newsletter });
    onSaved(result.data);
    // A subscription waiting for its e-mailed link says so in the card itself; this line says the save worked.
    setStatus({ tone: "success", text: ACCOUNT_COPY.preferencesSaved });
  };

  const submit = (event: FormEvent) => {
    setStatus(null);
    void form.handleSubmit(save)(event);
  };

  const changed = settings.newsletterChangedAt;
  // Until its e-mailed link is opened a subscription has not started: that is all the card says of it.
  const pending = settings.newsletter && settings.newsletterStatus === "pending";
  return (
    <SettingsSection id="email-preferences" title={ACCOUNT_COPY.preferencesTitle} intro={ACCOUNT_COPY.preferencesIntro}>
      <form onSubmit={submit} className="grid gap-5" aria-label={ACCOUNT_COPY.preferencesTitle}>
        <div className="flex items-start justify-between gap-6 rounded-xl border border-line p-4 sm:p-5">
          <div className="min-w-0">
            <label htmlFor={`${id}-newsletter`} className="font-semibold">
              {ACCOUNT_COPY.newsletterLabel}
            </label>
            <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
              {ACCOUNT_COPY.newsletterHint}
            </p>
            {pending ? (
              <p className="mt-2 text-sm font-medium text-notice" data-testid="newsletter-pending">
                {ACCOUNT_COPY.newsletterPending}
              </p>
            ) : (
              <p className="mt-2 text-sm text-muted" data-testid="newsletter-changed">
                {changed ? (
                  <>
                    {ACCOUNT_COPY.newsletterChangedPrefix(settings.newsletter)} <time dateTime={changed}>{formatDateTime(changed)}</time>.
                  </>
                ) : (
                  ACCOUNT_COPY.newsletterNeverChanged
                )}
              </p>
            )}
          </div>
          <Switch
            id={`${id}-newsletter`}
            checked={form.values.newsletter}
            onCheckedChange={(on) => form.set("newsletter", on)}
            aria-describedby={`${id}-hint`}
            className="mt-0.5"
          />
        </div>
        <SectionStatusMessage status={status} testId="preferences-status" />
        <div>
          <Button type="submit" disabled={form.busy}>
            {form.busy ? "Saving…" : ACCOUNT_COPY.savePreferences}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
