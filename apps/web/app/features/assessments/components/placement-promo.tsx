import { ArrowRight, Compass } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { ASSESSMENT_COPY } from "../copy";
import { PLACEMENT_PATH } from "../paths";

/** "Not sure where to start?": the way to the placement quiz from the learning hub. */
export function PlacementPromo({ className }: { className?: string }) {
  return (
    <div
      className={cn(
        "flex flex-col gap-4 rounded-[var(--radius-card)] border border-brand-violet/20 bg-brand-violet/5 p-5 sm:flex-row sm:items-center sm:p-6",
        className,
      )}
      data-testid="placement-promo"
    >
      <span aria-hidden="true" className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-gradient text-white">
        <Compass className="size-6" />
      </span>
      <p className="flex-1 leading-relaxed text-ink">
        <strong className="font-semibold">{ASSESSMENT_COPY.placementPromo}</strong> <span className="text-muted">{ASSESSMENT_COPY.placementPromoNote}</span>
      </p>
      <ButtonLink to={PLACEMENT_PATH} className="self-start sm:self-auto">
        {ASSESSMENT_COPY.placementPromoLink} <ArrowRight aria-hidden="true" className="size-4" />
      </ButtonLink>
    </div>
  );
}
