import { learnHome } from "~/content/learning-pages";
import { LearnLinkButton } from "./learn-link-button";
import { StatList, type StatItem } from "./stat-list";
import { GlowHeader } from "~/components/ui/glow";

/** /learn's opening: the hub's h1, Start Learning and Explore Courses, and the three live figures. */
export function LearnHomeHero({ stats }: { stats: StatItem[] }) {
  const { hero } = learnHome;
  return (
    <GlowHeader
      lights={["-top-40 right-[-10%] h-[28rem] w-[28rem] bg-brand-violet/25", "-bottom-48 left-[-10%] h-[28rem] w-[28rem] bg-brand-teal/20"]}
      className="grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:py-28"
    >
      <div>
        <p className="mb-4 text-sm font-semibold tracking-widest text-brand-teal uppercase">Learn</p>
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">{hero.title}</h1>
        <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-300">{hero.subtitle}</p>
        <div className="mt-10 flex flex-wrap gap-3">
          {hero.primaryButton && <LearnLinkButton link={hero.primaryButton} />}
          {hero.secondaryButton && <LearnLinkButton link={hero.secondaryButton} variant="light" />}
        </div>
      </div>
      <StatList stats={stats} tone="dark" columns={3} label="The learning area in figures" className="lg:grid-cols-1" />
    </GlowHeader>
  );
}
