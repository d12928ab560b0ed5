import { assetPool, community, comparison, experiencedLeadership, homeHero, investmentProfiles, newNormal, tokenSection } from "~/content/home";
import { tokenFacts } from "~/content/token";
import { AssetPoolSection } from "~/features/pages/home/asset-pool-section";
import { CommunitySection } from "~/features/pages/home/community-section";
import { ComparisonTable } from "~/features/pages/home/comparison-table";
import { HomeHero } from "~/features/pages/home/home-hero";
import { InvestmentProfiles } from "~/features/pages/home/investment-profiles";
import { LeadershipSection } from "~/features/pages/home/leadership-section";
import { NewNormal } from "~/features/pages/home/new-normal";
import { TokenTeaser } from "~/features/pages/home/token-teaser";
import { teamGroupsContent } from "~/features/pages/team/team-groups.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Vestin: Own more. Risk less.",
    description:
      "Fractional investment in real estate, renewable energy, bitcoin mining and carbon credits, from $100, with custody, KYC and compliance built in.",
  });

/**
 * The page's copy comes from ~/content through the loader, so it reaches the browser as data in
 * the HTML instead of shipping as JavaScript (the loader and its imports stay on the server).
 * The initial JavaScript of "/" has a budget of 120 KB (Brotli).
 */
export function loader() {
  return {
    hero: homeHero,
    newNormal,
    comparison,
    leadership: experiencedLeadership,
    community,
    assetPool,
    investmentProfiles,
    tokenSection,
    tokenFacts,
    team: teamGroupsContent(),
  };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const content = loaderData;
  return (
    <>
      <HomeHero hero={content.hero} assetPool={content.assetPool} />
      <NewNormal newNormal={content.newNormal} />
      <ComparisonTable comparison={content.comparison} />
      <LeadershipSection leadership={content.leadership} team={content.team} />
      <CommunitySection community={content.community} />
      <AssetPoolSection assetPool={content.assetPool} />
      <InvestmentProfiles investmentProfiles={content.investmentProfiles} />
      <TokenTeaser tokenSection={content.tokenSection} tokenFacts={content.tokenFacts} />
    </>
  );
}
