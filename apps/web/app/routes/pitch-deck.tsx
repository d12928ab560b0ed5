import { PageHeader } from "~/components/ui/page-header";
import { PITCH_DECK } from "~/features/pages/documents/documents";
import { documentOutline } from "~/features/pages/documents/document-outline.server";
import { DocumentOutline } from "~/features/pages/documents/document-outline";
import { PdfViewer } from "~/features/pages/documents/pdf-viewer";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/pitch-deck";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Vestin Pitch Deck",
    description: "View or download the Vestin pitch deck: the problem, the platform, the market and the team.",
  });

export const handle: RouteHandle = { loaderMs: 1000 };

export function loader() {
  return { outline: documentOutline("pitch-deck") };
}

export default function PitchDeckPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Pitch deck" title="Vestin Pitch Deck" intro="Our story in slides: the problem, the platform, the market and the team." />
      <section aria-label="Vestin Pitch Deck" className="container-page py-10 sm:py-14">
        <PdfViewer doc={PITCH_DECK} />
        <DocumentOutline heading="The slides" items={loaderData.outline} />
      </section>
    </>
  );
}
