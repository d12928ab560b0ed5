import { PageHeader } from "~/components/ui/page-header";
import { teamPageIntro } from "~/content/team";
import { InfoAccordions } from "~/features/pages/team/info-accordions";
import { MissionBlock } from "~/features/pages/team/mission-block";
import { TeamDirectory } from "~/features/pages/team/team-directory";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Team",
    description: "Meet the founders, team and advisors behind Vestin: asset managers, engineers and compliance specialists building real-world-asset tokenization.",
  });

export default function TeamPage() {
  return (
    <>
      <PageHeader eyebrow="Leadership" title={teamPageIntro.title} intro={teamPageIntro.subtitle} />
      <div className="container-page py-16 sm:py-20">
        <TeamDirectory />
      </div>
      <div className="container-page pb-16 sm:pb-20">
        <MissionBlock />
      </div>
      <div className="bg-surface">
        <div className="container-page reveal py-16 sm:py-20">
          <InfoAccordions />
        </div>
      </div>
    </>
  );
}
