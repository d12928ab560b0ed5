import { useEffect, useRef } from "react";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import { Notice } from "~/components/ui/notice";
import type { HandedSession } from "../form-results";
import { rememberDevice } from "../remembered-device";
import { useFinishSignIn } from "../use-finish-sign-in";

/**
 * The end of a sign-in whose form was posted before the page's scripts ran: the server checked the
 * password (and code) and handed the session to this page, which keeps it, as the scripts' own
 * sign-in would, as soon as they run, and goes on to `to`.
 */
export function FormSignInFinish({ session, to }: { session: HandedSession; to: string }) {
  const finishSignIn = useFinishSignIn();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (session.deviceToken) rememberDevice(session.deviceToken);
    finishSignIn({ token: session.token, user: session.user }, { to });
  }, [session, to, finishSignIn]);

  return (
    <div aria-live="polite" className="flex items-center gap-4">
      <span
        aria-hidden="true"
        className="size-8 shrink-0 animate-spin rounded-full border-4 border-slate-200 border-t-brand-violet motion-reduce:animate-none"
      />
      <p className="text-muted">Your password is right: one moment while we open your learning area.</p>
      <noscript>
        <Notice tone="notice">{ACCOUNT_MESSAGES.signInNeedsScripts}</Notice>
      </noscript>
    </div>
  );
}
