import { TaskPage } from "~/components/ui/page-header";
import { ConfirmView } from "~/features/leads/components/confirm-view";
import { confirmPageCopy } from "~/features/leads/copy";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/confirm";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Confirm your e-mail address",
    description: "Confirm the e-mail address you gave for the presale whitelist, the testnet waitlist or the airdrop claim.",
    path: "/confirm",
    noindex: true,
  });

/** Every link carries its own token: never keep or share a copy of this page. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function ConfirmPage() {
  return (
    <TaskPage eyebrow={confirmPageCopy.eyebrow} title={confirmPageCopy.title} intro={confirmPageCopy.intro}>
      <ConfirmView />
    </TaskPage>
  );
}
