import { Check, Download, X } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { buttonClasses } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { brandPalette, logoDonts, logoDos, mediaKitPage, styleGuideImages } from "~/content/media-kit";
import { BRAND_GUIDELINES } from "~/features/pages/documents/documents";
import { SafeImage } from "~/features/pages/components/safe-image";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/media-kit";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Vestin Media Kit",
    description: "Vestin logos, colours and brand guidelines for press and partners.",
  });

/** The brand guidelines PDF this site serves (built with the whitepaper, scripts/build-documents.ts). */
function DownloadGuidelines() {
  return (
    <a href={BRAND_GUIDELINES.href} download={BRAND_GUIDELINES.fileName} data-guidelines-download className={buttonClasses("primary", "lg")}>
      <Download aria-hidden="true" className="size-4" />
      {mediaKitPage.downloadButtonLabel}
      <span className="sr-only"> (PDF)</span>
    </a>
  );
}

const RULE_LOOKS = { do: { Icon: Check, colour: "text-success" }, dont: { Icon: X, colour: "text-danger" } } as const;

/** What to do, or not to do, with the logo: the list under a heading that says which. */
function LogoRules({ kind, heading, rules }: { kind: keyof typeof RULE_LOOKS; heading: string; rules: readonly string[] }) {
  const { Icon, colour } = RULE_LOOKS[kind];
  return (
    <Card className="p-6 sm:p-8">
      <h3 className={cn("flex items-center gap-2 text-lg font-semibold", colour)}>
        <Icon aria-hidden="true" className="size-5" />
        {heading}
      </h3>
      <ul className="mt-4 grid gap-3">
        {rules.map((item) => (
          <li key={item} className="flex gap-3 text-muted">
            <Icon aria-hidden="true" className={cn("mt-1 size-4 shrink-0", colour)} />
            {item}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function MediaKitPage() {
  const [lead, ...intro] = mediaKitPage.intro;
  return (
    <>
      <PageHeader eyebrow="Press" title={mediaKitPage.title} intro={lead}>
        <DownloadGuidelines />
      </PageHeader>

      <section aria-labelledby="style-guide" className="container-page py-16 sm:py-20">
        <SectionHeading id="style-guide" eyebrow="Style guide" title="The brand at a glance" intro={intro.join(" ")} />
        <div className="mt-10 grid gap-6 lg:grid-cols-2">
          {styleGuideImages.map((image, index) => (
            <figure key={image.id} className="overflow-hidden rounded-card border border-line bg-white shadow-card">
              <SafeImage src={image.src} alt={image.alt} width={1200} height={800} priority={index === 0} className="h-auto w-full bg-surface" />
              <figcaption className="border-t border-line px-5 py-3 text-sm text-muted">{image.caption}</figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section aria-labelledby="palette" className="bg-surface">
        <div className="container-page reveal py-16 sm:py-20">
          <SectionHeading id="palette" eyebrow="Colour" title={mediaKitPage.paletteHeading} intro={mediaKitPage.gradientNote} />
          <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {brandPalette.map((color) => (
              <Card as="li" key={color.id} className="overflow-hidden">
                {/* The swatch shows the palette entry itself, so its colour comes from the content data. */}
                <span aria-hidden="true" className="block h-20 border-b border-line" style={{ background: color.hex }} />
                <div className="p-4">
                  <p className="font-semibold text-ink">{color.name}</p>
                  <p className="font-mono text-sm text-muted">{color.hex}</p>
                  <p className="mt-2 text-sm leading-relaxed text-muted">{color.usage}</p>
                </div>
              </Card>
            ))}
          </ul>
          <div aria-hidden="true" className="mt-6 h-3 rounded-full bg-brand-gradient" />
        </div>
      </section>

      <section aria-labelledby="logo-usage" className="container-page py-16 sm:py-20">
        <SectionHeading id="logo-usage" eyebrow="Logo" title={mediaKitPage.logoHeading} />
        <div className="reveal mt-10 grid gap-6 md:grid-cols-2">
          <LogoRules kind="do" heading={mediaKitPage.doHeading} rules={logoDos} />
          <LogoRules kind="dont" heading={mediaKitPage.dontHeading} rules={logoDonts} />
        </div>
        <div className="reveal mt-12 max-w-3xl">
          <h3 className="text-xl font-semibold text-ink">{mediaKitPage.nameUsageHeading}</h3>
          <ul className="mt-4 grid gap-2">
            {mediaKitPage.nameUsage.map((rule) => (
              <li key={rule} className="flex gap-3 text-muted">
                <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brand-teal" />
                {rule}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="download" className="container-page pb-16 sm:pb-20">
        <div className="reveal flex flex-col items-start gap-6 rounded-card bg-navy-950 p-8 text-white sm:p-12 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 id="download" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {mediaKitPage.downloadHeading}
            </h2>
            <p className="mt-3 leading-relaxed text-slate-300">{mediaKitPage.downloadBody}</p>
            <p className="mt-3 text-sm text-slate-400">
              {mediaKitPage.pressContactNote.replace(/contact page\.$/, "")}
              <Link to="/contact" className="font-semibold text-white underline underline-offset-4">
                contact page
              </Link>
              .
            </p>
          </div>
          <DownloadGuidelines />
        </div>
      </section>
    </>
  );
}
