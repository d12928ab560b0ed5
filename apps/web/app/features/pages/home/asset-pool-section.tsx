import { Card } from "~/components/ui/card";
import { SectionHeading } from "~/components/ui/section-heading";
import type { AssetPoolSection as AssetPoolContent } from "~/content/home";
import { IconTile } from "../components/content-icon";

/** The $950M+ asset pool by class, each with its share of the pool drawn as a bar. */
export function AssetPoolSection({ assetPool }: { assetPool: AssetPoolContent }) {
  return (
    <section aria-labelledby="asset-pool" className="container-page py-16 sm:py-24">
      <div className="reveal flex flex-wrap items-end justify-between gap-8">
        <SectionHeading id="asset-pool" eyebrow="What you can own" title={assetPool.heading} intro={assetPool.intro} />
        <p className="text-right">
          <span className="block text-5xl font-bold tracking-tight text-ink sm:text-6xl">{assetPool.total}</span>
          <span className="text-sm font-medium text-muted">in the pool across four classes</span>
        </p>
      </div>
      <ul className="reveal mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {assetPool.classes.map((assetClass) => {
          const share = Math.round((assetClass.amountMillions / assetPool.totalMillions) * 100);
          return (
            <Card as="li" key={assetClass.id} className="flex flex-col p-6">
              <IconTile name={assetClass.icon} />
              <h3 className="mt-5 text-lg font-semibold text-ink">{assetClass.name}</h3>
              <p className="mt-1 text-3xl font-bold tracking-tight text-ink">{assetClass.amount}</p>
              <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div className="h-full rounded-full bg-brand-gradient" style={{ width: `${share}%` }} />
              </div>
              <p className="mt-1 text-xs font-medium text-muted">About {share}% of the pool</p>
              <p className="mt-4 text-sm leading-relaxed text-muted">{assetClass.description}</p>
            </Card>
          );
        })}
      </ul>
      <p className="mt-6 max-w-3xl text-sm text-muted">{assetPool.footnote}</p>
    </section>
  );
}
