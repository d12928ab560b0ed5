import { PageHeader } from "~/components/ui/page-header";
import { WHITEPAPER } from "~/features/pages/documents/documents";
import { documentOutline } from "~/features/pages/documents/document-outline.server";
import { DocumentOutline } from "~/features/pages/documents/document-outline";
import { PdfViewer } from "~/features/pages/documents/pdf-viewer";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/whitepaper";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Whitepaper",
    description: "Read or download the Vestin whitepaper: the platform, the asset pipeline, custody, compliance and the $VSTN token.",
  });

export const handle: RouteHandle = { loaderMs: 1000 };

export function loader() {
  return { outline: documentOutline("whitepaper") };
}

export default function WhitepaperPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Whitepaper" title="Vestin Whitepaper" intro="The full picture of the platform, its assets, its controls and its token." />
      <section aria-label="Vestin Whitepaper" className="container-page py-10 sm:py-14">
        <PdfViewer doc={WHITEPAPER} />
        <DocumentOutline heading="In this whitepaper" items={loaderData.outline} />
      </section>
    </>
  );
}
