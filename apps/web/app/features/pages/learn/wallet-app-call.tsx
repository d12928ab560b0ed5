import { ShieldCheck } from "lucide-react";
import { ExternalButtonLink } from "~/components/ui/external-button-link";
import { IconTile } from "~/components/ui/icon-tile";
import { connectWallet } from "~/content/learning-pages";
import { GlowPanel } from "./glow-panel";

/** Verify Your Holdings: opens the external wallet app in a new tab, without handing it this page (noopener). */
export function WalletAppCall() {
  const { cta } = connectWallet;
  return (
    <section aria-labelledby="verify-holdings" className="bg-white">
      <div className="container-page reveal py-16 sm:py-20">
        <GlowPanel
          lights={["-top-24 right-[-5%] h-72 w-72 bg-brand-violet/30", "-bottom-32 left-[-5%] h-72 w-72 bg-brand-teal/20"]}
          className="px-6 py-12 sm:px-12 sm:py-14"
        >
          <div className="relative grid items-center gap-8 lg:grid-cols-[1fr_auto] lg:gap-14">
            <div className="max-w-2xl">
              <IconTile icon={ShieldCheck} tone="dark" />
              <h2 id="verify-holdings" className="mt-5 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
                {cta.heading}
              </h2>
              <p className="mt-4 text-lg leading-relaxed text-slate-300">{cta.body}</p>
              <p className="mt-4 text-sm leading-relaxed text-slate-400">{cta.note}</p>
            </div>
            <ExternalButtonLink href={cta.button.href} size="lg" className="justify-self-start">
              {cta.button.label}
            </ExternalButtonLink>
          </div>
        </GlowPanel>
      </div>
    </section>
  );
}
