import { SectionHeading } from "~/components/ui/section-heading";
import { aboutLearning } from "~/content/learning-pages";
import { StatList } from "./stat-list";

/** Our Mission beside the four animated figures (students, tracks, instructors, completion rate). */
export function AboutMission() {
  const { mission, stats } = aboutLearning;
  return (
    <section aria-labelledby="mission" className="bg-white">
      <div className="container-page reveal grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-2 lg:gap-16 lg:py-24">
        <div className="max-w-2xl">
          <SectionHeading id="mission" eyebrow="Why we teach" title={mission.heading} />
          {mission.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 32)} className="mt-5 text-lg leading-relaxed text-muted">
              {paragraph}
            </p>
          ))}
        </div>
        <StatList stats={stats} columns={2} label="The learning area in figures" />
      </div>
    </section>
  );
}
