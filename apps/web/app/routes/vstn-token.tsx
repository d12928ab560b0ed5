import { ArrowRight, FileText } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { tokenFacts, tokenomicsParagraphs, tokenPageHero, tokenUtilities } from "~/content/token";
import { PillarCard } from "~/features/pages/components/pillar-card";
import { SafeImage } from "~/features/pages/components/safe-image";
import { AllocationCircles } from "~/features/pages/token/allocation-circles";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/vstn-token";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "$VSTN Token",
    description: "$VSTN: utilities, allocation, distribution and tokenomics of Vestin’s ERC-20 token on Base.",
  });

export default function VstnTokenPage() {
  return (
    <>
      <PageHeader eyebrow="$VSTN" title={tokenPageHero.title} intro={tokenPageHero.subtitle}>
        <ButtonLink to="/token-economy" size="lg">
          Explore the token economy
          <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
        <ButtonLink to="/whitepaper" variant="light" size="lg">
          <FileText aria-hidden="true" className="size-4" />
          Read the whitepaper
        </ButtonLink>
      </PageHeader>

      <div className="border-b border-line bg-white">
        <dl className="container-page grid grid-cols-2 gap-x-6 gap-y-5 py-8 sm:grid-cols-3 lg:grid-cols-6">
          {tokenFacts.map((fact) => (
            <div key={fact.id}>
              <dt className="text-xs font-medium uppercase tracking-wider text-muted">{fact.label}</dt>
              <dd className="mt-1 font-semibold text-ink">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <section aria-labelledby="utilities" className="container-page py-16 sm:py-20">
        <SectionHeading id="utilities" eyebrow="Utilities" title={tokenPageHero.utilitiesHeading} />
        <ul className="reveal mt-10 grid gap-5 md:grid-cols-3">
          {tokenUtilities.map((utility) => (
            <PillarCard key={utility.id} icon={utility.icon} title={utility.title} description={utility.description} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="allocation" className="bg-surface">
        <div className="container-page reveal py-16 sm:py-20">
          <SectionHeading
            id="allocation"
            eyebrow="Allocation"
            title={tokenPageHero.allocationHeading}
            intro="The four largest shares of the fixed supply. Every allocation, with its vesting terms, is on the token economy page."
          />
          <div className="mt-10">
            <AllocationCircles />
          </div>
          <figure className="mt-12 overflow-hidden rounded-card border border-line bg-white p-4 shadow-card sm:p-8">
            <SafeImage
              src="/images/token/vstn-distribution.svg"
              alt={tokenPageHero.distributionImageAlt}
              width={1200}
              height={640}
              className="mx-auto h-auto w-full max-w-5xl"
            />
            <figcaption className="mt-4 text-center text-sm text-muted">
              Distribution of the 100,000,000 $VSTN supply. See the{" "}
              <Link to="/token-economy#tokenomics" className="font-semibold text-brand-violet underline underline-offset-4">
                full allocation table
              </Link>{" "}
              for prices and vesting.
            </figcaption>
          </figure>
        </div>
      </section>

      <section aria-labelledby="tokenomics" className="container-page py-16 sm:py-20">
        <div className="reveal mx-auto max-w-3xl">
          <SectionHeading id="tokenomics" eyebrow="Supply and burns" title={tokenPageHero.tokenomicsHeading} />
          {tokenomicsParagraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 24)} className="mt-5 text-lg leading-relaxed text-muted">
              {paragraph}
            </p>
          ))}
        </div>
      </section>
    </>
  );
}
