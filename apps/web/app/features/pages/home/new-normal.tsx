import { SectionHeading } from "~/components/ui/section-heading";
import type { NewNormalSection } from "~/content/home";
import { PillarCard } from "../components/pillar-card";
import { SafeImage } from "../components/safe-image";

/**
 * "The New Normal" and its four benefits. No video file has been supplied, so the section shows
 * a still illustration of the same story in its place rather than an empty player.
 */
export function NewNormal({ newNormal }: { newNormal: NewNormalSection }) {
  return (
    <section aria-labelledby="new-normal" className="container-page py-16 sm:py-24">
      <div className="reveal grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <SectionHeading id="new-normal" eyebrow="Why tokenized assets" title={newNormal.heading} intro={newNormal.intro} />
        <figure>
          <SafeImage
            src="/images/home/new-normal.svg"
            alt="An office building, a solar farm, a mining rack and a forest, each split into equal tokens held in an investor's wallet"
            width={640}
            height={400}
            className="h-auto w-full rounded-card border border-line bg-surface"
          />
          <figcaption className="mt-3 text-sm text-muted">{newNormal.videoCaption}</figcaption>
        </figure>
      </div>
      <ul className="reveal mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {newNormal.benefits.map((benefit) => (
          <PillarCard key={benefit.id} icon={benefit.icon} title={benefit.title} description={benefit.description} />
        ))}
      </ul>
    </section>
  );
}
