import { PageHeader } from "~/components/ui/page-header";
import { WHITEPAPER } from "~/features/pages/documents/documents";
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

export default function WhitepaperPage() {
  return (
    <>
      <PageHeader eyebrow="Whitepaper" title="Vestin Whitepaper" intro="The full picture of the platform, its assets, its controls and its token." />
      <section aria-label="Vestin Whitepaper" className="container-page py-10 sm:py-14">
        <PdfViewer doc={WHITEPAPER} />
      </section>
    </>
  );
}
