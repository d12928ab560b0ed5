import { ArrowRight } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { missionPage } from "~/content/mission";
import { PillarCard } from "~/features/pages/components/pillar-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/mission";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Mission",
    description: "Why Vestin exists: opening institutional-grade real-world assets to everyone, with compliance, education and community at the core.",
  });

export default function MissionPage() {
  const [lead, ...rest] = missionPage.paragraphs;
  return (
    <>
      <PageHeader eyebrow="Mission" title={missionPage.title} />
      <section aria-label="Our mission" className="container-page py-16 sm:py-20">
        <div className="mx-auto max-w-3xl">
          <p className="text-xl leading-relaxed text-ink sm:text-2xl sm:leading-relaxed">{lead}</p>
          {rest.map((paragraph) => (
            <p key={paragraph.slice(0, 24)} className="mt-6 text-lg leading-relaxed text-muted">
              {paragraph}
            </p>
          ))}
        </div>
      </section>
      <section aria-labelledby="pillars" className="bg-surface">
        <div className="container-page reveal py-16 sm:py-20">
          <SectionHeading id="pillars" eyebrow="Pillars" title={missionPage.pillarsHeading} />
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {missionPage.pillars.map((pillar) => (
              <PillarCard key={pillar.id} icon={pillar.icon} title={pillar.title} description={pillar.description} />
            ))}
          </ul>
          <div className="mt-12 flex flex-wrap gap-3">
            <ButtonLink to="/team">
              Meet the team
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
            <ButtonLink to="/learn" variant="outline">
              Start learning
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
