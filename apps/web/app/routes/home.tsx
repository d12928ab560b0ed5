import { AssetPoolSection } from "~/features/pages/home/asset-pool-section";
import { CommunitySection } from "~/features/pages/home/community-section";
import { ComparisonTable } from "~/features/pages/home/comparison-table";
import { HomeHero } from "~/features/pages/home/home-hero";
import { InvestmentProfiles } from "~/features/pages/home/investment-profiles";
import { LeadershipSection } from "~/features/pages/home/leadership-section";
import { NewNormal } from "~/features/pages/home/new-normal";
import { TokenTeaser } from "~/features/pages/home/token-teaser";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Vestin: Own more. Risk less.",
    description: "Fractional investment in real estate, renewable energy, bitcoin mining and carbon credits, from $100, with custody, KYC and compliance built in.",
  });

export default function HomePage() {
  return (
    <>
      <HomeHero />
      <NewNormal />
      <ComparisonTable />
      <LeadershipSection />
      <CommunitySection />
      <AssetPoolSection />
      <InvestmentProfiles />
      <TokenTeaser />
    </>
  );
}
