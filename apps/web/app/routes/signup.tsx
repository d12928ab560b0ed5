import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Create Your Account",
    description: "Create a free Vestin account to enrol in courses, track your progress and earn certificates.",
  });

export const handle: RouteHandle = { loaderMs: 1000 };

export default function SignupPage() {
  return <PageHeader title="Create your account" intro="Free access to every course, progress tracking and certificates." />;
}
