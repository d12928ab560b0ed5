import { Download, FileWarning } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { ExternalButtonLink } from "~/components/ui/external-button-link";
import { useRootData } from "~/lib/use-root-data";
import { headOf } from "~/lib/api-files";

export type PdfDocument = {
  /** Path of the generated PDF, e.g. /documents/vestin-whitepaper.pdf */
  href: string;
  /** File name offered by Download PDF. */
  fileName: string;
  /** Accessible title of the embedded viewer. */
  title: string;
};

/** Google's online viewer, for browsers that cannot show a PDF inline. */
export function googleDocsViewerUrl(absolutePdfUrl: string): string {
  return `https://docs.google.com/viewer?url=${encodeURIComponent(absolutePdfUrl)}`;
}

/** "pending" until the browser has been asked; the server and a page without JavaScript stay there. */
type ViewerState = "pending" | "inline" | "fallback";

/** True where inline PDFs do not render: no built-in viewer (most phones) or a small touch screen. */
function inlinePdfUnsupported(): boolean {
  if (navigator.pdfViewerEnabled === false) return true;
  return window.matchMedia("(pointer: coarse) and (max-width: 767px)").matches;
}

function Fallback({ doc, absoluteUrl }: { doc: PdfDocument; absoluteUrl: string }) {
  return (
    <div data-pdf-fallback className="flex flex-col items-center px-6 py-14 text-center sm:py-20">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-notice-bg text-notice">
        <FileWarning aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-5 text-xl font-bold text-ink">PDF Viewer Not Available</h2>
      <p className="mt-2 max-w-md text-muted">Your browser cannot show the document on this page. Download it, or open it in an online viewer instead.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a href={doc.href} download={doc.fileName} className={buttonClasses("primary")}>
          <Download aria-hidden="true" className="size-4" />
          Download PDF
        </a>
        <ExternalButtonLink href={googleDocsViewerUrl(absoluteUrl)} variant="outline" icon="start">
          View in Google Docs
        </ExternalButtonLink>
      </div>
    </div>
  );
}

/**
 * The embedded PDF with Download PDF (a real file name), Open in New Tab and, when the inline
 * viewer cannot work, the "PDF Viewer Not Available" block with a Google Docs viewer link. The
 * viewer is mounted only after the browser has shown it can display PDFs; if the frame is then
 * refused (no built-in viewer, a blocked frame, a missing file), the fallback takes its place.
 */
export function PdfViewer({ doc }: { doc: PdfDocument }) {
  const { publicUrl } = useRootData();
  const [origin, setOrigin] = useState(publicUrl);
  const [state, setState] = useState<ViewerState>("pending");
  const absoluteUrl = `${origin}${doc.href}`;

  useEffect(() => {
    setOrigin(window.location.origin);
    if (inlinePdfUnsupported()) {
      setState("fallback");
      return;
    }
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.includes(doc.href)) setState("fallback");
    };
    document.addEventListener("securitypolicyviolation", onViolation);
    const controller = new AbortController();
    headOf(doc.href, { signal: controller.signal })
      .then((result) => {
        const isPdf = result.ok && (result.data.get("content-type") ?? "").includes("application/pdf");
        setState(isPdf ? "inline" : "fallback");
      })
      .catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === "AbortError")) setState("fallback");
      });
    return () => {
      controller.abort();
      document.removeEventListener("securitypolicyviolation", onViolation);
    };
  }, [doc.href]);

  return (
    <div>
      <div className="flex flex-wrap gap-3">
        <a href={doc.href} download={doc.fileName} className={buttonClasses("primary")} data-pdf-download>
          <Download aria-hidden="true" className="size-4" />
          Download PDF
        </a>
        <ExternalButtonLink href={doc.href} variant="outline" icon="start">
          Open in New Tab
        </ExternalButtonLink>
      </div>
      <div className="mt-6 overflow-hidden rounded-card border border-line bg-surface shadow-card" data-pdf-state={state}>
        {state === "inline" && (
          <object data={doc.href} type="application/pdf" title={doc.title} aria-label={doc.title} className="block h-[80vh] min-h-[560px] w-full">
            <Fallback doc={doc} absoluteUrl={absoluteUrl} />
          </object>
        )}
        {/* Until the browser has answered (and always without JavaScript) the fallback offers the same
            document; the page loader covers this moment on entry. */}
        {state !== "inline" && <Fallback doc={doc} absoluteUrl={absoluteUrl} />}
      </div>
    </div>
  );
}
