import { PresaleSuccessView } from "~/features/leads/components/presale-success-view";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/presale-success";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Welcome to the $VSTN Presale",
    description: "You are on the $VSTN presale whitelist. Here is your queue position and what happens next.",
    noindex: true,
  });

export const handle: RouteHandle = { bare: true };

export default function PresaleSuccessPage() {
  return <PresaleSuccessView />;
}
