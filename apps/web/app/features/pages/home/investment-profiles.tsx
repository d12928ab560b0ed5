import { AlertTriangle } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { SectionHeading } from "~/components/ui/section-heading";
import type { InvestmentProfilesSection } from "~/content/home";
import { IconTile } from "../components/content-icon";

/** Four investor profiles, each with who it suits, the focus assets and what to weigh first. */
export function InvestmentProfiles({ investmentProfiles }: { investmentProfiles: InvestmentProfilesSection }) {
  return (
    <section aria-labelledby="profiles" className="bg-surface">
      <div className="container-page reveal py-16 sm:py-24">
        <SectionHeading id="profiles" eyebrow="Investment profiles" title={investmentProfiles.heading} intro={investmentProfiles.intro} />
        <ul className="mt-12 grid gap-5 md:grid-cols-2">
          {investmentProfiles.profiles.map((profile) => (
            <Card as="li" key={profile.id} className="flex flex-col p-6 sm:p-8">
              <div className="flex items-start gap-4">
                <IconTile name={profile.icon} />
                <div>
                  <h3 className="text-xl font-semibold text-ink">{profile.title}</h3>
                  <p className="mt-1 text-sm text-muted">{profile.forWhom}</p>
                </div>
              </div>
              <p className="mt-5 leading-relaxed text-muted">{profile.description}</p>
              <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
                <dt className="font-semibold text-ink">Minimum</dt>
                <dd className="text-muted">{profile.minimumInvestment}</dd>
                <dt className="font-semibold text-ink">Focus assets</dt>
                <dd className="flex flex-wrap gap-2">
                  {profile.focusAssets.map((asset) => (
                    <Badge key={asset} tone="teal">
                      {asset}
                    </Badge>
                  ))}
                </dd>
              </dl>
              <p className="mt-6 flex gap-2 rounded-xl bg-notice-bg px-4 py-3 text-sm text-notice">
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  <span className="font-semibold">Consider: </span>
                  {profile.consider}
                </span>
              </p>
            </Card>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-sm text-muted">{investmentProfiles.disclaimer}</p>
      </div>
    </section>
  );
}
