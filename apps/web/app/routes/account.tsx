import { AccountFrame } from "~/features/account/components/account-frame";
import { AccountGate } from "~/features/account/components/account-gate";
import { PasswordSection } from "~/features/account/components/password-section";
import { PreferencesSection } from "~/features/account/components/preferences-section";
import { ProfileSection } from "~/features/account/components/profile-section";
import { SessionsSection } from "~/features/account/components/sessions-section";
import { TWO_FACTOR_SECTION_ID, TwoFactorSection } from "~/features/account/components/two-factor-section";
import { ACCOUNT_COPY } from "~/features/account/copy";
import { useAccountSettings } from "~/features/account/use-account-settings";
import { useSessions } from "~/features/account/use-sessions";
import { useTwoFactor } from "~/features/account/use-two-factor";
import { useRequireAuth } from "~/features/accounts/use-auth-guards";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: ACCOUNT_COPY.settingsTitle,
    description: "Your Vestin account: name, password, two-factor sign-in, signed-in sessions and e-mail preferences.",
    noindex: true,
  });

// The page's data is personal and loads after hydration: no timed placeholder on top of it.
export const handle: RouteHandle = { loaderMs: 0 };

const SECTIONS = [
  { id: "profile", label: ACCOUNT_COPY.profileTitle },
  { id: "password", label: ACCOUNT_COPY.passwordTitle },
  { id: TWO_FACTOR_SECTION_ID, label: ACCOUNT_COPY.twoFactorTitle },
  { id: "sessions", label: ACCOUNT_COPY.sessionsTitle },
  { id: "email-preferences", label: ACCOUNT_COPY.preferencesTitle },
];

/** /account: signed-out visitors go to sign-in and come back; the HTML itself is the same for everyone. */
export default function AccountSettingsPage() {
  const auth = useRequireAuth();
  const account = useAccountSettings(auth);
  const sessions = useSessions(auth);
  const twoFactor = useTwoFactor(auth);
  const settings = account.settings;
  return (
    <AccountFrame current="/account" title={ACCOUNT_COPY.settingsTitle} intro={ACCOUNT_COPY.settingsIntro} sections={SECTIONS}>
      <AccountGate ready={settings !== null} error={account.error} onRetry={() => void account.reload()}>
        {settings && (
          <>
            <ProfileSection settings={settings} onSaved={account.replace} />
            <PasswordSection
              settings={settings}
              onChanged={() => {
                // Other sessions were signed out, and a Google-only account now has a password.
                void sessions.reload();
                void account.reload();
              }}
            />
            {/* Turning it on signs out every other session. */}
            <TwoFactorSection state={twoFactor} email={settings.email} onEnabled={() => void sessions.reload()} />
            <SessionsSection state={sessions} />
            <PreferencesSection settings={settings} onSaved={account.replace} />
          </>
        )}
      </AccountGate>
    </AccountFrame>
  );
}
