import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/signin";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sign In",
    description: "Sign in to Vestin to continue your courses and track your progress.",
  });

export default function SigninPage() {
  return <PageHeader title="Welcome back" intro="Sign in to continue your learning journey." />;
}
