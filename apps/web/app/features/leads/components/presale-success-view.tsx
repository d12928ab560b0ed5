import { ArrowLeft, ArrowUpRight, Bell, CalendarClock, CheckCircle2, MessageCircle, MessagesSquare, Send, Users } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { Logo } from "~/components/layout/logo";
import { presaleCommunityLinks, presaleNextSteps, presaleSuccessCopy as copy, type CommunityLink } from "~/content/presale";
import { presaleQueueCopy } from "../copy";
import { usePresaleQueue } from "../hooks/use-presale-queue";
import { ReferralCard } from "~/features/referrals";
import { LeadIcon } from "./content-icon";
import { Glow } from "~/components/ui/glow";

const COMMUNITY_ICONS: Record<CommunityLink["id"], typeof Send> = {
  discord: MessagesSquare,
  telegram: Send,
  twitter: MessageCircle,
  linkedin: Users,
};

const number = (n: number) => n.toLocaleString("en-US");

/** When the presale opens and how the person hears of it, under the queue position. */
const launchNotes = [
  { icon: CalendarClock, text: copy.launchEstimate },
  { icon: Bell, text: copy.launchNotice },
];

/** /presale/success: the queue position, what happens next and the community links, without the site's header and footer. */
export function PresaleSuccessView() {
  const queue = usePresaleQueue();
  const loading = queue.status === "loading";

  return (
    <div className="relative min-h-dvh overflow-hidden bg-navy-950 text-white">
      <Glow
        className="opacity-60"
        lights={["-top-40 left-1/2 h-[28rem] w-[28rem] -translate-x-1/2 bg-brand-violet/30", "bottom-0 right-[-10%] h-96 w-96 bg-brand-teal/15"]}
      />
      <div className="container-page relative max-w-5xl py-10 sm:py-14">
        <Link to="/" aria-label="Vestin home" className="inline-block rounded-lg">
          <Logo />
        </Link>

        <header className="mt-12 text-center">
          <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-brand-gradient">
            <CheckCircle2 aria-hidden="true" className="size-8" />
          </span>
          <h1 className="mt-6 text-4xl font-bold tracking-tight sm:text-5xl">{copy.title}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">{copy.subtitle}</p>
        </header>

        <section
          aria-labelledby="queue-heading"
          aria-busy={loading}
          className="mx-auto mt-10 max-w-xl rounded-[var(--radius-card)] border border-white/10 bg-white/[0.06] p-6 text-center backdrop-blur sm:p-8"
        >
          <h2 id="queue-heading" className="text-sm font-semibold uppercase tracking-widest text-brand-teal">
            {copy.queueHeading}
          </h2>
          {loading ? (
            <div className="mt-5" role="status">
              <span className="sr-only">{presaleQueueCopy.loading}</span>
              <div aria-hidden="true" className="mx-auto h-14 w-40 animate-pulse rounded-xl bg-white/10" />
              <div aria-hidden="true" className="mx-auto mt-3 h-5 w-52 animate-pulse rounded bg-white/10" />
            </div>
          ) : (
            <div className="mt-4">
              <p className="text-sm text-slate-300">{presaleQueueCopy.positionLabel}</p>
              <p className="mt-1 text-6xl font-bold tracking-tight" data-queue-position={queue.queuePosition}>
                #{number(queue.queuePosition)}
              </p>
              <p className="mt-2 text-slate-300">{presaleQueueCopy.totalLabel(number(queue.totalAhead))}</p>
            </div>
          )}
          <div className="mt-6 grid gap-3 border-t border-white/10 pt-6 text-left text-sm text-slate-200 sm:grid-cols-2">
            {launchNotes.map(({ icon: Icon, text }) => (
              <p key={text} className="flex items-start gap-2.5">
                <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-teal" />
                {text}
              </p>
            ))}
          </div>
        </section>

        <ReferralCard list="presale" tone="dark" className="mx-auto mt-6 max-w-xl" />

        <section aria-labelledby="next-heading" className="mt-16">
          <h2 id="next-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
            {copy.nextStepsHeading}
          </h2>
          <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {presaleNextSteps.map((step, i) => (
              <li key={step.id} className="rounded-[var(--radius-card)] border border-white/10 bg-white/[0.04] p-5">
                <div className="flex items-center gap-3">
                  <span className="inline-flex size-10 items-center justify-center rounded-xl bg-white/10 text-brand-teal">
                    <LeadIcon name={step.icon} className="size-5" />
                  </span>
                  <span className="text-xs font-semibold uppercase tracking-widest text-slate-400">Step {i + 1}</span>
                </div>
                <h3 className="mt-4 font-semibold">{step.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-300">{step.description}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="community-heading" className="mt-16">
          <h2 id="community-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
            {copy.communityHeading}
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {presaleCommunityLinks.map((link) => {
              const Icon = COMMUNITY_ICONS[link.id];
              return (
                <li key={link.id}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="group flex h-full flex-col rounded-[var(--radius-card)] border border-white/10 bg-white/[0.04] p-5 transition-colors hover:border-white/25 hover:bg-white/[0.08]"
                  >
                    <span className="flex items-center justify-between">
                      <Icon aria-hidden="true" className="size-6 text-brand-teal" />
                      <ArrowUpRight
                        aria-hidden="true"
                        className="size-4 text-slate-400 transition-transform group-hover:-translate-y-0.5 group-hover:translate-x-0.5"
                      />
                    </span>
                    <span className="mt-4 font-semibold">
                      {link.label}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </span>
                    <span className="mt-1 text-sm text-slate-300">{link.description}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </section>

        <div className="mt-16 flex justify-center">
          <ButtonLink to={copy.backHomeHref} variant="light" size="lg">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {copy.backHomeLabel}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
