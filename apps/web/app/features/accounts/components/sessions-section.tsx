import { HelpCircle, Monitor, Smartphone, Tablet } from "lucide-react";
import { useState } from "react";
import type { SessionInfo } from "@vestin/shared/me";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { signOutOtherSessions, signOutSession } from "../api/own-account-api";
import { ACCOUNT_COPY } from "../own-account-copy";
import { formatDateTime, formatLastSeen, sessionDetails } from "../format";
import type { SessionsState } from "../use-sessions";
import { SectionLoading, SectionStatusMessage, SettingsSection, type SectionStatus } from "./settings-section";

const ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, other: HelpCircle } as const;

function SessionRow({ session, busy, onSignOut }: { session: SessionInfo; busy: boolean; onSignOut: () => void }) {
  const Icon = ICONS[session.deviceType];
  const details = sessionDetails(session);
  return (
    <li className="flex gap-4 py-5 first:pt-0 last:pb-0" data-session={session.current ? "current" : "other"}>
      <span aria-hidden="true" className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface text-navy-700 ring-1 ring-line">
        <Icon className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-semibold">{session.device}</span>
            {session.current && <Badge tone="success">{ACCOUNT_COPY.thisDevice}</Badge>}
          </p>
          {details && <p className="mt-1 text-sm text-muted">{details}</p>}
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm md:grid-cols-2">
            <div className="flex flex-wrap gap-x-1.5">
              <dt className="text-muted">Signed in</dt>
              <dd>
                <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
              </dd>
            </div>
            <div className="flex flex-wrap gap-x-1.5">
              <dt className="text-muted">Last seen</dt>
              <dd>
                <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
                  {session.current ? "Active now" : formatLastSeen(session.lastSeenAt)}
                </time>
              </dd>
            </div>
          </dl>
        </div>
        {!session.current && (
          <Button variant="outline" size="sm" onClick={onSignOut} disabled={busy} className="self-start">
            Sign out
            <span className="sr-only">
              {" "}
              {session.device}, signed in {formatDateTime(session.createdAt)}
            </span>
          </Button>
        )}
      </div>
    </li>
  );
}

/** The member's sessions, this device marked; sign out one other, or all the others at once. */
export function SessionsSection({ state }: { state: SessionsState }) {
  const [status, setStatus] = useState<SectionStatus>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const others = state.sessions?.filter((s) => !s.current) ?? [];

  const signOutOne = async (session: SessionInfo) => {
    setStatus(null);
    setBusy(session.id);
    const result = await signOutSession(session.id);
    setBusy(null);
    if (result.ok || result.status === 404) {
      // 404: that session had already ended; either way it is gone from the list.
      state.remove(session.id);
      setStatus({ tone: "success", text: ACCOUNT_COPY.signedOutSession(session.device) });
      return;
    }
    setStatus({ tone: "danger", text: result.message });
  };

  const signOutAll = async () => {
    setStatus(null);
    setBusy("others");
    const result = await signOutOtherSessions();
    setBusy(null);
    if (!result.ok) {
      setStatus({ tone: "danger", text: result.message });
      return;
    }
    setStatus({ tone: "success", text: ACCOUNT_COPY.signedOutOthers(result.data.revoked) });
    await state.reload();
  };

  return (
    <SettingsSection id="sessions" title={ACCOUNT_COPY.sessionsTitle} intro={ACCOUNT_COPY.sessionsIntro}>
      {state.error || state.sessions === null ? (
        <SectionLoading error={state.error} onRetry={() => void state.reload()} text="Loading your sessions…" />
      ) : (
        <>
          <ul className="divide-y divide-line" aria-label="Signed-in sessions">
            {state.sessions.map((session) => (
              <SessionRow key={session.id} session={session} busy={busy !== null} onSignOut={() => void signOutOne(session)} />
            ))}
          </ul>
          <div className="mt-6 grid gap-4 border-t border-line pt-6">
            <SectionStatusMessage status={status} testId="sessions-status" />
            {others.length === 0 ? (
              <p className="text-sm text-muted">{ACCOUNT_COPY.noOtherSessions}</p>
            ) : (
              <div>
                <Button variant="secondary" onClick={() => void signOutAll()} disabled={busy !== null}>
                  {busy === "others" ? "Signing out…" : ACCOUNT_COPY.signOutOthers}
                </Button>
              </div>
            )}
          </div>
        </>
      )}
    </SettingsSection>
  );
}
