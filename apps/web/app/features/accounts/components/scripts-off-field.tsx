import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import { Notice } from "~/components/ui/notice";

/**
 * Tells the form's page whether the browser runs scripts: a browser without them parses what is
 * inside <noscript> and sends the field; one whose scripts are on (even not started yet) does not.
 */
export function ScriptsOffField() {
  return (
    <noscript>
      <input type="hidden" name="scripts" value="off" />
    </noscript>
  );
}

/** Said before anyone types, where scripts are off: signing in and signing up need them. */
export function ScriptsOffNotice() {
  return (
    <noscript>
      <Notice tone="notice" className="mb-6">
        {ACCOUNT_MESSAGES.scriptsOff}
      </Notice>
    </noscript>
  );
}
