import type { CallToAction } from "~/content/learning-pages";
import { LearnLinkButton } from "./learn-link-button";
import { GlowPanel } from "./glow-panel";

/**
 * The closing band of a page: a dark panel with the brand glow, a heading, a line and its buttons.
 * It continues the background of the section above (`tone`), whose bottom padding it shares.
 */
export function CallToActionBand({ cta, id, tone = "white" }: { cta: CallToAction; id: string; tone?: "white" | "surface" }) {
  return (
    <section aria-labelledby={id} className={tone === "surface" ? "bg-surface" : "bg-white"}>
      <div className="container-page reveal pb-16 sm:pb-20 lg:pb-24">
        <GlowPanel
          lights={["-top-24 left-1/2 h-72 w-[36rem] -translate-x-1/2 bg-brand-violet/25", "-bottom-32 left-[10%] h-64 w-64 bg-brand-teal/20"]}
          className="px-6 py-12 text-center sm:px-12 sm:py-16"
        >
          <div className="relative mx-auto max-w-2xl">
            <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {cta.heading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-300">{cta.body}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              {cta.buttons.map((button, index) => (
                <LearnLinkButton key={button.href} link={button} variant={index === 0 ? "primary" : "light"} />
              ))}
            </div>
          </div>
        </GlowPanel>
      </div>
    </section>
  );
}
