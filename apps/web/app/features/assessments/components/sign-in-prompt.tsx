import { Lock } from "lucide-react";
import { LEARNING_MESSAGES } from "@vestin/shared/learning-core";
import { SignInChoices } from "~/features/learning";

/** The learning area's Login Required prompt, on the page instead of in a dialog. */
export function SignInPrompt({ returnTo, children }: { returnTo: string; children?: React.ReactNode }) {
  return (
    <section
      aria-labelledby="login-required-heading"
      className="mx-auto max-w-lg rounded-[var(--radius-card)] border border-line bg-white p-6 text-center shadow-[var(--shadow-card)] sm:p-10"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-violet/10 text-brand-violet">
        <Lock aria-hidden="true" className="size-6" />
      </span>
      <h2 id="login-required-heading" className="mt-4 text-xl font-bold">
        Login Required
      </h2>
      <p className="mt-2 text-muted">{LEARNING_MESSAGES.loginRequired}</p>
      {children}
      <SignInChoices returnTo={returnTo} />
    </section>
  );
}
