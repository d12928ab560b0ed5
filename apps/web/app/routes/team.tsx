import { PageHeader } from "~/components/ui/page-header";
import { missionPage } from "~/content/mission";
import { regulatoryCompliance, regulatoryComplianceHeading, teamFilterLabels, teamMission, teamPageIntro, whyInvest, whyInvestHeading } from "~/content/team";
import { InfoAccordions } from "~/features/pages/team/info-accordions";
import { MissionBlock } from "~/features/pages/team/mission-block";
import { TeamDirectory } from "~/features/pages/team/team-directory";
import { teamGroupsContent } from "~/features/pages/team/team-groups.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Team",
    description:
      "Meet the founders, team and advisors behind Vestin: asset managers, engineers and compliance specialists building real-world-asset tokenization.",
  });

/**
 * The page's copy comes from ~/content through the loader, so it reaches the browser as data in
 * the HTML instead of shipping as JavaScript (the loader and its imports stay on the server).
 */
export function loader() {
  return {
    intro: teamPageIntro,
    filters: teamFilterLabels,
    groups: teamGroupsContent(),
    mission: teamMission,
    missionPillars: missionPage.pillars.map(({ id, title, icon }) => ({ id, title, icon })),
    whyInvest: { heading: whyInvestHeading, items: whyInvest },
    regulatoryCompliance: { heading: regulatoryComplianceHeading, items: regulatoryCompliance },
  };
}

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  const { intro, filters, groups, mission, missionPillars, whyInvest, regulatoryCompliance } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Leadership" title={intro.title} intro={intro.subtitle} />
      <div className="container-page py-16 sm:py-20">
        <TeamDirectory filters={filters} groups={groups} />
      </div>
      <div className="container-page pb-16 sm:pb-20">
        <MissionBlock mission={mission} pillars={missionPillars} />
      </div>
      <div className="bg-surface">
        <div className="container-page reveal py-16 sm:py-20">
          <InfoAccordions whyInvest={whyInvest} regulatoryCompliance={regulatoryCompliance} />
        </div>
      </div>
    </>
  );
}
