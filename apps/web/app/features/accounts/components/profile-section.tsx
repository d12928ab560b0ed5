import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { ME_MESSAGES, profileUpdateSchema, type AccountSettings } from "@vestin/shared/me";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NameFields } from "./name-fields";
import { updateSignedInUser } from "~/lib/session/auth-store";
import { saveProfile } from "../api/own-account-api";
import { ACCOUNT_COPY } from "../own-account-copy";
import { fieldErrorsOf } from "../field-errors";
import { SectionStatusMessage, SettingsSection, type SectionStatus } from "./settings-section";

/** First and last name (saved together), the e-mail address shown read-only. */
export function ProfileSection({ settings, onSaved }: { settings: AccountSettings; onSaved: (settings: AccountSettings) => void }) {
  const [firstName, setFirstName] = useState(settings.firstName);
  const [lastName, setLastName] = useState(settings.lastName);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<SectionStatus>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const parsed = profileUpdateSchema.safeParse({ firstName, lastName });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await saveProfile(parsed.data);
    setBusy(false);
    if (!result.ok) {
      setErrors(result.errors ?? {});
      setStatus({ tone: "danger", text: result.message });
      return;
    }
    setFirstName(result.data.firstName);
    setLastName(result.data.lastName);
    updateSignedInUser({ firstName: result.data.firstName, lastName: result.data.lastName });
    onSaved(result.data);
    setStatus({ tone: "success", text: ME_MESSAGES.profileSaved });
  };

  return (
    <SettingsSection id="profile" title={ACCOUNT_COPY.profileTitle} intro={ACCOUNT_COPY.profileIntro}>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-5" aria-label={ACCOUNT_COPY.profileTitle}>
        <NameFields
          values={{ firstName, lastName }}
          errors={errors}
          onChange={(field, value) => (field === "firstName" ? setFirstName : setLastName)(value)}
          maxLength={50}
        />
        <Field
          label="E-mail address"
          name="email"
          type="email"
          readOnly
          value={settings.email}
          className="[&_input]:bg-surface [&_input]:text-muted"
          hint={
            <>
              {ACCOUNT_COPY.emailReadOnly}{" "}
              <Link to="/contact" className="font-medium text-brand-violet underline underline-offset-2">
                Contact us
              </Link>{" "}
              if it must change.
            </>
          }
        />
        <SectionStatusMessage status={status} testId="profile-status" />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : ACCOUNT_COPY.saveName}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
