import { AccountFrame } from "~/features/accounts/components/account-frame";
import { AccountGate } from "~/features/accounts/components/account-gate";
import { PasswordSection } from "~/features/accounts/components/password-section";
import { PreferencesSection } from "~/features/accounts/components/preferences-section";
import { ProfileSection } from "~/features/accounts/components/profile-section";
import { SessionsSection } from "~/features/accounts/components/sessions-section";
import { TWO_FACTOR_SECTION_ID, TwoFactorSection } from "~/features/accounts/components/two-factor-section";
import { ACCOUNT_COPY } from "~/features/accounts/own-account-copy";
import { useAccountSettings } from "~/features/accounts/use-account-settings";
import { useSessions } from "~/features/accounts/use-sessions";
import { useTwoFactor } from "~/features/accounts/use-two-factor";
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
