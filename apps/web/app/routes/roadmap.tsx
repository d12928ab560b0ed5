import { ArrowDown } from "lucide-react";
import { PageHeader } from "~/components/ui/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { roadmapHeader } from "~/content/roadmap";
import { SectionLink } from "~/features/pages/components/section-link";
import { RoadmapMetrics } from "~/features/pages/roadmap/roadmap-metrics";
import { RoadmapTimeline } from "~/features/pages/roadmap/roadmap-timeline";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/roadmap";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Roadmap",
    description: "Vestin’s 2025 roadmap: quarterly milestones from the learning platform to the token generation event.",
  });

export default function RoadmapPage() {
  return (
    <>
      <PageHeader eyebrow="Roadmap 2025" title={roadmapHeader.title} intro={roadmapHeader.subtitle}>
        <SectionLink target="timeline" size="lg">
          {roadmapHeader.buttonLabel}
          <ArrowDown aria-hidden="true" className="size-4" />
        </SectionLink>
      </PageHeader>
      <div className="relative -mt-10 sm:-mt-12">
        <div className="container-page">
          <div className="rounded-[1.25rem] bg-navy-900 p-3 shadow-card sm:p-4">
            <RoadmapMetrics />
          </div>
        </div>
      </div>
      <section id="timeline" aria-labelledby="timeline-heading" className="container-page scroll-mt-28 py-16 focus:outline-none sm:py-24">
        <SectionHeading
          id="timeline-heading"
          eyebrow="The journey"
          title="Quarter by quarter"
          intro="What we set out to deliver in 2025, in the order we planned it. Open a card to see every milestone of that quarter."
          align="center"
          className="mb-14"
        />
        <RoadmapTimeline />
      </section>
    </>
  );
}
