import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { FormSignInFinish } from "~/features/accounts/components/form-sign-in-finish";
import { GoogleSignIn } from "~/features/accounts/components/google-button";
import { QueryNotice } from "~/features/accounts/components/query-notice";
import { ScriptsOffNotice } from "~/features/accounts/components/scripts-off-field";
import { SignInForm } from "~/features/accounts/components/sign-in-form";
import { TwoFactorStep } from "~/features/accounts/components/two-factor-step";
import { signInAction } from "~/features/accounts/form-actions.server";
import { TWO_FACTOR_COPY } from "~/features/accounts/two-factor-copy";
import { useGuestOnly } from "~/features/accounts/use-auth-guards";
import { useFinishSignIn } from "~/features/accounts/use-finish-sign-in";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/signin";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Sign In", description: "Sign in to Vestin to continue your courses and track your progress." });

/** The form posted before the page's scripts ran, or without them (features/accounts/form-actions.server.ts). */
export const action = (args: Route.ActionArgs) => signInAction(args);

const ASIDE = (
  <div className="hidden lg:block">
    <p className="text-sm font-semibold uppercase tracking-widest text-brand-teal-dark">The Tokenization Education Hub</p>
    <p className="mt-4 max-w-md text-3xl font-bold tracking-tight text-balance">Pick up exactly where you left off.</p>
    <p className="mt-4 max-w-md text-lg text-muted">Your enrolments, completed lessons and certificates are waiting for you, on any device.</p>
  </div>
);

/** The password, then (with two-factor sign-in on) the code, in the same card. */
export default function SignInPage({ actionData }: Route.ComponentProps) {
  useGuestOnly();
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  // The forms post here, keeping only where to go afterwards (never a message or anything typed).
  const formAction = redirect ? `/signin?redirect=${encodeURIComponent(redirect)}` : "/signin";
  const finishSignIn = useFinishSignIn();
  const posted = actionData;
  const [secondStep, setSecondStep] = useState<{ challenge: string; email: string; recovery: boolean; error?: string } | null>(() =>
    posted?.step === "second-step" ? { challenge: posted.challenge, email: posted.email, recovery: posted.recovery, error: posted.error } : null,
  );
  const [backFromSecondStep, setBackFromSecondStep] = useState<{ email: string; notice: string | null; round: number } | null>(null);

  if (posted?.step === "signed-in") {
    return (
      <AuthCard title="Signing you in…" aside={ASIDE}>
        <FormSignInFinish session={posted.session} to={posted.to} />
      </AuthCard>
    );
  }

  if (secondStep) {
    return (
      <AuthCard title={TWO_FACTOR_COPY.stepTitle} subtitle={secondStep.recovery ? TWO_FACTOR_COPY.stepIntroRecovery : TWO_FACTOR_COPY.stepIntro} aside={ASIDE}>
        <TwoFactorStep
          challenge={secondStep.challenge}
          action={formAction}
          initialKind={secondStep.recovery ? "recoveryCode" : "code"}
          initialError={secondStep.error ?? null}
          onSignedIn={finishSignIn}
          onKindChange={(kind) => setSecondStep({ ...secondStep, recovery: kind === "recoveryCode", error: undefined })}
          onRestart={(notice) => {
            setBackFromSecondStep((back) => ({ email: secondStep.email, notice, round: (back?.round ?? 0) + 1 }));
            setSecondStep(null);
          }}
        />
      </AuthCard>
    );
  }

  const refused = !backFromSecondStep && posted?.step === "password" ? posted : undefined;
  return (
    <AuthCard title="Welcome back" subtitle="Sign in to continue your learning journey." aside={ASIDE}>
      <QueryNotice />
      <ScriptsOffNotice />
      <GoogleSignIn termsNotice />
      <SignInForm
        key={backFromSecondStep?.round ?? 0}
        action={formAction}
        onChallenge={(challenge, email) => setSecondStep({ challenge, email, recovery: false })}
        notice={backFromSecondStep?.notice ?? refused?.notice ?? null}
        initialError={refused?.error ?? null}
        initialEmail={backFromSecondStep?.email ?? refused?.email ?? ""}
      />
      <p className="mt-6 text-center text-sm text-muted">
        New to Vestin?{" "}
        <Link to={redirect ? `/signup?redirect=${encodeURIComponent(redirect)}` : "/signup"} className="font-semibold text-brand-violet hover:underline">
          Create an account
        </Link>
      </p>
      <p className="mt-4 text-center text-xs text-muted">
        By signing in you agree to our{" "}
        <Link to="/terms" className="underline underline-offset-2 hover:text-ink">
          Terms
        </Link>{" "}
        and{" "}
        <Link to="/privacy" className="underline underline-offset-2 hover:text-ink">
          Privacy Policy
        </Link>
        .
      </p>
    </AuthCard>
  );
}
