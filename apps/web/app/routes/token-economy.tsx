import { PageHeader } from "~/components/ui/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { tokenEconomyHero } from "~/content/token";
import { FlowDiagram } from "~/features/pages/token-economy/flow-diagram";
import { StatStrip } from "~/features/pages/token-economy/stat-strip";
import { TokenDetailsTabs } from "~/features/pages/token-economy/token-details-tabs";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/token-economy";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Token Economy",
    description: "How value flows through $VSTN: staking tiers, distribution and vesting, burns, and an ROI calculator.",
  });

export const handle: RouteHandle = { loaderMs: 500 };

export default function TokenEconomyPage() {
  return (
    <>
      <PageHeader eyebrow="Token economy" title={tokenEconomyHero.title} intro={tokenEconomyHero.subtitle}>
        <div className="w-full">
          <StatStrip />
        </div>
      </PageHeader>
      <section aria-labelledby="value-flows" className="container-page py-16 sm:py-20">
        <SectionHeading id="value-flows" eyebrow="Value flows" title={tokenEconomyHero.flowHeading} intro={tokenEconomyHero.flowIntro} className="mb-8" />
        <FlowDiagram />
      </section>
      <section aria-labelledby="token-details" className="bg-surface">
        <div className="container-page py-16 sm:py-20">
          <SectionHeading
            id="token-details"
            eyebrow="Details"
            title="Tiers, distribution and rewards"
            intro="What each staking tier unlocks, how the supply is allocated and vested, and what a stake could earn."
            className="mb-8"
          />
          <TokenDetailsTabs />
        </div>
      </section>
    </>
  );
}
