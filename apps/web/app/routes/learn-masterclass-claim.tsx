import { TaskPage } from "~/components/ui/page-header";
import { MASTERCLASS_CLAIM_PATH, masterclassClaim } from "~/content/learning-pages";
import { MasterclassClaim } from "~/features/pages/learn/masterclass-claim";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-masterclass-claim";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: masterclassClaim.title,
    description: "Claim the free Ambassador Masterclass: create a free account or sign in, and you are enrolled at once.",
    path: MASTERCLASS_CLAIM_PATH,
    noindex: true,
  });

export default function MasterclassClaimPage() {
  return (
    <TaskPage eyebrow={masterclassClaim.eyebrow} title={masterclassClaim.title} intro={masterclassClaim.intro}>
      <MasterclassClaim />
    </TaskPage>
  );
}
