import { CheckCircle2 } from "lucide-react";
import { SectionHeading } from "~/components/ui/section-heading";
import { aboutLearning } from "~/content/learning-pages";
import { LearnLinkButton } from "./learn-link-button";

/** Achievements as a checked list, with View Certifications leading to the catalogue's tracks. */
export function AchievementsPanel() {
  const { achievements } = aboutLearning;
  return (
    <section aria-labelledby="achievements" className="bg-white">
      <div className="container-page reveal grid gap-10 py-16 sm:py-20 lg:grid-cols-[1fr_1.3fr] lg:gap-16 lg:py-24">
        <div className="max-w-xl">
          <SectionHeading id="achievements" eyebrow="Milestones" title={achievements.heading} intro={<p>{achievements.intro}</p>} />
          <div className="mt-8">
            <LearnLinkButton link={achievements.button} />
          </div>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4">
          {achievements.items.map((item) => (
            <li key={item} className="flex gap-3 rounded-card border border-line bg-surface p-5 font-medium leading-snug text-ink">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
