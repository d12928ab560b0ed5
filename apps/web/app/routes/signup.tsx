import { Award, BookOpen, CheckCircle2, LineChart } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { GoogleSignIn } from "~/features/accounts/components/google-button";
import { QueryNotice } from "~/features/accounts/components/query-notice";
import { ScriptsOffNotice } from "~/features/accounts/components/scripts-off-field";
import { SignUpForm } from "~/features/accounts/components/sign-up-form";
import { signUpAction } from "~/features/accounts/form-actions.server";
import { useGuestOnly } from "~/features/accounts/use-auth-guards";
import { pageMeta } from "~/lib/meta";
import { signInPath } from "~/lib/session/redirects";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Create Your Account",
    description: "Create a free Vestin account to enrol in courses, track your progress and earn certificates.",
  });

export const handle: RouteHandle = { loaderMs: 1000 };

/** The form posted before the page's scripts ran, or without them (features/accounts/form-actions.server.ts). */
export const action = (args: Route.ActionArgs) => signUpAction(args);

const BENEFITS = [
  { icon: BookOpen, title: "Every course, free to start", text: "14 courses and 146 lessons on tokenizing real estate, commodities, securities and more." },
  { icon: LineChart, title: "Progress that follows you", text: "Pick up on any device exactly where you stopped." },
  { icon: Award, title: "Certificates you can share", text: "Finish a course and download a certificate with a verification code." },
  { icon: CheckCircle2, title: "No spam", text: "Course updates only if you want them; unsubscribe in one click." },
];

export default function SignUpPage({ actionData }: Route.ComponentProps) {
  useGuestOnly();
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  const formAction = redirect ? `/signup?redirect=${encodeURIComponent(redirect)}` : "/signup";
  return (
    <AuthCard
      title="Create your account"
      subtitle="Free access to every course, progress tracking and certificates."
      aside={
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-teal-dark">Why join</p>
          <h2 className="mt-3 max-w-md text-2xl font-bold tracking-tight text-balance sm:text-3xl">Learn tokenization from the people who do it.</h2>
          <ul className="mt-8 grid max-w-md gap-6">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-violet/10 text-brand-violet">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="block text-sm text-muted">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      }
    >
      <QueryNotice />
      <ScriptsOffNotice />
      <GoogleSignIn label="Sign up with Google" termsNotice />
      <SignUpForm action={formAction} posted={actionData} />
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{" "}
        <Link to={redirect ? signInPath(redirect) : "/signin"} className="font-semibold text-brand-violet hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
