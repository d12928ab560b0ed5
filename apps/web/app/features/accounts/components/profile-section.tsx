import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { ME_MESSAGES, profileUpdateSchema, type AccountSettings, type ProfileUpdate } from "@vestin/shared/me";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NameFields } from "./name-fields";
import { updateSignedInUser } from "~/lib/session/auth-store";
import { useApiForm } from "~/lib/use-api-form";
import { saveProfile } from "../api/own-account-api";
import { ACCOUNT_COPY } from "../own-account-copy";
import { SectionStatusMessage, SettingsSection, type SectionStatus } from "./settings-section";

/** First and last name (saved together), the e-mail address shown read-only. */
export function ProfileSection({ settings, onSaved }: { settings: AccountSettings; onSaved: (settings: AccountSettings) => void }) {
  const form = useApiForm({ defaultValues: { firstName: settings.firstName, lastName: settings.lastName }, schema: profileUpdateSchema });
  const [status, setStatus] = useState<SectionStatus>(null);

  const save = async (profile: ProfileUpdate) => {
    const result = await saveProfile(profile);
    if (!result.ok) {
      form.showErrors(result.errors ?? {});
      setStatus({ tone: "danger", text: result.message });
      return;
    }
    form.reset({ firstName: result.data.firstName, lastName: result.data.lastName });
    updateSignedInUser({ firstName: result.data.firstName, lastName: result.data.lastName });
    onSaved(result.data);
    setStatus({ tone: "success", text: ME_MESSAGES.profileSaved });
  };

  const submit = (event: FormEvent) => {
    setStatus(null);
    void form.handleSubmit(save)(event);
  };

  return (
    <SettingsSection id="profile" title={ACCOUNT_COPY.profileTitle} intro={ACCOUNT_COPY.profileIntro}>
      <form onSubmit={submit} noValidate className="grid gap-5" aria-label={ACCOUNT_COPY.profileTitle}>
        <NameFields values={form.values} errors={form.errors} onChange={form.set} maxLength={50} />
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
          <Button type="submit" disabled={form.busy}>
            {form.busy ? "Saving…" : ACCOUNT_COPY.saveName}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
