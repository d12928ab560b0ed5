import { AccountFrame } from "~/features/accounts/components/account-frame";
import { AccountGate } from "~/features/accounts/components/account-gate";
import { DataExportSection } from "~/features/accounts/components/data-export-section";
import { DeleteAccountSection } from "~/features/accounts/components/delete-account-section";
import { ACCOUNT_COPY } from "~/features/accounts/own-account-copy";
import { useAccountSettings } from "~/features/accounts/use-account-settings";
import { useSessions } from "~/features/accounts/use-sessions";
import { useRequireAuth } from "~/features/accounts/use-auth-guards";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/account-data";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: ACCOUNT_COPY.dataTitle, description: "Download a copy of your Vestin data, or delete your account.", noindex: true });

export const handle: RouteHandle = { loaderMs: 0 };

/** /account/data: the export and the account's deletion (the Privacy Policy's access and deletion rights). */
export default function AccountDataPage() {
  const auth = useRequireAuth();
  const account = useAccountSettings(auth);
  // The current session's sign-in time tells a Google-only member whether deletion is open yet.
  const sessions = useSessions(auth);
  const settings = account.settings;
  return (
    <AccountFrame current="/account/data" title={ACCOUNT_COPY.dataTitle} intro={ACCOUNT_COPY.dataIntro}>
      <AccountGate ready={settings !== null} error={account.error} onRetry={() => void account.reload()}>
        {settings && (
          <>
            <DataExportSection />
            <DeleteAccountSection settings={settings} currentSession={sessions.sessions?.find((s) => s.current)} />
          </>
        )}
      </AccountGate>
    </AccountFrame>
  );
}
