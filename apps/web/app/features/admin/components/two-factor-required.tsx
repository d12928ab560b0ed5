import { ShieldCheck } from "lucide-react";
import { TWO_FACTOR_MESSAGES } from "@vestin/shared/two-factor-core";
import { ButtonLink } from "~/components/ui/button";
import { ConsoleAccessPanel } from "./team-only";

/**
 * What an administrator without two-factor sign-in sees instead of the console: the
 * reason, and the way to the account page's set-up. No console data is loaded.
 */
export function TwoFactorRequired({ email }: { email: string | undefined }) {
  return (
    <ConsoleAccessPanel
      id="two-factor-required-title"
      icon={<ShieldCheck className="size-6" />}
      title={
        <>
          Set up <span className="whitespace-nowrap">two-factor sign-in</span> first
        </>
      }
      wide
      actions={
        <>
          <ButtonLink to="/account#two-factor" variant="primary" size="md">
            <ShieldCheck aria-hidden="true" className="size-4" />
            Set up two-factor sign-in
          </ButtonLink>
          <ButtonLink to="/" variant="outline" size="md">
            Back to the site
          </ButtonLink>
        </>
      }
    >
      <p className="text-base text-ink">{TWO_FACTOR_MESSAGES.adminMustEnrol}</p>
      <p className="mt-3">
        It takes a minute: scan a QR code with an authenticator app on your phone and type the code it shows. The console opens as soon as it is on
        {email ? (
          <>
            {" "}
            for <strong className="text-ink [overflow-wrap:anywhere]">{email}</strong>
          </>
        ) : null}
        .
      </p>
    </ConsoleAccessPanel>
  );
}
