import { MY_LEARNING_COPY } from "../copy";
import { GlowHeader } from "~/components/ui/glow";

/** A compact page opening: the learner came for their courses, not for a hero. */
export function MyLearningHeader({ name }: { name: string | null }) {
  return (
    <GlowHeader
      glowClassName="opacity-60"
      lights={["-top-32 right-[-10%] h-80 w-80 bg-brand-violet/30", "-bottom-40 left-[-5%] h-80 w-80 bg-brand-teal/20"]}
      className="py-10 sm:py-14"
    >
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-teal">
        {name ? `${MY_LEARNING_COPY.eyebrow} · ${name}` : MY_LEARNING_COPY.eyebrow}
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">{MY_LEARNING_COPY.title}</h1>
      <p className="mt-3 max-w-2xl leading-relaxed text-slate-300 sm:text-lg">{MY_LEARNING_COPY.intro}</p>
    </GlowHeader>
  );
}
