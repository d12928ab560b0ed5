import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthCard, OrDivider } from "~/features/accounts/components/auth-card";
import { GoogleButton } from "~/features/accounts/components/google-button";
import { QueryNotice } from "~/features/accounts/components/query-notice";
import { SignInForm } from "~/features/accounts/components/sign-in-form";
import { TwoFactorStep } from "~/features/accounts/components/two-factor-step";
import { TWO_FACTOR_COPY } from "~/features/accounts/two-factor-copy";
import { useGuestOnly } from "~/features/accounts/use-auth-guards";
import { useFinishSignIn } from "~/features/accounts/use-finish-sign-in";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/signin";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Sign In", description: "Sign in to Vestin to continue your courses and track your progress." });

const ASIDE = (
  <div className="hidden lg:block">
    <p className="text-sm font-semibold uppercase tracking-widest text-brand-teal-dark">The Tokenization Education Hub</p>
    <p className="mt-4 max-w-md text-3xl font-bold tracking-tight text-balance">Pick up exactly where you left off.</p>
    <p className="mt-4 max-w-md text-lg text-muted">Your enrolments, completed lessons and certificates are waiting for you, on any device.</p>
  </div>
);

/** The password, then (with two-factor sign-in on) the code, in the same card. */
export default function SignInPage() {
  useGuestOnly();
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  const finishSignIn = useFinishSignIn();
  const [secondStep, setSecondStep] = useState<{ challenge: string; email: string; recovery: boolean } | null>(null);
  const [backFromSecondStep, setBackFromSecondStep] = useState<{ email: string; notice: string | null; round: number } | null>(null);

  if (secondStep) {
    return (
      <AuthCard title={TWO_FACTOR_COPY.stepTitle} subtitle={secondStep.recovery ? TWO_FACTOR_COPY.stepIntroRecovery : TWO_FACTOR_COPY.stepIntro} aside={ASIDE}>
        <TwoFactorStep
          challenge={secondStep.challenge}
          onSignedIn={finishSignIn}
          onKindChange={(kind) => setSecondStep({ ...secondStep, recovery: kind === "recoveryCode" })}
          onRestart={(notice) => {
            setBackFromSecondStep((back) => ({ email: secondStep.email, notice, round: (back?.round ?? 0) + 1 }));
            setSecondStep(null);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to continue your learning journey." aside={ASIDE}>
      <QueryNotice />
      <GoogleButton termsNotice />
      <OrDivider />
      <SignInForm
        key={backFromSecondStep?.round ?? 0}
        onChallenge={(challenge, email) => setSecondStep({ challenge, email, recovery: false })}
        notice={backFromSecondStep?.notice ?? null}
        initialEmail={backFromSecondStep?.email ?? ""}
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
